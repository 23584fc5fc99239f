import { HIDING } from '../contract/hiding-characters.js';
import { LIMITS } from '../contract/limits.js';
import { normalizePackagePath } from '../contract/paths.js';
import { formatBytes } from './card-folder.js';
import { emptyFindings, type Findings } from './findings.js';
import type { PackageListing } from './package-listing.js';

/** How credential-looking files count: a warning (validate), an error (pack), or not at all (pack --allow-secret-files). */
export type SecretFilesRule = 'error' | 'warning' | 'allowed';

// The message for a credential-looking file, by how it counts.
const SECRET_MESSAGE: Record<Exclude<SecretFilesRule, 'allowed'>, string> = {
  error: 'refused; remove it, ignore it in .gitignore, or pass --allow-secret-files',
  warning: 'pack refuses it unless --allow-secret-files',
};

// Characters that hide or reorder what a file name shows: C1 controls and HIDING (bidi, zero-width, BOM, tag,
// line/paragraph separators). C0 controls are the package path rule's.
const HIDING_IN_NAMES = new RegExp(String.raw`[\u0080-\u009f${HIDING}]`, 'gu');

/** Why a file name misleads, naming the characters (`U+202E`), or null when it shows what it is. */
function hidingCharacters(path: string): string | null {
  const found = new Set<string>();
  for (const [char] of path.matchAll(HIDING_IN_NAMES))
    found.add(`U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`);
  if (found.size === 0) return null;
  return `its name holds ${[...found].join(', ')} (bidi, C1 control, zero-width, tag or line-separator characters hide or reorder what a name shows): rename it`;
}

/** The installer's file rules over a listing: package paths, per-file and total sizes, file count, links, secrets. */
export function checkPackageFiles(listing: PackageListing, secretFiles: SecretFilesRule = 'warning'): Findings {
  const findings = emptyFindings();
  let total = 0;
  for (const file of listing.files) {
    total += file.size;
    const path = normalizePackagePath(file.path);
    if (!path.ok) findings.errors.push({ where: file.path, message: path.error });
    const hiding = hidingCharacters(file.path);
    if (hiding !== null) findings.errors.push({ where: file.path, message: hiding });
    if (file.path.split('/').includes('node_modules')) {
      findings.errors.push({
        where: file.path,
        message: 'node_modules/ is inside the package: ignore it in .gitignore (it breaks the tree hash)',
      });
    }
    if (file.size > LIMITS.fileBytes) {
      findings.errors.push({
        where: file.path,
        message: `file is ${formatBytes(file.size)}; a package file may be at most ${formatBytes(LIMITS.fileBytes)}`,
      });
    }
  }
  if (listing.files.length > LIMITS.files) {
    const message =
      listing.unexamined === undefined
        ? `${listing.files.length} files; a package may have at most ${LIMITS.files}`
        : `${listing.files.length + listing.unexamined} entries; a package may have at most ${LIMITS.files} files`;
    findings.errors.push({ where: '.', message });
  }
  if (total > LIMITS.unpackedBytes) {
    findings.errors.push({
      where: '.',
      message: `package is ${formatBytes(total)}; at most ${formatBytes(LIMITS.unpackedBytes)} unpacked`,
    });
  }
  if (listing.gitFailure !== undefined) {
    findings.errors.push({
      where: '.git',
      message: `git could not list the files (${listing.gitFailure}); the folder itself was listed instead, .gitignore not applied: repair the repository`,
    });
  } else if (listing.source === 'folder') {
    findings.warnings.push({
      where: '.',
      message:
        'not a git repository: every file but .git/ and node_modules/ is listed (.gitignore is not applied); the app installs what git tracks',
    });
  }
  for (const path of listing.skippedLinks) {
    findings.warnings.push({
      where: path,
      message: 'reached through a symbolic link or junction: skipped (it would be read from outside the folder)',
    });
  }
  for (const path of listing.missing) {
    findings.warnings.push({ where: path, message: 'tracked by git but missing on disk: skipped' });
  }
  for (const entry of listing.unreadable) {
    findings.errors.push({ where: entry.path, message: `cannot be packaged: ${entry.reason}` });
  }
  if (secretFiles !== 'allowed') {
    for (const secret of listing.secretFiles) {
      const message = `looks like a credential (${secret.reason}): ${SECRET_MESSAGE[secretFiles]}`;
      findings[secretFiles === 'error' ? 'errors' : 'warnings'].push({ where: secret.path, message });
    }
  }
  return findings;
}
