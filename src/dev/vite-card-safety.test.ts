// @vitest-environment node
// `neurosquad-card dev` on a card with a Vite config, tried as a hostile page and a hostile card folder would:
// the card's own Vite serves it under the session secret, only to the loopback name, nothing outside the folder,
// its HMR socket only to the sandboxed frame, with the app's CSP loosened for the socket and injected styles only.
import { randomBytes } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolders } from '../cli/test-folders.js';
import { hostileCard, SECRET_TEXT } from './hostile-card.test-helper.js';
import { startDevServer, type DevServer } from './dev-server.js';
import { readEvents } from './dev-events.test-helper.js';
import { expectForeignHostsRefused, raw } from './raw-request.test-helper.js';
import { DEV_SANDBOX_TAG } from './sandbox-script.js';
import { STORAGE_FILE } from './storage-file.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { temp } = tempFolders();
const running: DevServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A hostile card (hostile-card.test-helper.ts) with a Vite config, this checkout's Vite, a secrets and a storage file. */
function viteCard(): { folder: string; outside: string } {
  const card = hostileCard(temp);
  mkdirSync(join(card.folder, 'node_modules'));
  writeFileSync(join(card.folder, 'vite.config.mjs'), 'export default {};\n');
  writeFileSync(join(card.folder, '.env.neurosquad-secrets.json'), `{"token":"${SECRET_TEXT}"}\n`);
  writeFileSync(join(card.folder, STORAGE_FILE), `{"instance":{"token":"${SECRET_TEXT}"}}\n`);
  symlinkSync(join(REPO, 'node_modules', 'vite'), join(card.folder, 'node_modules', 'vite'));
  return card;
}

async function start(folder: string, hmr = true) {
  const printed: string[] = [];
  const server = await startDevServer({
    folder,
    port: 0,
    pageDir: temp(),
    hmr,
    out: (text) => void printed.push(text),
  });
  running.push(server);
  return { server, printed: () => printed.join('') };
}

/** A WebSocket handshake as Vite's client makes it: the status it gets (101 when the socket opens). */
function upgrade(url: string, path: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const request = httpRequest({
      host: hostname,
      port,
      path,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-protocol': 'vite-hmr',
        ...headers,
      },
    });
    request.on('upgrade', (_response, socket) => {
      socket.destroy();
      done(101);
    });
    request.on('response', (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    request.on('error', () => done(0));
    request.on('close', () => done(0));
    setTimeout(() => fail(new Error(`no answer to the upgrade of ${path}`)), 10_000);
    request.end();
  });
}

