import { lstatSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './io.js';

/** Resolves the folder argument (default: the working folder) and checks it is an existing folder. */
export function resolveCardFolder(cwd: string, folder: string | undefined): string {
  const absolute = resolve(cwd, folder ?? '.');
  let isFolder = false;
  try {
    isFolder = statSync(absolute).isDirectory();
  } catch {
    throw new UsageError(`no such folder: ${absolute}`);
  }
  if (!isFolder) throw new UsageError(`not a folder: ${absolute}`);
  return absolute;
}

/** Reads a regular file of the card folder, refusing symbolic links; null when absent. */
export function readRegularFile(path: string): Buffer | null {
  try {
    if (!lstatSync(path).isFile()) return null;
  } catch {
    return null;
  }
  return readFileSync(path);
}

/** Sizes in the unit people read (B, KiB, MiB). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${Math.round((bytes / 1_048_576) * 10) / 10} MiB`;
}

/** "1 file" / "2 files". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
