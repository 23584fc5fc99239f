// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../contract/limits.js';
import type { CardManifest } from '../contract/types.js';
import { settle } from './fixtures.js';
import { createMockHost } from './index.js';

const MANIFEST: CardManifest = {
  manifestVersion: 1,
  name: 'decision-log',
  displayName: 'Decision log',
  version: '1.0.0',
  protocol: 1,
  permissions: ['fs.write'],
};

async function setup() {
  const host = createMockHost({
    manifest: MANIFEST,
    files: { 'docs/a.md': '# A', 'docs/deep/b.md': 'B', '.git/config': '[core]' },
  });
  const card = await host.connect();
  return { host, card };
}

describe('fs', () => {
  it('stats, lists and reads files and implicit folders', async () => {
    const { card } = await setup();
    expect(await card.fs.stat('docs/a.md')).toEqual({
      path: 'docs/a.md',
      type: 'file',
      size: 3,
      mtimeMs: expect.any(Number),
    });
    expect(await card.fs.stat('./docs/')).toEqual({ path: 'docs', type: 'directory', size: 0, mtimeMs: 0 });
    await expect(card.fs.stat('nope.md')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'nope.md does not exist',
    });
    expect((await card.fs.list('docs')).entries).toEqual([
      { path: 'docs/a.md', type: 'file', size: 3 },
      { path: 'docs/deep', type: 'directory' },
    ]);
    const all = await card.fs.list('', { recursive: true });
    expect(all.entries.map((e) => e.path)).toEqual([
      '.git',
      '.git/config',
      'docs',
      'docs/a.md',
      'docs/deep',
      'docs/deep/b.md',
    ]);
    expect((await card.fs.list('', { recursive: true, maxEntries: 2 })).truncated).toBe(true);
    await expect(card.fs.list('docs/a.md')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'docs/a.md is not a folder',
    });
    expect(await card.fs.readText('.git/config')).toBe('[core]');
  });

  it('writes with folders, conflicts and the protected paths', async () => {
    const { card, host } = await setup();
    const stat = await card.fs.writeText('docs/c.md', 'C');
    expect(host.readFile('docs/c.md')).toBe('C');
    await expect(card.fs.writeText('docs/c.md', 'D', { ifMtimeMs: stat.mtimeMs - 1 })).rejects.toMatchObject({
      code: 'FS_ERROR',
      hostMessage: 'the file changed since it was read',
      data: { conflict: true, mtimeMs: stat.mtimeMs },
    });
    const again = await card.fs.writeText('docs/c.md', 'D', { ifMtimeMs: stat.mtimeMs });
    expect(again.mtimeMs).toBeGreaterThan(stat.mtimeMs);
    await expect(card.fs.writeText('new/x.md', 'x')).rejects.toMatchObject({
      code: 'FS_ERROR',
      hostMessage: 'folder new does not exist',
    });
    await card.fs.writeText('new/x.md', 'x', { createDirs: true });
    await card.fs.writeBytes('bin/data.bin', new Uint8Array([0, 255]), { createDirs: true });
    expect(host.files.get('bin/data.bin')?.data).toEqual(new Uint8Array([0, 255]));
    for (const [path, message] of [
      ['.git/hooks/pre-commit', 'files under .git cannot be changed'],
      ['.claude/settings.json', 'files under .claude/ cannot be changed by cards'],
      ['AGENTS.md', 'agents.md cannot be changed by cards'],
      ['.github/workflows/ci.yml', 'CI workflows cannot be changed by cards'],
      ['', 'the workspace folder itself cannot be changed'],
      ['../up.md', '".." is not allowed'],
    ] as const) {
      await expect(card.fs.writeText(path, 'x')).rejects.toMatchObject({ code: 'FS_DENIED', hostMessage: message });
    }
    await expect(card.fs.stat('/etc/passwd')).rejects.toMatchObject({ code: 'FS_DENIED' });
  });

  it('makes folders, trashes paths and watches changes', async () => {
    const { card, host } = await setup();
    expect(await card.fs.mkdir('out')).toMatchObject({ path: 'out', type: 'directory', size: 0 });
    expect(host.files.has('out/.keep')).toBe(true);
    const changes: string[] = [];
    await card.fs.watch('docs', (change) => changes.push(change.path));
    host.touchFile('docs/a.md', '# A2');
    host.touchFile('docs/deep/b.md');
    await card.fs.writeText('docs/e.md', 'E');
    await settle();
    expect(changes).toEqual(['docs/a.md', 'docs/e.md']);
    await card.fs.trash('docs');
    expect([...host.files.keys()].filter((p) => p.startsWith('docs'))).toEqual([]);
    await expect(card.fs.trash('docs')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses data that is not base64 with INVALID_PARAMS naming the param', async () => {
    const { host, card } = await setup();
    const error = await card
      .call('fs.write', { path: 'docs/c.bin', data: '@@not base64@@', encoding: 'base64' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_PARAMS', hostMessage: 'data: not valid base64' });
    expect(host.readFile('docs/c.bin')).toBeUndefined();
  });

  it('refuses a 21st watcher', async () => {
    const { card } = await setup();
    for (let i = 0; i < 20; i += 1) await card.call('fs.watch', { path: '' });
    await expect(card.call('fs.watch', { path: '' })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      hostMessage: 'too many watchers',
    });
  });

  // The two tests below move 10 to 12 MiB each way: their timeouts guard against a hang, they do not time the work.
  it('writes up to fsWriteBytes through the large request limit, and refuses more with TOO_LARGE', async () => {
    const { card, host } = await setup();
    // two bytes per character: 6 Mi characters fit in a 12 MiB request and make 12 MiB of file
    const wide = 'é'.repeat(6 * 1024 * 1024);
    await expect(card.fs.writeText('big.txt', wide)).rejects.toMatchObject({
      code: 'TOO_LARGE',
      method: 'fs.write',
      hostMessage: `data larger than ${LIMITS.fsWriteBytes} bytes`,
    });
    expect(host.files.has('big.txt')).toBe(false);
    const twoMiB = 'a'.repeat(2 * 1024 * 1024);
    expect((await card.fs.writeText('big.txt', twoMiB)).size).toBe(2 * 1024 * 1024);
    const bytes = new Uint8Array(LIMITS.fsWriteBytes - 3 * 1024 * 1024).fill(7);
    expect((await card.fs.writeBytes('bin.dat', bytes)).size).toBe(bytes.length);
  }, 30_000);

  it('reads at most fsReadBytes, and answers TOO_LARGE when the result does not fit the large message limit', async () => {
    const { card, host } = await setup();
    host.putFile('huge.bin', new Uint8Array(LIMITS.fsReadBytes + 10).fill(65));
    const head = await card.fs.read('huge.bin', { maxBytes: 1024 * 1024 });
    expect(head).toMatchObject({ size: LIMITS.fsReadBytes + 10, truncated: true });
    expect(head.data).toHaveLength(1024 * 1024);
    const full = await card.fs.read('huge.bin');
    expect(full.data).toHaveLength(LIMITS.fsReadBytes);
    expect(full.truncated).toBe(true);
    // base64 of 10 MiB is about 13.3 MiB: over the 12 MiB result limit of fs.read
    await expect(card.fs.readBytes('huge.bin')).rejects.toMatchObject({
      code: 'TOO_LARGE',
      hostMessage: 'result larger than the limit',
    });
  }, 30_000);
});
