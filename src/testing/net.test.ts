// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CardManifest } from '../contract/types.js';
import { createMockHost } from './index.js';
import type { MockFetchRequest, MockHostOptions } from './index.js';

const MANIFEST: CardManifest = {
  manifestVersion: 1,
  name: 'repo-radar',
  displayName: 'Repo radar',
  version: '1.0.0',
  protocol: 1,
  permissions: [
    { id: 'network', hosts: ['api.github.com', '*.example.com:8443'] },
    { id: 'network.local', optional: true },
  ],
  settings: [
    { key: 'githubToken', type: 'secret', label: 'Token' },
    { key: 'otherToken', type: 'secret', label: 'Other' },
    { key: 'repo', type: 'string', label: 'Repo' },
  ],
};

async function setup(options: MockHostOptions = {}) {
  const requests: MockFetchRequest[] = [];
  const host = createMockHost({
    manifest: MANIFEST,
    secrets: { githubToken: 'ghp_test' },
    fetch: (request) => {
      requests.push(request);
      return { body: { ok: true }, headers: { 'X-RateLimit-Remaining': '59' } };
    },
    ...options,
  });
  const card = await host.connect();
  return { host, card, requests };
}

describe('net.fetch', () => {
  it('fills secrets into lower-cased headers and returns JSON', async () => {
    const { card, requests } = await setup();
    const res = await card.net.fetch('https://api.github.com/repos/acme/app/issues', {
      headers: { Authorization: 'Bearer {{secret:githubToken}}' },
      responseType: 'json',
    });
    expect(res.ok).toBe(true);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(await res.json()).toEqual({ ok: true });
    expect(requests).toEqual([
      {
        url: 'https://api.github.com/repos/acme/app/issues',
        method: 'GET',
        headers: { authorization: 'Bearer ghp_test' },
      },
    ]);
  });

  it('answers text, base64 and empty JSON bodies, and sends base64 bodies as bytes', async () => {
    const requests: MockFetchRequest[] = [];
    const { card } = await setup({
      fetch: (request) => {
        requests.push(request);
        return request.method === 'HEAD' ? { status: 204, statusText: 'No Content' } : { body: 'héllo' };
      },
    });
    expect(await (await card.net.fetch('https://api.github.com/a')).text()).toBe('héllo');
    const bytes = await (await card.net.fetch('https://api.github.com/a', { responseType: 'base64' })).bytes();
    expect(new TextDecoder().decode(bytes)).toBe('héllo');
    const empty = await card.net.fetch('https://api.github.com/a', { method: 'HEAD', responseType: 'json' });
    expect(empty.status).toBe(204);
    expect(await empty.json()).toBeNull();
    await card.net.fetch('https://api.github.com/a', { method: 'POST', body: new Uint8Array([1, 2, 3]) });
    expect(requests.at(-1)?.body).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('streams chunks after the response', async () => {
    const { card } = await setup({
      fetch: () => ({ stream: ['line one\nline', ' two\n', new TextEncoder().encode('three')] }),
    });
    const res = await card.net.fetch('https://api.github.com/stream', { responseType: 'stream' });
    const lines: string[] = [];
    for await (const line of res.lines()) lines.push(line);
    expect(lines).toEqual(['line one', 'line two', 'three']);
  });

  it('refuses hosts, schemes, credentials and local hosts without network.local', async () => {
    const { card } = await setup();
    await expect(card.net.fetch('https://evil.com/')).rejects.toMatchObject({
      code: 'HOST_NOT_ALLOWED',
      hostMessage: 'evil.com is not in the network permission',
    });
    await expect(card.net.fetch('https://a.example.com/')).rejects.toMatchObject({ code: 'HOST_NOT_ALLOWED' });
    expect((await card.net.fetch('https://a.example.com:8443/')).status).toBe(200);
    await expect(card.net.fetch('http://api.github.com/')).rejects.toMatchObject({
      code: 'HOST_NOT_ALLOWED',
      hostMessage: 'https only',
    });
    await expect(card.net.fetch('https://user:pw@api.github.com/')).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'credentials in the URL are not allowed',
    });
    await expect(card.net.fetch('http://localhost:3000/')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      hostMessage: 'localhost needs network.local',
    });
    const local = await setup({ grant: 'all' });
    expect((await local.card.net.fetch('http://localhost:3000/x')).status).toBe(200);
    expect(local.requests[0]?.url).toBe('http://localhost:3000/x');
  });

  it('checks headers and secret placeholders', async () => {
    const { card } = await setup();
    await expect(card.net.fetch('https://api.github.com/', { headers: { cookie: 'a=b' } })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'header "cookie" cannot be set by a card',
    });
    await expect(
      card.net.fetch('https://api.github.com/', { headers: { 'x-a': '{{secret:repo}}' } }),
    ).rejects.toMatchObject({
      hostMessage: '"repo" is not a secret setting of this card',
    });
    await expect(
      card.net.fetch('https://api.github.com/', { headers: { 'x-a': '{{secret:otherToken}}' } }),
    ).rejects.toMatchObject({
      hostMessage: 'the secret setting "otherToken" is not set',
    });
    // the header rule runs over every header before the secret placeholders
    await expect(
      card.net.fetch('https://api.github.com/', {
        headers: { 'x-a': '{{secret:repo}}', origin: 'https://evil.example' },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS', hostMessage: expect.stringContaining('"origin"') });
  });

  it('checks the header value actually sent: a secret with CR/LF or non-Latin-1 text is refused after filling', async () => {
    for (const secret of ['ghp\r\nX-Injected: 1', 'ghp\nX-Injected: 1', 'ghp\u2028', 'tok\u0113n']) {
      const { card, requests } = await setup({ secrets: { githubToken: secret } });
      const error = await card
        .call('net.fetch', {
          url: 'https://api.github.com/',
          headers: { Authorization: 'Bearer {{secret:githubToken}}' },
        })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'INVALID_PARAMS',
        hostMessage: 'header "Authorization": a secret filled into it is not a valid header value',
      });
      expect(requests).toEqual([]);
    }
  });

  it('refuses a base64 body that is not base64 with INVALID_PARAMS', async () => {
    const { card, requests } = await setup();
    const error = await card
      .call('net.fetch', { url: 'https://api.github.com/', method: 'POST', body: '%%%', bodyEncoding: 'base64' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_PARAMS', hostMessage: 'body: not valid base64' });
    expect(requests).toEqual([]);
  });

  it('fails with NETWORK_ERROR without a fetch option, for a network error and for bad JSON', async () => {
    const bare = createMockHost({ manifest: MANIFEST });
    const card = await bare.connect();
    await expect(card.net.fetch('https://api.github.com/')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      hostMessage: 'the mock host has no fetch handler (MockHostOptions.fetch)',
    });
    const down = await setup({ fetch: () => ({ error: 'connection reset' }) });
    await expect(down.card.net.fetch('https://api.github.com/')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      hostMessage: 'connection reset',
    });
    const garbled = await setup({ fetch: () => ({ body: '{nope' }) });
    await expect(garbled.card.net.fetch('https://api.github.com/', { responseType: 'json' })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      hostMessage: 'response is not JSON',
    });
  });

  it('fails with NETWORK_ERROR, not INTERNAL, when the fetch handler returns no response object', async () => {
    for (const answer of [undefined, null, 'text']) {
      const { card } = await setup({ fetch: () => answer as never });
      await expect(card.net.fetch('https://api.github.com/')).rejects.toMatchObject({
        code: 'NETWORK_ERROR',
        hostMessage: 'the mock host fetch handler returned no response object',
      });
    }
  });

  it('records aborted requests', async () => {
    const { card, host } = await setup({ fetch: () => new Promise(() => {}) });
    const controller = new AbortController();
    const pending = card.net.fetch('https://api.github.com/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(host.aborted).toHaveLength(1);
  });
});
