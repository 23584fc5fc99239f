// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTar, createTgz, FIXED_MTIME } from './tarball.js';
import { tempFolders } from './test-folders.js';

const { temp } = tempFolders();

const text = (value: string) => new TextEncoder().encode(value);
const longPath = `package/${'deep/'.repeat(30)}file.txt`;
const entries = [
  { path: 'package/z.txt', bytes: text('last') },
  { path: 'package/a/b.json', bytes: text('{"a":1}') },
  { path: longPath, bytes: text('long') },
  { path: 'package/ünïcode.txt', bytes: text('ü') },
];

describe('createTgz', () => {
  it('gives the same bytes for the same files in any order', () => {
    expect(Buffer.from(createTgz(entries)).equals(Buffer.from(createTgz([...entries].reverse())))).toBe(true);
  });

  it('writes a deterministic gzip header (no time stamp, OS unknown)', () => {
    const gz = createTgz(entries);
    expect([...gz.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0]);
    expect([...gz.subarray(4, 8)]).toEqual([0, 0, 0, 0]);
    expect(gz[9]).toBe(255);
    expect(Buffer.from(gunzipSync(gz)).equals(Buffer.from(createTar(entries)))).toBe(true);
  });

  it('is read back by the system tar with sorted paths, fixed times, owners and modes', () => {
    const folder = temp();
    const archive = join(folder, 'card.tgz');
    writeFileSync(archive, createTgz(entries));
    const listing = execFileSync('tar', ['-tvzf', archive, '--numeric-owner', '--full-time'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listing.map((line) => line.slice(line.indexOf('package/')))).toEqual(
      ['package/a/b.json', longPath, 'package/z.txt', 'package/ünïcode.txt'].sort(),
    );
    for (const line of listing) expect(line).toMatch(/^-rw-r--r-- 0\/0 /);
    expect(listing[0]).toContain(new Date(FIXED_MTIME * 1000).toISOString().slice(0, 10));
    execFileSync('tar', ['-xzf', archive, '-C', folder]);
    expect(readFileSync(join(folder, longPath), 'utf8')).toBe('long');
    expect(readFileSync(join(folder, 'package/ünïcode.txt'), 'utf8')).toBe('ü');
  });
});
