// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cardManifest, tempFolders } from '../cli/test-folders.js';
import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import { validateManifest } from '../contract/manifest.js';
import type { NetChunkEvent, NetRawResponse, NormalizedManifest } from '../contract/types.js';
import { replayAnswers, type NetRecordingEntry } from '../testing/replay.js';
import { createNetProxy, type NetProxyOptions } from './net-proxy.js';
import { createSecretStore } from './net-secrets.js';
import {
  networkCardFields,
  replayingCard,
  TEST_CA,
  testLookup,
  testApiForFile,
} from './net-test-server.test-helper.js';

const { temp } = tempFolders();
const api = testApiForFile();

const SECRET = 'tok-7f3a9c-secret';
const GRANTS = ['network', 'network.local'];

function manifestFor(apiPattern: string): NormalizedManifest {
  const result = validateManifest(cardManifest(networkCardFields(apiPattern)));
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.manifest;
}

/** A proxy on the test servers, the token set, and what it answers one request with. */
function proxyFor(extra: Partial<NetProxyOptions> = {}) {
  const manifest = manifestFor(api.apiPattern);
  const secrets = createSecretStore(temp(), () => ['token']);
  secrets.set('token', SECRET, false);
  const proxy = createNetProxy({ manifest: () => manifest, secrets, lookup: testLookup, ca: TEST_CA, ...extra });
  const run = async (params: Record<string, unknown>, grants = GRANTS) => {
    const responses: NetRawResponse[] = [];
    const chunks: NetChunkEvent[] = [];
    const errors: CardSdkError[] = [];
    const log = await proxy.fetch({ requestId: 'r1', ...params }, grants, {
      response: (raw) => void responses.push(raw),
      chunk: (event) => void chunks.push(event),
      fail: (error) => void errors.push(error),
    });
    return { response: responses[0], responses, chunks, errors, log };
  };
  return { proxy, run, secrets };
}

