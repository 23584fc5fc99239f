// The card's own package.json, when it has one: valid JSON whose name and version match the manifest's.
import { join } from 'node:path';
import type { NormalizedManifest } from '../contract/types.js';
import { readRegularFile } from './card-folder.js';
import type { Finding } from './findings.js';
import { sanitizeText } from './sanitize.js';

/** Warnings for a package.json that is not JSON or names another card or version than the manifest. */
export function checkPackageJson(folder: string, manifest: NormalizedManifest): Finding[] {
  const bytes = readRegularFile(join(folder, 'package.json'));
  if (bytes === null) return [];
  try {
    const pkg = JSON.parse(bytes.toString('utf8')) as { name?: unknown; version?: unknown };
    const problems: Finding[] = [];
    // The card's package.json names and versions the card itself (the official cards keep them equal).
    for (const field of ['name', 'version'] as const) {
      const value = pkg[field];
      if (typeof value === 'string' && value !== manifest[field]) {
        problems.push({
          where: 'package.json',
          message: `${field} ${sanitizeText(value)} differs from the manifest's ${sanitizeText(manifest[field])}`,
        });
      }
    }
    return problems;
  } catch {
    return [{ where: 'package.json', message: 'not valid JSON' }];
  }
}
