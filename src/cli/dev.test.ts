// @vitest-environment node
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { devCommand } from './dev.js';
import { runCli } from './main.js';
import { captureIo, tempFolders, writeValidCard } from './test-folders.js';

const { temp } = tempFolders();

describe('neurosquad-card dev', () => {
  it('exits 2 for a bad --port, 1 for an invalid manifest naming each problem', async () => {
    const folder = temp();
    writeValidCard(folder, { name: 'Bad Name' });
    const bad = captureIo(folder);
    expect(await runCli(['dev', '--port', 'x80'], bad.io)).toBe(2);
    expect(bad.stderr()).toContain('neurosquad-card dev: --port must be a port number (0-65535), not "x80"');
    const invalid = captureIo(folder);
    expect(await runCli(['dev', '--no-open', '--port', '0'], invalid.io)).toBe(1);
    expect(invalid.stdout()).toMatch(/^✖ neurosquad-card\.json#\/name: /m);
  });

  it('exits 2 for --record with --replay, 1 for a --replay file that is not a recording', async () => {
    const folder = temp();
    writeValidCard(folder);
    const both = captureIo(folder);
    expect(await runCli(['dev', '--record', 'a.json', '--replay', 'b.json'], both.io)).toBe(2);
    expect(both.stderr()).toContain('neurosquad-card dev: --record and --replay cannot be used together');
    const missing = captureIo(folder);
    expect(await runCli(['dev', '--no-open', '--port', '0', '--replay', 'none.json'], missing.io)).toBe(1);
    expect(missing.stderr()).toMatch(/^neurosquad-card dev: --replay .*none\.json: ENOENT/);
  });

  it('exits 1 with one line when the entry is missing, never a stack trace', async () => {
    const folder = temp();
    writeValidCard(folder, { entry: 'dist/index.html' });
    const { io, stderr } = captureIo(folder);
    expect(await runCli(['dev', '--no-open', '--port', '0'], io)).toBe(1);
    expect(stderr()).toBe(
      'neurosquad-card dev: the entry dist/index.html does not exist; build the card first, or fix "entry" in neurosquad-card.json\n',
    );
  });

  it('prints the host URL and the keys, notes the app data folder, reloads on r and quits on q with 0', async () => {
    const folder = temp();
    writeValidCard(folder);
    const stdin = new PassThrough();
    const { io, stdout } = captureIo(folder, { env: { NEUROSQUAD_USER_DATA_DIR: '/nowhere/NeuroSquad' } });
    io.stdin = stdin;
    let urls: { hostUrl: string; cardUrl: string } | undefined;
    const done = devCommand(['--no-open', '--port', '0'], io, { pageDir: temp(), onReady: (ready) => (urls = ready) });
    for (let i = 0; i < 200 && urls === undefined; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls?.hostUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(stdout()).toContain(`✔ test-radar on the dev host: ${urls?.hostUrl}\n`);
    expect(stdout()).toContain('r reload · q quit');
    expect(stdout()).toMatch(
      /tools over MCP at (http:\/\/127\.0\.0\.1:\d+\/mcp); add to Claude Code:\n {4}claude mcp add --transport http test-radar-dev \1 --header "Authorization: Bearer [\w-]{32}"\n/,
    );
    expect(stdout()).toContain(
      'NeuroSquad data folder named by NEUROSQUAD_USER_DATA_DIR: /nowhere/NeuroSquad. Linking this card into the running app needs',
    );

    const events = await fetch(`${urls?.hostUrl}__dev/events`);
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    stdin.write('r');
    let text = '';
    while (!text.includes('event: reload')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('data: {"reason":"r pressed"}');

    stdin.write('q');
    expect(await done).toBe(0);
    await expect(fetch(`${urls?.hostUrl}__dev/session.json`)).rejects.toThrow();
  });
});
