import { closeSync, constants, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { errorMessage } from '../contract/error-message.js';
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

/** The outcome of reading one file of a card folder: its bytes, or why it cannot be read. */
export type FileRead = { ok: true; bytes: Buffer } | { ok: false; reason: string };

// Non-blocking open so a named pipe never stalls the CLI; no-follow so a link is never read.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** Reads a regular file of the card folder without following a link or blocking on a pipe; never throws. */
export function readFolderFile(path: string): FileRead {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return { ok: false, reason: readFailure(error) };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: `not a regular file (${specialKind(stat)})` };
    return { ok: true, bytes: readFileSync(fd) };
  } catch (error) {
    return { ok: false, reason: readFailure(error) };
  } finally {
    closeSync(fd);
  }
}

/** Reads a regular file of the card folder, refusing symbolic links; null when absent or unreadable. */
export function readRegularFile(path: string): Buffer | null {
  const read = readFolderFile(path);
  return read.ok ? read.bytes : null;
}

/** What kind of non-regular entry a stat describes, in words. */
export function specialKind(stat: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isSymbolicLink(): boolean;
}): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isSocket()) return 'a socket';
  if (stat.isSymbolicLink()) return 'a symbolic link';
  return 'a device';
}

/** The system's reason a file operation failed, in one short phrase. */
export function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ELOOP') return 'a symbolic link';
  if (code === 'ENOENT') return 'it no longer exists';
  if (code === 'EISDIR') return 'not a regular file (a folder)';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? errorMessage(error);
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
