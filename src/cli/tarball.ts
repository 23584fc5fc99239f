import { once } from 'node:events';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';

/** One file to put into an archive. */
export interface TarEntry {
  /** Path inside the archive, `/`-separated. */
  path: string;
  bytes: Uint8Array;
}

/** A fixed modification time for every entry (1985-10-26, the one npm uses), so packs are reproducible. */
export const FIXED_MTIME = 499162500;
const BLOCK = 512;
const encoder = new TextEncoder();

function writeString(header: Uint8Array, offset: number, length: number, value: string): void {
  const bytes = encoder.encode(value);
  header.set(bytes.subarray(0, length), offset);
}

function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\u0000`);
}

// Splits a long path into ustar's prefix (≤155 bytes) and name (≤100 bytes) at a slash, or null when impossible.
function splitUstarPath(path: string): { prefix: string; name: string } | null {
  if (encoder.encode(path).length <= 100) return { prefix: '', name: path };
  for (let index = path.indexOf('/'); index !== -1; index = path.indexOf('/', index + 1)) {
    const prefix = path.slice(0, index);
    const name = path.slice(index + 1);
    if (encoder.encode(prefix).length <= 155 && encoder.encode(name).length <= 100 && name !== '') {
      return { prefix, name };
    }
  }
  return null;
}

function header(name: string, prefix: string, size: number, type: '0' | 'x'): Uint8Array {
  const block = new Uint8Array(BLOCK);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, FIXED_MTIME);
  block.fill(0x20, 148, 156);
  writeString(block, 156, 1, type);
  writeString(block, 257, 6, 'ustar\u0000');
  writeString(block, 263, 2, '00');
  writeString(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\u0000 `);
  return block;
}

// A PAX record is "<length> path=<value>\n" where the length counts itself.
function paxRecord(key: string, value: string): Uint8Array {
  const body = ` ${key}=${value}\n`;
  let length = encoder.encode(body).length + 1;
  while (String(length).length + encoder.encode(body).length !== length) length += 1;
  return encoder.encode(`${length}${body}`);
}

function padded(bytes: Uint8Array): Uint8Array[] {
  const rest = bytes.length % BLOCK;
  return rest === 0 ? [bytes] : [bytes, new Uint8Array(BLOCK - rest)];
}

// The blocks of one entry: its header (a PAX one first for a path ustar cannot hold), then its bytes padded.
function entryBlocks(entry: TarEntry): Uint8Array[] {
  const parts: Uint8Array[] = [];
  const split = splitUstarPath(entry.path);
  if (split === null) {
    const record = paxRecord('path', entry.path);
    parts.push(header('PaxHeader', '', record.length, 'x'));
    for (const part of padded(record)) parts.push(part);
    parts.push(header(entry.path.slice(-100), '', entry.bytes.length, '0'));
  } else {
    parts.push(header(split.name, split.prefix, entry.bytes.length, '0'));
  }
  for (const part of padded(entry.bytes)) parts.push(part);
  return parts;
}

const END_OF_ARCHIVE = new Uint8Array(BLOCK * 2);

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** A POSIX tar of the entries in path order, with fixed times, owners and modes: same input, same bytes. */
export function createTar(entries: readonly TarEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const entry of [...entries].sort(byPath)) for (const part of entryBlocks(entry)) parts.push(part);
  parts.push(END_OF_ARCHIVE);
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const tar = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    tar.set(part, offset);
    offset += part.length;
  }
  return tar;
}

/**
 * Streams the `.tgz` of entries that arrive one by one, already in path order (each read only when its turn
 * comes, so one file at a time is in memory), into `sink` (or only counts it when null); resolves with the
 * compressed size. The bytes equal `createTgz` of the same entries: deterministic gzip header included.
 */
export async function writeTgz(entries: Iterable<TarEntry>, sink: Writable | null): Promise<number> {
  const gzip = createGzip({ level: 9 });
  let written = 0;
  const deterministic = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // The gzip header's time stamp (bytes 4-7) and OS byte (9), wherever the chunk boundaries fall.
      for (let at = Math.max(4, written); at < Math.min(10, written + chunk.length); at += 1) {
        if (at <= 7 || at === 9) chunk[at - written] = at === 9 ? 255 : 0;
      }
      written += chunk.length;
      done(null, chunk);
    },
  });
  const finished = pipeline(gzip, deterministic, sink ?? new Writable({ write: (_chunk, _encoding, done) => done() }));
  try {
    for (const entry of entries) {
      for (const part of entryBlocks(entry)) if (!gzip.write(part)) await once(gzip, 'drain');
    }
    gzip.end(END_OF_ARCHIVE);
  } catch (error) {
    gzip.destroy(error as Error);
    await finished.catch(() => undefined);
    throw error;
  }
  await finished;
  return written;
}

/** Gzip with a deterministic header: no time stamp, maximum compression, OS byte "unknown". */
function gzipDeterministic(bytes: Uint8Array): Uint8Array {
  const gz = new Uint8Array(gzipSync(bytes, { level: 9 }));
  gz.fill(0, 4, 8);
  gz[9] = 255;
  return gz;
}

/** A reproducible `.tgz` of the entries. */
export function createTgz(entries: readonly TarEntry[]): Uint8Array {
  return gzipDeterministic(createTar(entries));
}
