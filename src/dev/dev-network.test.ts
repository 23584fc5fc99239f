// @vitest-environment node
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RefusalError } from '../cli/io.js';
import { tempFolders, writeValidCard } from '../cli/test-folders.js';
import { replayFrom } from '../testing/index.js';
import { startDevServer, type DevServer } from './dev-server.js';
import type { DevNetworkOptions } from './dev-network.js';
import { SECRETS_FILE } from './net-secrets.js';
import {
  networkCardFields,
  replayingCard,
  TEST_CA,
  testLookup,
  testApiForFile,
} from './net-test-server.test-helper.js';

const { temp } = tempFolders();
const running: DevServer[] = [];
const api = testApiForFile();
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const SECRET = 'ghp-9c1e55-do-not-leak';
const GRANTS = ['network', 'network.local'];

/** A card whose manifest grants network.local and the API host, with a secret token setting. */
function networkCard(): string {
  const folder = temp();
  writeValidCard(folder, networkCardFields(api.apiPattern));
  return folder;
}

async function start(folder: string, network: DevNetworkOptions = {}) {
  const printed: string[] = [];
  const server = await startDevServer({
    folder,
    port: 0,
    pageDir: temp(),
    build: false,
    out: (text) => void printed.push(text),
    network: { lookup: testLookup, ca: TEST_CA, ...network },
  });
  running.push(server);
  const origin = new URL(server.hostUrl).origin;
  const post = (path: string, body: unknown, headers: Record<string, string> = { origin }) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  /** The NDJSON lines the dev page gets for one net.fetch. */
  const netFetch = async (params: Record<string, unknown>, grants = GRANTS) => {
    const response = await post('/__dev/net/fetch', { params: { requestId: 'r1', ...params }, grants });
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    return (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { server, origin, post, netFetch, printed: () => printed.join('') };
}

/** The status of a GET sent with another Host header (fetch keeps its own). */
function statusWithHost(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on('error', reject);
  });
}

