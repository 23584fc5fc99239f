// The icon's check: in the package, within the size limit, a PNG or WebP that is square.
import { LIMITS } from '../contract/limits.js';
import { formatBytes } from './card-folder.js';
import type { Finding } from './findings.js';
import { readPngInfo, readWebpInfo } from './icon-image.js';
import { manifestWhere } from './manifest-check.js';
import type { PackageReader } from './package-reader.js';
import { sanitizeText } from './sanitize.js';

/** The problems with the manifest's icon: missing from the package, too large, not a readable square image. */
export function checkIcon(read: PackageReader, icon: string, packaged: { has(path: string): boolean }): Finding[] {
  const at = manifestWhere('/icon');
  if (!packaged.has(icon)) return [{ where: at, message: `the icon ${sanitizeText(icon)} is not in the package` }];
  const bytes = read(icon);
  if (bytes === null) return [];
  const problems: Finding[] = [];
  if (bytes.length > LIMITS.iconBytes) {
    problems.push({
      where: icon,
      message: `the icon is ${formatBytes(bytes.length)}; at most ${formatBytes(LIMITS.iconBytes)}`,
    });
  }
  const info = icon.toLowerCase().endsWith('.webp') ? readWebpInfo(bytes) : readPngInfo(bytes);
  if (!info.ok) problems.push({ where: icon, message: `the icon is ${info.reason}` });
  else if (info.width !== info.height) {
    problems.push({ where: icon, message: `the icon must be square; it is ${info.width}×${info.height}` });
  }
  return problems;
}
