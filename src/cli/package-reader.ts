// The package's files as validate reads them: each one read at most once, each one hashed by streaming, and a file
// that cannot be read is one error naming its path (never a crash, never read twice).
import { join } from 'node:path';
import { LIMITS } from '../contract/limits.js';
import { hashFolderFile, readFolderFile } from './card-folder.js';
import type { Findings } from './findings.js';
import type { PackageListing } from './package-listing.js';

/** One hashed package file: its package path, sha256 (hex) and size in bytes. */
export interface PackageFileHash {
  path: string;
  sha256: string;
  size: number;
}

/** A package file's bytes by package path, or null when it cannot be read (the error is already recorded). */
export type PackageReader = (path: string) => Buffer | null;

/** Reads each package file it is asked for once; a file that cannot be read becomes one error with its path. */
export function packageReader(folder: string, into: Findings, refused: Set<string>): PackageReader {
  const cache = new Map<string, Buffer | null>();
  return (path) => {
    if (!cache.has(path)) {
      const read = readFolderFile(join(folder, ...path.split('/')));
      if (!read.ok && !refused.has(path)) {
        refused.add(path);
        into.errors.push({ where: path, message: `cannot be read: ${read.reason}` });
      }
      cache.set(path, read.ok ? read.bytes : null);
    }
    return cache.get(path) ?? null;
  };
}

/**
 * Streams every package file through sha256, one chunk at a time; files already refused for their size are
 * never read (their size came from the listing), and an unreadable file is one error with its path.
 */
export function hashPackageFiles(listing: PackageListing, into: Findings, refused: Set<string>): PackageFileHash[] {
  const hashes: PackageFileHash[] = [];
  // Past the file limit the package is refused whole (that finding is made); reading 100,000 files tells nothing more.
  if (listing.files.length > LIMITS.files) return hashes;
  for (const file of listing.files) {
    if (file.size > LIMITS.fileBytes || refused.has(file.path)) continue;
    const hashed = hashFolderFile(file.absolute);
    if (hashed.ok) hashes.push({ path: file.path, sha256: hashed.sha256, size: hashed.size });
    else {
      refused.add(file.path);
      into.errors.push({ where: file.path, message: `cannot be read: ${hashed.reason}` });
    }
  }
  return hashes;
}
