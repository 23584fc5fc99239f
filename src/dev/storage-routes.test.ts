// @vitest-environment node
// The kept storage's route on a running dev server (one card, and a canvas's cards under /__card/<n>), tried as
// the dev page, the card frame and a hostile page would.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolders, writeFiles, writeValidCard } from '../cli/test-folders.js';
import { startCanvasServer, type CanvasServer } from './canvas-server.js';
import { startDevServer, type DevServer } from './dev-server.js';
import { expectForeignHostsRefused, raw } from './raw-request.test-helper.js';
import { STORAGE_FILE } from './storage-file.js';

const { temp } = tempFolders();
const running: (DevServer | CanvasServer)[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(folder: string) {
  const printed: string[] = [];
  const server = await startDevServer({
    folder,
    port: 0,
    pageDir: temp(),
    build: false,
    out: (text) => void printed.push(text),
  });
  running.push(server);
  return { ...(await page(server.hostUrl)), server, printed: () => printed.join('') };
}

/** The dev page of the routes at `root` (`…/` or `…/__card/<n>/`): its token, and its GET and POST of the storage. */
async function page(root: string) {
  const { token, cardOrigin } = (await (await fetch(`${root}__dev/session.json`)).json()) as {
    token: string;
    cardOrigin: string;
  };
  const origin = new URL(root).origin;
  const path = `${new URL(root).pathname}__dev/storage?token=${token}`;
  const get = (headers: Record<string, string> = {}, at = path) => raw(origin, at, { headers });
  const post = (body: unknown, headers: Record<string, string> = { origin }, at = path) =>
    raw(origin, at, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { origin, path, token, cardOrigin, get, post };
}

function card(): string {
  const folder = temp();
  writeValidCard(folder);
  return folder;
}

describe('dev: the kept storage route', () => {
  it('gives the page the storage kept in the file, and writes what the page posts for the next run', async () => {
    const folder = card();
    writeFileSync(join(folder, STORAGE_FILE), JSON.stringify({ instance: { theme: 'dark' }, package: { runs: 1 } }));
    const first = await start(folder);
    const read = await first.get();
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(read.body)).toEqual({ instance: { theme: 'dark' }, package: { runs: 1 }, findings: [] });

    const next = { instance: { theme: 'light', list: [1, 2] }, package: { runs: 2 } };
    expect((await first.post(next)).status).toBe(204);
    expect(JSON.parse(readFileSync(join(folder, STORAGE_FILE), 'utf8'))).toEqual(next);
    expect(readFileSync(join(folder, '.gitignore'), 'utf8').split('\n')).toContain(STORAGE_FILE);
    // A reloaded page (or a new host after a manifest change) gets what was posted last.
    expect(JSON.parse((await first.get()).body)).toMatchObject(next);
    await first.server.close();

    const second = await start(folder);
    expect(JSON.parse((await second.get()).body)).toEqual({ ...next, findings: [] });
    expect(first.printed() + second.printed()).not.toContain(STORAGE_FILE);
  });

  it('answers only the dev page: the token, a loopback Host, and its Origin on a POST; never the card frame', async () => {
    const folder = card();
    writeFileSync(join(folder, STORAGE_FILE), JSON.stringify({ instance: { secret: 'kept' } }));
    const { origin, path, get, post, cardOrigin, server } = await start(folder);
    const bare = '/__dev/storage';
    expect((await get({}, bare)).status).toBe(403);
    expect((await get({}, `${bare}?token=wrong`)).status).toBe(403);
    expect((await post({ instance: {} }, { origin }, bare)).status).toBe(403);
    // Another site, the sandboxed card frame (an opaque origin) and the card's own origin are refused.
    for (const stranger of ['https://evil.example', 'null', cardOrigin, 'http://127.0.0.1:1']) {
      const got = await get({ origin: stranger });
      expect(got.status, stranger).toBe(403);
      expect(got.body).not.toContain('kept');
      expect((await post({ instance: { secret: 'taken' } }, { origin: stranger })).status, stranger).toBe(403);
    }
    // A POST that names no origin is no page's: refused too.
    expect((await post({ instance: {} }, {})).status).toBe(403);
    await expectForeignHostsRefused(origin, path);
    expect((await raw(origin, path, { method: 'PUT', headers: { origin } })).status).toBe(405);
    // The card's files never include it, under the session's secret or not.
    const secretRoot = new URL('.', server.cardUrl).pathname;
    for (const at of [`${secretRoot}${STORAGE_FILE}`, `/${STORAGE_FILE}`]) {
      expect((await raw(server.cardOrigin, at, { headers: { origin: 'null' } })).status, at).toBe(404);
    }
    expect(JSON.parse(readFileSync(join(folder, STORAGE_FILE), 'utf8'))).toEqual({ instance: { secret: 'kept' } });
  });

  it('prints a bad file as findings (file and JSON path), starts empty, and leaves the file until the card writes', async () => {
    const folder = card();
    const file = join(folder, STORAGE_FILE);
    const bad = JSON.stringify({ instance: { '': 1, ok: 2 }, settings: {} });
    writeFileSync(file, bad);
    const { get, post, printed } = await start(folder);
    expect(printed()).toContain(`${STORAGE_FILE} has problems; the card starts with empty storage`);
    expect(printed()).toContain(`✖ ${file} instance[""]: a key is 1 to 256 characters`);
    expect(printed()).toContain(`✖ ${file} settings: is not a storage scope (instance, package)`);
    const answer = JSON.parse((await get()).body) as { instance: object; findings: string[] };
    expect(answer.instance).toEqual({});
    expect(answer.findings).toEqual([
      `${file} settings: is not a storage scope (instance, package)`,
      `${file} instance[""]: a key is 1 to 256 characters`,
    ]);
    // The empty storage the page started with, posted back unchanged, writes nothing.
    expect((await post({ instance: {}, package: {} })).status).toBe(204);
    expect(readFileSync(file, 'utf8')).toBe(bad);
    // What the card stores then replaces it.
    expect((await post({ instance: { ok: 3 }, package: {} })).status).toBe(204);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ instance: { ok: 3 }, package: {} });
    expect(JSON.parse((await get()).body)).toMatchObject({ findings: [] });

    const notJson = card();
    writeFileSync(join(notJson, STORAGE_FILE), '{"instance": ');
    const other = await start(notJson);
    expect(other.printed()).toMatch(
      new RegExp(`✖ ${join(notJson, STORAGE_FILE).replace(/[/.]/g, '\\$&')} \\$: is not JSON: `),
    );
    expect(readFileSync(join(notJson, STORAGE_FILE), 'utf8')).toBe('{"instance": ');
  });

  it('refuses a posted storage the app would refuse, naming the path, and writes nothing', async () => {
    const folder = card();
    const { post } = await start(folder);
    const refused = await post({ instance: { big: 'x'.repeat(1_048_576) } });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('instance["big"]: is 1048578 characters of JSON');
    expect((await post('not json')).status).toBe(400);
    expect((await post([1])).body).toContain('$: must be an object');
    expect(existsSync(join(folder, STORAGE_FILE))).toBe(false);
  });

  it("serves each canvas card's own storage under /__card/<n>, with that card's token only", async () => {
    const root = temp();
    const radar = join(root, 'radar');
    const reader = join(root, 'reader');
    writeValidCard(radar, { name: 'radar' });
    writeValidCard(reader, { name: 'reader' });
    writeFileSync(join(reader, STORAGE_FILE), JSON.stringify({ instance: { read: ['a'] } }));
    const pageDir = temp();
    writeFiles(pageDir, { 'index.html': '<!doctype html><title>page</title>' });
    const server = await startCanvasServer({
      folders: [radar, reader],
      canvasFile: join(radar, 'neurosquad-canvas.json'),
      port: 0,
      pageDir,
      build: false,
      out: () => undefined,
    });
    running.push(server);
    const [first, second] = await Promise.all([page(`${server.hostUrl}__card/0/`), page(`${server.hostUrl}__card/1/`)]);
    expect(JSON.parse((await first.get()).body)).toEqual({ instance: {}, package: {}, findings: [] });
    expect(JSON.parse((await second.get()).body)).toEqual({ instance: { read: ['a'] }, package: {}, findings: [] });
    // One card's token opens no other card's storage.
    const crossed = `/__card/1/__dev/storage?token=${first.token}`;
    expect((await second.get({}, crossed)).status).toBe(403);
    expect((await second.post({ instance: { x: 1 } }, { origin: second.origin }, crossed)).status).toBe(403);
    expect((await second.get({ origin: 'null' })).status).toBe(403);
    expect((await first.post({ instance: { seen: 1 }, package: {} })).status).toBe(204);
    expect(JSON.parse(readFileSync(join(radar, STORAGE_FILE), 'utf8'))).toEqual({ instance: { seen: 1 }, package: {} });
    expect(JSON.parse(readFileSync(join(reader, STORAGE_FILE), 'utf8'))).toEqual({ instance: { read: ['a'] } });
    await expectForeignHostsRefused(first.origin, first.path);
  });
});