describe('dev: the network routes', () => {
  it('answer only the dev page: another Origin or Host is refused', async () => {
    const { origin, post } = await start(networkCard());
    const params = { params: { url: `${api.local}/repo` }, grants: GRANTS };
    expect((await post('/__dev/net/fetch', params, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/__dev/net/fetch', params, {})).status).toBe(403);
    expect((await post('/__dev/secrets', { key: 'token', value: 'x' }, { origin: 'null' })).status).toBe(403);
    expect(await statusWithHost(`${origin}/__dev/secrets`, 'evil.example')).toBe(403);
    // A loopback name with another port is another server's page, not this one's.
    expect(await statusWithHost(`${origin}/__dev/secrets`, '127.0.0.1:1')).toBe(403);
    expect((await post('/__dev/secrets', { key: 'token', value: 'x' }, { origin: 'http://127.0.0.1:1' })).status).toBe(
      403,
    );
    expect((await fetch(`${origin}/__dev/net/fetch`)).status).toBe(405);
    expect((await post('/__dev/net/fetch', { params: {} })).status).toBe(400);
  });

  it('fill a secret the page gave at the server; it never comes back in the answer, the records or the terminal', async () => {
    const { post, netFetch, printed, origin } = await start(networkCard());
    const given = await post('/__dev/secrets', { key: 'token', value: SECRET });
    expect(await given.json()).toEqual({ set: ['token'], kept: false });
    expect((await post('/__dev/secrets', { key: 'command', value: 'x' })).status).toBe(400);
    const lines = await netFetch({
      url: `${api.api}/repo`,
      headers: { authorization: 'Bearer {{secret:token}}' },
      responseType: 'json',
    });
    expect(api.seen.at(-1)?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(lines[0].response).toMatchObject({ status: 200, json: { name: 'card-sdk', stars: 42 } });
    expect(lines[1].record).toMatchObject({ method: 'GET', url: `${api.api}/repo`, status: 200, bytes: 30 });
    const refused = await netFetch({ url: `${api.local}/away`, headers: { authorization: 'Bearer {{secret:token}}' } });
    expect(refused[0].error).toMatchObject({ code: 'HOST_NOT_ALLOWED' });
    expect(JSON.stringify([lines, refused])).not.toContain(SECRET);
    expect(printed()).toContain(
      `net ✖ GET ${api.local}/away → HOST_NOT_ALLOWED: a redirect to https://evil.example.test/steal: evil.example.test is not in the network permission`,
    );
    expect(printed()).not.toContain(SECRET);
    expect(await (await fetch(`${origin}/__dev/secrets`)).json()).toEqual({ set: ['token'], kept: false });
  });

  it('answers a stream as chunk lines, strips set-cookie, and gives json null for a 304', async () => {
    const { netFetch } = await start(networkCard());
    const stream = await netFetch({ url: `${api.local}/runs`, responseType: 'stream' });
    expect(stream[0].response).toMatchObject({ status: 200 });
    const chunks = stream.filter((line) => line.chunk).map((line) => line.chunk as { chunk: string; done?: boolean });
    expect(chunks.map((chunk) => chunk.chunk).join('')).toBe('{"run":1}\n{"run":2}\n{"run":3}\n');
    expect(chunks.at(-1)?.done).toBe(true);
    const cookie = await netFetch({ url: `${api.local}/cookie` });
    expect(cookie[0].response).toMatchObject({ body: 'with cookies', headers: { 'x-kept': 'yes' } });
    expect((cookie[0].response as { headers: object }).headers).not.toHaveProperty('set-cookie');
    const cached = await netFetch({
      url: `${api.local}/cached`,
      headers: { 'if-none-match': '"v1"' },
      responseType: 'json',
    });
    expect(cached[0].response).toMatchObject({ status: 304, json: null });
  });

  it('keeps a secret, when asked, in an owner-only file the card ignores in git, for the next run', async () => {
    const folder = networkCard();
    const first = await start(folder);
    expect(await (await first.post('/__dev/secrets', { key: 'token', value: SECRET, keep: true })).json()).toEqual({
      set: ['token'],
      kept: true,
    });
    const file = join(folder, SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(folder, '.gitignore'), 'utf8').split('\n')).toContain(SECRETS_FILE);
    await running.splice(0)[0].close();

    const second = await start(folder);
    expect(await (await fetch(`${second.origin}/__dev/secrets`)).json()).toEqual({ set: ['token'], kept: true });
    await second.netFetch({ url: `${api.api}/repo`, headers: { authorization: 'token {{secret:token}}' } });
    expect(api.seen.at(-1)?.headers.authorization).toBe(`token ${SECRET}`);
    await second.post('/__dev/secrets', { key: 'token', value: null });
    expect(existsSync(file)).toBe(false);
    expect(second.printed()).not.toContain(SECRET);
  });
});

describe('dev --record and --replay', () => {
  it('records each response (secrets masked) and answers the same requests identically offline', async () => {
    const folder = networkCard();
    const file = join(temp(), 'github.recording.json');
    const live = await start(folder, { record: file });
    await live.post('/__dev/secrets', { key: 'token', value: SECRET });
    const requests = [
      { url: `${api.api}/repo`, headers: { authorization: 'Bearer {{secret:token}}' }, responseType: 'json' },
      { url: `${api.local}/runs`, responseType: 'stream' },
      { url: `${api.local}/cookie`, responseType: 'base64' },
    ];
    const recorded = [];
    for (const params of requests) recorded.push(await live.netFetch(params));
    await running.splice(0)[0].close();
    const saved = readFileSync(file, 'utf8');
    expect(saved).not.toContain(SECRET);
    expect(JSON.parse(saved)).toMatchObject({ version: 1, entries: [{ url: `${api.api}/repo` }, {}, {}] });

    const seen = api.seen.length;
    const offline = await start(folder, { replay: file });
    await offline.post('/__dev/secrets', { key: 'token', value: 'another' });
    const withoutTimes = (lines: Record<string, unknown>[]) =>
      lines.map((line) => (line.record ? { record: { ...line.record, ms: 0 } } : line));
    for (const [index, params] of requests.entries()) {
      expect(withoutTimes(await offline.netFetch(params))).toEqual(withoutTimes(recorded[index]));
    }
    const missing = await offline.netFetch({ url: `${api.local}/repo?page=2` });
    expect(missing[0].error).toEqual({
      code: 'NETWORK_ERROR',
      message: `no recorded answer for GET ${api.local}/repo?page=2 in ${file}`,
      data: { url: `${api.local}/repo?page=2` },
    });
    expect(api.seen.length).toBe(seen);

    // The mock host replays the same file in a unit test.
    const card = await replayingCard(api.apiPattern, file);
    const repo = await card.net.fetch(`${api.api}/repo`, { headers: { authorization: 'Bearer {{secret:token}}' } });
    expect(await repo.json()).toEqual({ name: 'card-sdk', stars: 42 });
    expect(repo.headers.get('x-rate-limit')).toBe('59');
    const cookie = await card.net.fetch(`${api.local}/cookie`);
    expect(await cookie.text()).toBe('with cookies');
    await expect(card.net.fetch(`${api.local}/repo?page=2`)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    card.close();
  });

  it('refuses a recording that is not one, and --record with --replay', async () => {
    const folder = networkCard();
    const bad = join(temp(), 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 1, entries: [{ method: 'GET' }] }));
    await expect(start(folder, { replay: bad })).rejects.toThrow(
      new RefusalError(`--replay ${bad}: entries[0]: url is not a string`),
    );
    await expect(start(folder, { replay: join(temp(), 'missing.json') })).rejects.toThrow(
      /--replay .*missing\.json: ENOENT/,
    );
    await expect(start(folder, { replay: bad, record: bad })).rejects.toThrow(
      '--record and --replay cannot be used together',
    );
    expect(() => replayFrom(bad)).toThrow(`${bad}: entries[0]: url is not a string`);
  });
});