describe('dev on a card with a Vite config', () => {
  it('serves the card through Vite under the secret only, to the loopback Host, with the CSP loosened for the socket and styles only', async () => {
    const { folder } = viteCard();
    const { server } = await start(folder);
    const { port } = new URL(server.cardOrigin);
    expect(server.build).toBeNull();
    expect(server.refresh).toContain(`connect-src ws://127.0.0.1:${port}`);
    const entry = new URL(server.cardUrl).pathname;
    expect(entry).toMatch(/^\/[\w-]{24}\/index\.html$/);
    const root = entry.replace('index.html', '');

    const page = await raw(server.cardOrigin, entry);
    expect(page.status).toBe(200);
    expect(page.body).toContain(DEV_SANDBOX_TAG);
    expect(page.body).toContain(`src="${root}@vite/client"`);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`connect-src ws://127.0.0.1:${port}; `);
    expect(policy).toMatch(/style-src 'self' http:\/\/127\.0\.0\.1:\d+ 'nonce-[\w-]{24}'; /);
    expect(policy).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:\d+; /);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    // Module requests come from the opaque frame; only it may read them.
    const module = await raw(server.cardOrigin, `${root}main.js`, { headers: { origin: 'null' } });
    expect(module.status).toBe(200);
    expect(module.headers['access-control-allow-origin']).toBe('null');
    const foreign = await raw(server.cardOrigin, `${root}main.js`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    // Without the secret a page that learned the port finds nothing, Vite's own routes included.
    for (const path of ['/index.html', '/main.js', '/', '/@vite/client', '/@fs/etc/passwd', '/neurosquad-card.json']) {
      expect((await raw(server.cardOrigin, path)).status, path).toBe(404);
    }
    await expectForeignHostsRefused(server.cardOrigin, entry);
  });

  it('never serves a file outside the folder: links, `..`, /@fs/ paths, and not the secrets or storage file', async () => {
    const { folder, outside } = viteCard();
    const { server } = await start(folder);
    const root = new URL('.', server.cardUrl).pathname;
    const attempts = [
      'beside.txt',
      'passwd.txt',
      'linked/notes.txt',
      '.env.neurosquad-secrets.json',
      STORAGE_FILE,
      `${STORAGE_FILE}?import`,
      `${STORAGE_FILE}?raw`,
      '../outside.txt',
      '%2e%2e/outside.txt',
      '..%2foutside.txt',
      '..%5coutside.txt',
      'render.js%00.txt',
      '../../../../../../etc/passwd',
      '%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '@fs/etc/passwd',
      `@fs${outside}`,
      `@fs${outside}?import`,
      `@fs${join(folder, 'linked', 'notes.txt')}`,
      `passwd.txt?raw`,
      `beside.txt?import`,
    ];
    for (const attempt of attempts) {
      const answer = await raw(server.cardOrigin, `${root}${attempt}`, { headers: { origin: 'null' } });
      expect(answer.status, attempt).not.toBe(200);
      expect(answer.body, attempt).not.toContain('root:x:0:0');
    }
    expect((await raw(server.cardOrigin, `${root}render.js`)).status).toBe(200);
  });

  it('opens the HMR socket only for the sandboxed frame, on the loopback name, below the secret, with the token', async () => {
    const { folder } = viteCard();
    const { server } = await start(folder);
    const root = new URL('.', server.cardUrl).pathname;
    const { port } = new URL(server.cardOrigin);
    const client = (await raw(server.cardOrigin, `${root}@vite/client`, { headers: { origin: 'null' } })).body;
    const token = /const wsToken = "([^"]+)"/.exec(client)?.[1] ?? '';
    expect(token).not.toBe('');
    const path = `${root}?token=${token}`;
    expect(await upgrade(server.cardOrigin, path, { origin: 'null' })).toBe(101);
    expect(await upgrade(server.cardOrigin, path, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgrade(server.cardOrigin, path, { origin: `http://127.0.0.1:${port}` })).toBe(403);
    expect(await upgrade(server.cardOrigin, path, {})).toBe(403);
    expect(await upgrade(server.cardOrigin, path, { origin: 'null', host: `evil.example:${port}` })).toBe(403);
    expect(await upgrade(server.cardOrigin, `/?token=${token}`, { origin: 'null' })).toBe(403);
    expect(await upgrade(server.cardOrigin, root, { origin: 'null' })).not.toBe(101);
    expect(await upgrade(server.cardOrigin, `${root}?token=wrong`, { origin: 'null' })).not.toBe(101);
  });

  it('leaves a module edit to Vite (a reload when nothing accepts it), reloads the frame for a file no module imports', async () => {
    const { folder } = viteCard();
    const { server } = await start(folder);
    const root = new URL('.', server.cardUrl).pathname;
    // The frame loads main.js and render.js: Vite knows both and that nothing accepts an update of them.
    for (const file of ['main.js', 'render.js']) {
      expect((await raw(server.cardOrigin, `${root}${file}`, { headers: { origin: 'null' } })).status).toBe(200);
    }
    const events = await readEvents(
      `${server.hostUrl}__dev/events`,
      2,
      () => {
        writeFileSync(join(folder, 'render.js'), 'export function render(root) {\n  root.textContent = "edited";\n}\n');
        setTimeout(() => writeFileSync(join(folder, 'notes.txt'), 'not a module\n'), 500);
      },
      8000,
    );
    expect(events).toEqual([
      { event: 'reload', data: { reason: 'render.js changed (Fast Refresh cannot apply it)' } },
      { event: 'reload', data: { reason: 'notes.txt changed' } },
    ]);
  }, 20_000);

  it('with --no-hmr serves the files as before: the CSP of the app as it is, no Vite client', async () => {
    const { folder } = viteCard();
    const { server } = await start(folder, false);
    expect(server.refresh).toBeNull();
    const page = await raw(server.cardOrigin, new URL(server.cardUrl).pathname);
    expect(page.headers['content-security-policy']).toContain("connect-src 'none'");
    expect(page.body).not.toContain('@vite/client');
  });
});
