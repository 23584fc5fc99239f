import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readFailure, specialKind } from './card-folder.js';
import { exportIgnoredPaths, isGitWorkTree, listGitFiles } from './git.js';
import { credentialReason } from './secret-files.js';

/** One regular file of a card package. */
export interface PackageFile {
  /** Package path: relative to the card folder, `/`-separated. */
  path: string;
  /** Absolute path on disk. */
  absolute: string;
  /** Size in bytes. */
  size: number;
}

/** What would be installed from a folder, and what was left out and why. */
export interface PackageListing {
  /** `git` when the folder is in a work tree (tracked + untracked-not-ignored), `folder` otherwise. */
  source: 'git' | 'folder';
  /** Regular files, sorted by path. */
  files: PackageFile[];
  /** Paths reached through a symbolic link or junction (never read). */
  skippedLinks: string[];
  /** Listed paths missing on disk (deleted but still tracked). */
  missing: string[];
  /** Entries that cannot be packaged: named pipes, sockets, devices, unreadable folders (with the reason). */
  unreadable: { path: string; reason: string }[];
  /** Credential-looking files with the reason; they stay in `files` only when allowed. */
  secretFiles: { path: string; reason: string }[];
}

// Without git we cannot know what is ignored, so leave out the two folders that are never part of a card.
const UNLISTED_FOLDERS = new Set(['.git', 'node_modules']);

function walkFolder(root: string, unreadable: PackageListing['unreadable'], relative = ''): string[] {
  const found: string[] = [];
  let entries;
  try {
    entries = readdirSync(join(root, relative), { withFileTypes: true });
  } catch (error) {
    unreadable.push({ path: relative === '' ? '.' : relative, reason: readFailure(error) });
    return found;
  }
  for (const entry of entries) {
    const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!UNLISTED_FOLDERS.has(entry.name)) found.push(...walkFolder(root, unreadable, path));
    } else {
      found.push(path);
    }
  }
  return found;
}

type Reach =
  | { kind: 'file'; size: number }
  | { kind: 'link' }
  | { kind: 'missing' }
  | { kind: 'folder' }
  | { kind: 'unreadable'; reason: string };

// Checks every segment, so a tracked `a/b` whose folder `a` became a link is skipped too.
function reach(root: string, path: string): Reach {
  const segments = path.split('/');
  let current = root;
  for (let index = 0; index < segments.length; index += 1) {
    current = join(current, segments[index]);
    let stat;
    try {
      stat = lstatSync(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' || code === 'ENOTDIR'
        ? { kind: 'missing' }
        : { kind: 'unreadable', reason: readFailure(error) };
    }
    if (stat.isSymbolicLink()) return { kind: 'link' };
    if (index === segments.length - 1) {
      if (stat.isFile()) return { kind: 'file', size: stat.size };
      // A folder listed by git is a submodule, which the GitHub tarball leaves out as well.
      return stat.isDirectory()
        ? { kind: 'folder' }
        : { kind: 'unreadable', reason: `not a regular file (${specialKind(stat)})` };
    }
    if (!stat.isDirectory()) return { kind: 'missing' };
  }
  return { kind: 'missing' };
}

/** Lists the files a card package is made of (the GitHub tarball for a git folder: `export-ignore` paths left out), never following links. */
export function listPackageFiles(folder: string, { allowSecretFiles = false } = {}): PackageListing {
  const source = isGitWorkTree(folder) ? 'git' : 'folder';
  const unreadable: PackageListing['unreadable'] = [];
  const paths = [...new Set(source === 'git' ? listGitFiles(folder) : walkFolder(folder, unreadable))].sort();
  const exportIgnored = source === 'git' ? exportIgnoredPaths(folder, paths) : new Set<string>();
  const listing: PackageListing = { source, files: [], skippedLinks: [], missing: [], unreadable, secretFiles: [] };
  for (const path of paths) {
    if (path.split('/').includes('.git') || exportIgnored.has(path)) continue;
    const found = reach(folder, path);
    if (found.kind === 'link') {
      listing.skippedLinks.push(path);
      continue;
    }
    if (found.kind === 'missing') {
      listing.missing.push(path);
      continue;
    }
    if (found.kind === 'unreadable') {
      listing.unreadable.push({ path, reason: found.reason });
      continue;
    }
    if (found.kind !== 'file') continue;
    const reason = credentialReason(path);
    if (reason !== null) {
      listing.secretFiles.push({ path, reason });
      if (!allowSecretFiles) continue;
    }
    listing.files.push({ path, absolute: join(folder, ...path.split('/')), size: found.size });
  }
  return listing;
}
