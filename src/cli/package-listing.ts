import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '../contract/limits.js';
import { readFailure, specialKind } from './card-folder.js';
import { exportIgnoredPaths, listGitFiles } from './git.js';
import { credentialReason } from './secret-files.js';
import { decodeFileName } from './utf8.js';

/** One regular file of a card package. */
interface PackageFile {
  /** Package path: relative to the card folder, `/`-separated. */
  path: string;
  /** Absolute path on disk. */
  absolute: string;
  /** Size in bytes. */
  size: number;
}

/** What would be installed from a folder, and what was left out and why. */
export interface PackageListing {
  /** `git` when the folder is in a work tree (tracked + untracked-not-ignored), `folder` otherwise or when git failed. */
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
  /** Entries listed past the file limit (the package is refused): counted, not examined. */
  unexamined?: number;
  /** Why git could not list a folder that looked like a repository (the folder itself was listed instead). */
  gitFailure?: string;
}

// Without git we cannot know what is ignored, so leave out the two folders that are never part of a card.
const UNLISTED_FOLDERS = new Set(['.git', 'node_modules']);

// Folder by folder with a queue (no recursion, no spread), so 130,000 entries in one folder or a deep tree are
// listed, not a stack overflow; names are read as bytes so a name that is not UTF-8 is reported, not dropped.
function walkFolder(root: string, unreadable: PackageListing['unreadable']): string[] {
  const found: string[] = [];
  const folders = [''];
  for (let relative = folders.pop(); relative !== undefined; relative = folders.pop()) {
    let entries: Dirent<Buffer>[];
    try {
      entries = readdirSync(join(root, relative), { withFileTypes: true, encoding: 'buffer' });
    } catch (error) {
      unreadable.push({ path: relative === '' ? '.' : relative, reason: readFailure(error) });
      continue;
    }
    for (const entry of entries) {
      const name = decodeFileName(entry.name);
      const at = (text: string) => (relative === '' ? text : `${relative}/${text}`);
      if (!name.ok) {
        unreadable.push({ path: at(name.shown), reason: name.reason });
        continue;
      }
      if (entry.isDirectory()) {
        if (!UNLISTED_FOLDERS.has(name.name)) folders.push(at(name.name));
      } else {
        found.push(at(name.name));
      }
    }
  }
  return found;
}

// The paths git listed, as text; a name that is not UTF-8 is reported (the app could not install it either).
function decodeGitPaths(paths: readonly Buffer[], unreadable: PackageListing['unreadable']): string[] {
  const decoded: string[] = [];
  for (const raw of paths) {
    const name = decodeFileName(raw);
    if (name.ok) decoded.push(name.name);
    else unreadable.push({ path: name.shown, reason: name.reason });
  }
  return decoded;
}

// The folder's paths from git, or from the folder itself when it is not a repository or git failed (a named
// pipe as .gitignore, a config that includes a terminal), the failure kept for a finding.
function listPaths(folder: string, unreadable: PackageListing['unreadable']): ListedPaths {
  const listed = listGitFiles(folder);
  if (listed.kind === 'listed') {
    const found: PackageListing['unreadable'] = [];
    const paths = [...new Set(decodeGitPaths(listed.paths, found))].sort();
    const exportIgnored = exportIgnoredPaths(folder, paths);
    if (exportIgnored.ok) {
      for (const entry of found) unreadable.push(entry);
      return { source: 'git', paths, exportIgnored: exportIgnored.ignored };
    }
    return { ...walkedPaths(folder, unreadable), gitFailure: exportIgnored.reason };
  }
  return { ...walkedPaths(folder, unreadable), ...(listed.kind === 'failed' ? { gitFailure: listed.reason } : {}) };
}

interface ListedPaths {
  source: PackageListing['source'];
  paths: string[];
  exportIgnored: Set<string>;
  gitFailure?: string;
}

function walkedPaths(folder: string, unreadable: PackageListing['unreadable']): ListedPaths {
  return { source: 'folder', paths: [...new Set(walkFolder(folder, unreadable))].sort(), exportIgnored: new Set() };
}

type Reach =
  | { kind: 'file'; size: number }
  | { kind: 'link' }
  | { kind: 'missing' }
  | { kind: 'folder' }
  | { kind: 'unreadable'; reason: string };

function reachEntry(path: string, last: boolean): Reach | null {
  let stat;
  try {
    stat = lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR'
      ? { kind: 'missing' }
      : { kind: 'unreadable', reason: readFailure(error) };
  }
  if (stat.isSymbolicLink()) return { kind: 'link' };
  if (last) {
    if (stat.isFile()) return { kind: 'file', size: stat.size };
    // A folder listed by git is a submodule, which the GitHub tarball leaves out as well.
    return stat.isDirectory()
      ? { kind: 'folder' }
      : { kind: 'unreadable', reason: `not a regular file (${specialKind(stat)})` };
  }
  return stat.isDirectory() ? null : { kind: 'missing' };
}

// Checks every segment, so a tracked `a/b` whose folder `a` became a link is skipped too; what each folder is
// gets remembered in `folders` (null: a real folder), so 100,000 files in one folder cost one lstat each.
function reach(root: string, path: string, folders: Map<string, Reach | null>): Reach {
  const segments = path.split('/');
  let prefix = '';
  for (let index = 0; index < segments.length - 1; index += 1) {
    prefix = index === 0 ? segments[0] : `${prefix}/${segments[index]}`;
    let known = folders.get(prefix);
    if (known === undefined) {
      known = reachEntry(join(root, prefix), false);
      folders.set(prefix, known);
    }
    if (known !== null) return known;
  }
  return reachEntry(join(root, path), true) ?? { kind: 'missing' };
}

/** Lists the files a card package is made of (the GitHub tarball for a git folder: `export-ignore` paths left out), never following links. */
export function listPackageFiles(folder: string, { allowSecretFiles = false } = {}): PackageListing {
  const unreadable: PackageListing['unreadable'] = [];
  const listed = listPaths(folder, unreadable);
  const { source, paths, exportIgnored } = listed;
  const listing: PackageListing = { source, files: [], skippedLinks: [], missing: [], unreadable, secretFiles: [] };
  if (listed.gitFailure !== undefined) listing.gitFailure = listed.gitFailure;
  const folders = new Map<string, Reach | null>();
  for (const path of paths) {
    if (path.split('/').includes('.git') || exportIgnored.has(path)) continue;
    // Past the file limit the package is refused whole; the rest is counted, not examined (an lstat each).
    if (listing.files.length > LIMITS.files) {
      listing.unexamined = (listing.unexamined ?? 0) + 1;
      continue;
    }
    const found = reach(folder, path, folders);
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
