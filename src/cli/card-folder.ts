import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { errorMessage } from '../contract/error-message.js';
import { LIMITS } from '../contract/limits.js';
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
export type FileRead = { ok: true; bytes: Buffer } | FileFailure;

/** Why a file of the card folder was not read: absent, over the size it may have, or another reason. */
interface FileFailure {
  ok: false;
  reason: string;
  missing?: boolean;
  tooLarge?: boolean;
}

/** The outcome of hashing one file of a card folder: its sha256 (hex) and size, or why it cannot be read. */
export type FileHash = { ok: true; sha256: string; size: number } | FileFailure;

// Non-blocking open so a named pipe never stalls the CLI; no-follow so a link is never read.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
const CHUNK_BYTES = 1_048_576;
// One buffer for every chunked read: reads are synchronous, so it is never shared by two at once.
const chunkBuffer = Buffer.allocUnsafe(CHUNK_BYTES);

function tooLarge(size: number, maxBytes: number): string {
  return `it is ${formatBytes(size)}; at most ${formatBytes(maxBytes)}`;
}

// Opens a regular file of the card folder (no link, no pipe, at most maxBytes by its size) and hands the open
// descriptor and its size to `withFile`; every failure is a reason, never a throw.
function withFolderFile<T>(
  path: string,
  maxBytes: number,
  withFile: (fd: number, size: number) => T | FileFailure,
): T | FileFailure {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return { ok: false, reason: readFailure(error), missing: (error as NodeJS.ErrnoException).code === 'ENOENT' };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: `not a regular file (${specialKind(stat)})` };
    if (stat.size > maxBytes) return { ok: false, reason: tooLarge(stat.size, maxBytes), tooLarge: true };
    return withFile(fd, stat.size);
  } catch (error) {
    return { ok: false, reason: readFailure(error) };
  } finally {
    closeSync(fd);
  }
}

// Reads the open file in chunks, stopping past maxBytes (it grew since its size was read).
function readChunks(fd: number, maxBytes: number, chunk: (bytes: Buffer) => void): number | FileFailure {
  const buffer = chunkBuffer.subarray(0, Math.min(CHUNK_BYTES, maxBytes + 1));
  let total = 0;
  for (
    let read = readSync(fd, buffer, 0, buffer.length, null);
    read > 0;
    read = readSync(fd, buffer, 0, buffer.length, null)
  ) {
    total += read;
    if (total > maxBytes) return { ok: false, reason: tooLarge(total, maxBytes), tooLarge: true };
    chunk(buffer.subarray(0, read));
  }
  return total;
}

/**
 * Reads a regular file of the card folder without following a link or blocking on a pipe; a file over
 * `maxBytes` (default: the package's per-file limit) is refused by its size alone, never read. Never throws.
 */
export function readFolderFile(path: string, maxBytes: number = LIMITS.fileBytes): FileRead {
  return withFolderFile<FileRead>(path, maxBytes, (fd) => {
    const chunks: Buffer[] = [];
    const total = readChunks(fd, maxBytes, (bytes) => chunks.push(Buffer.from(bytes)));
    return typeof total === 'number' ? { ok: true, bytes: Buffer.concat(chunks, total) } : total;
  });
}

/** Streams a regular file of the card folder through sha256 in 1 MiB chunks (memory stays flat); over `maxBytes` it is refused unread. */
export function hashFolderFile(path: string, maxBytes: number = LIMITS.fileBytes): FileHash {
  return withFolderFile<FileHash>(path, maxBytes, (fd) => {
    const hash = createHash('sha256');
    const total = readChunks(fd, maxBytes, (bytes) => hash.update(bytes));
    return typeof total === 'number' ? { ok: true, sha256: hash.digest('hex'), size: total } : total;
  });
}

/** Reads a regular file of the card folder, refusing symbolic links and files over `maxBytes`; null when absent or unreadable. */
export function readRegularFile(path: string, maxBytes?: number): Buffer | null {
  const read = readFolderFile(path, maxBytes);
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