describe('the dev network proxy', () => {
  it('answers a JSON request from the local server with its status, headers and parsed body', async () => {
    const { run } = proxyFor();
    const { response, errors, log } = await run({ url: `${api.local}/repo`, responseType: 'json' });
    expect(errors).toEqual([]);
    expect(response).toMatchObject({
      requestId: 'r1',
      status: 200,
      statusText: 'OK',
      url: `${api.local}/repo`,
      json: { name: 'card-sdk', stars: 42 },
    });
    expect(response.headers).toMatchObject({ 'content-type': 'application/json', etag: '"v1"', 'x-rate-limit': '59' });
    expect(log).toMatchObject({ requestId: 'r1', method: 'GET', url: `${api.local}/repo`, status: 200, bytes: 30 });
  });

  it('streams a body as text chunks as they arrive, then done', async () => {
    const { run } = proxyFor();
    const { responses, chunks } = await run({ url: `${api.local}/runs`, responseType: 'stream' });
    expect(responses).toHaveLength(1);
    expect(responses[0]).not.toHaveProperty('body');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.every((chunk) => chunk.encoding === 'text' && chunk.requestId === 'r1')).toBe(true);
    expect(chunks.at(-1)).toEqual({ requestId: 'r1', chunk: '', encoding: 'text', done: true });
    expect(chunks.map((chunk) => chunk.chunk).join('')).toBe('{"run":1}\n{"run":2}\n{"run":3}\n');
  });

  it('fills a secret placeholder only at the server, and masks it in the log', async () => {
    const { run } = proxyFor();
    const { response } = await run({
      url: `${api.api}/repo`,
      headers: { authorization: 'Bearer {{secret:token}}' },
      responseType: 'json',
    });
    expect(response.status).toBe(200);
    expect(api.seen.at(-1)?.headers.authorization).toBe(`Bearer ${SECRET}`);
    const refused = await run({ url: `${api.local}/repo?x=${SECRET}`, headers: { cookie: 'a=1' } });
    expect(refused.errors[0]).toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'header "cookie" cannot be set by a card',
    });
    expect(JSON.stringify(refused.log)).not.toContain(SECRET);
    expect(refused.log.url).toBe(`${api.local}/repo?x=[secret]`);
  });

  it('refuses a placeholder for a secret that is not set, before anything is sent', async () => {
    const { run, secrets } = proxyFor();
    secrets.set('token', null, false);
    const before = api.seen.length;
    const { errors } = await run({ url: `${api.api}/repo`, headers: { authorization: 'Bearer {{secret:token}}' } });
    expect(errors[0]).toMatchObject({ code: 'INVALID_PARAMS', hostMessage: 'the secret setting "token" is not set' });
    expect(api.seen.length).toBe(before);
  });

  it('strips set-cookie and passes every other response header', async () => {
    const { run } = proxyFor();
    const { response } = await run({ url: `${api.local}/cookie` });
    expect(response.headers).not.toHaveProperty('set-cookie');
    expect(response.headers['x-kept']).toBe('yes');
    expect(response.body).toBe('with cookies');
  });

  it('follows a redirect to a granted host and refuses one to a host not granted with HOST_NOT_ALLOWED', async () => {
    const { run } = proxyFor();
    const followed = await run({ url: `${api.local}/to-api`, responseType: 'json' });
    expect(followed.response).toMatchObject({ status: 200, url: `${api.api}/repo`, json: { stars: 42 } });
    // A header that carries a secret does not follow a redirect to another origin; the others do.
    const withSecret = await run({
      url: `${api.local}/to-api`,
      headers: { authorization: 'Bearer {{secret:token}}', 'x-page': '2' },
    });
    expect(withSecret.response.status).toBe(200);
    expect(api.seen.at(-2)?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(api.seen.at(-1)?.headers).toMatchObject({ 'x-page': '2' });
    expect(api.seen.at(-1)?.headers).not.toHaveProperty('authorization');
    const { errors, log } = await run({ url: `${api.local}/away` });
    expect(errors).toHaveLength(1);
    expect(errors[0].code).toBe('HOST_NOT_ALLOWED');
    expect(errors[0].hostMessage).toBe(
      'a redirect to https://evil.example.test/steal: evil.example.test is not in the network permission',
    );
    expect(log.error?.code).toBe('HOST_NOT_ALLOWED');
    expect(api.seen.some((seen) => seen.path === '/steal')).toBe(false);
  });

  it('forwards If-None-Match, and a 304 with responseType json gives json null', async () => {
    const { run } = proxyFor();
    const { response } = await run({
      url: `${api.local}/cached`,
      headers: { 'if-none-match': '"v1"' },
      responseType: 'json',
    });
    expect(response).toMatchObject({ status: 304, json: null });
    expect(api.seen.at(-1)?.headers['if-none-match']).toBe('"v1"');
  });

  it("applies the host rule to the card's grants: localhost needs network.local, other hosts the network list", async () => {
    const { run } = proxyFor();
    const local = await run({ url: `${api.local}/repo` }, ['network']);
    expect(local.errors[0]).toMatchObject({ code: 'PERMISSION_DENIED', hostMessage: 'localhost needs network.local' });
    const other = await run({ url: 'https://api.github.com/repos' });
    expect(other.errors[0]).toMatchObject({ code: 'HOST_NOT_ALLOWED' });
    const plain = await run({ url: `http://${api.apiPattern}/repo` });
    expect(plain.errors[0]).toMatchObject({ code: 'HOST_NOT_ALLOWED', hostMessage: 'https only' });
  });

  it('fails a request that outlives timeoutMs with NETWORK_ERROR', async () => {
    const { run } = proxyFor();
    const started = Date.now();
    const { errors, log } = await run({ url: `${api.local}/slow`, timeoutMs: 1000 });
    expect(errors[0]).toMatchObject({ code: 'NETWORK_ERROR', hostMessage: 'timed out after 1000 ms' });
    expect(log.status).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cuts a body at 10 MiB with truncated: true, and fails a stream that grows past it', async () => {
    const { run } = proxyFor();
    const { response } = await run({ url: `${api.local}/big` });
    expect(response.truncated).toBe(true);
    expect(response.body).toHaveLength(LIMITS.netResponseBytes);
    const streamed = await run({ url: `${api.local}/big`, responseType: 'stream' });
    expect(streamed.chunks.at(-1)).toEqual({
      requestId: 'r1',
      chunk: '',
      encoding: 'text',
      error: `the response is larger than ${LIMITS.netResponseBytes} bytes`,
    });
    expect(streamed.chunks.some((chunk) => chunk.done)).toBe(false);
  });

  it('stops a stream on net.abort and sends nothing more for it', async () => {
    const { proxy } = proxyFor();
    const chunks: NetChunkEvent[] = [];
    const started = Date.now();
    const log = await proxy.fetch({ requestId: 'drip', url: `${api.local}/drip`, responseType: 'stream' }, GRANTS, {
      response: () => undefined,
      chunk: (event) => {
        chunks.push(event);
        proxy.abort('drip');
      },
      fail: () => undefined,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(chunks).toHaveLength(1);
    expect(log.error).toEqual({ code: 'USER_CANCELLED', message: 'aborted' });
  });

  it('refuses malformed params with INVALID_PARAMS instead of crashing', async () => {
    const { run } = proxyFor();
    const { errors, log } = await run({ url: 42 });
    expect(errors[0].code).toBe('INVALID_PARAMS');
    expect(log.status).toBeNull();
  });

  it('records a response with the secret masked, and replays it identically in the proxy and the mock host', async () => {
    const entries: NetRecordingEntry[] = [];
    const live = proxyFor({ recorded: (entry) => void entries.push(entry) });
    const headers = { authorization: 'Bearer {{secret:token}}' };
    const first = await live.run({ url: `${api.api}/repo`, headers, responseType: 'json' });
    const stream = await live.run({ url: `${api.local}/runs`, responseType: 'stream' });
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    expect(entries[1].chunks?.join('')).toBe('{"run":1}\n{"run":2}\n{"run":3}\n');
    const recording = { version: 1 as const, entries };

    const before = api.seen.length;
    const replay = proxyFor({ replay: { answers: replayAnswers(recording), source: 'net.json' } });
    const again = await replay.run({ url: `${api.api}/repo`, headers, responseType: 'json' });
    expect(again.response).toEqual(first.response);
    const streamed = await replay.run({ url: `${api.local}/runs`, responseType: 'stream' });
    expect(streamed.responses).toEqual(stream.responses);
    expect(streamed.chunks).toEqual(stream.chunks);
    const missing = await replay.run({ url: `${api.local}/cookie` });
    expect(missing.errors[0]).toMatchObject({
      code: 'NETWORK_ERROR',
      hostMessage: `no recorded answer for GET ${api.local}/cookie in net.json`,
    });
    expect(api.seen.length).toBe(before);

    const card = await replayingCard(api.apiPattern, recording);
    const mocked = await card.net.fetch(`${api.api}/repo`, { headers });
    expect(mocked.status).toBe(200);
    expect(mocked.headers.get('etag')).toBe('"v1"');
    expect(await mocked.text()).toBe('{"name":"card-sdk","stars":42}');
    const lines: string[] = [];
    for await (const line of (await card.net.fetch(`${api.local}/runs`, { responseType: 'stream' })).lines())
      lines.push(line);
    expect(lines).toEqual(['{"run":1}', '{"run":2}', '{"run":3}']);
    await expect(card.net.fetch(`${api.local}/nothing`)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      hostMessage: `no recorded answer for GET ${api.local}/nothing in the recording`,
    });
    card.close();
  });
});
