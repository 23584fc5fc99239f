import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../contract/base64.js';
import { connectScripted, flush } from './card.test-helper.js';
import { buildFetchParams, createRequestId } from './net.js';

const raw = (requestId: string, extra: Record<string, unknown> = {}) => ({
  requestId,
  status: 200,
  statusText: 'OK',
  headers: { 'content-type': 'text/plain', etag: '"1"' },
  url: 'https://api.example.com/x',
  ...extra,
});

describe('net.fetch params', () => {
  it('makes request ids of the form r<time><counter><6 chars>', () => {
    const a = createRequestId();
    const b = createRequestId();
    expect(a).toMatch(/^r[0-9a-z]{8,}$/);
    expect(a).not.toBe(b);
  });

  it('lower-cases header names, encodes bytes as base64 and JSON bodies with a content type', () => {
    const headers = new Headers({ 'X-Token': 'abc' });
    expect(buildFetchParams('https://a.example/x', { headers }, 'r1')).toEqual({
      url: 'https://a.example/x',
      requestId: 'r1',
      headers: { 'x-token': 'abc' },
    });
    expect(buildFetchParams(new URL('https://a.example/y'), { body: new Uint8Array([104, 105]) }, 'r2')).toEqual({
      url: 'https://a.example/y',
      requestId: 'r2',
      method: 'POST',
      body: 'aGk=',
      bodyEncoding: 'base64',
    });
    expect(
      buildFetchParams(
        'https://a.example',
        { method: 'PUT', body: { a: 1 }, responseType: 'json', timeoutMs: 5000 },
        'r3',
      ),
    ).toEqual({
      url: 'https://a.example',
      requestId: 'r3',
      method: 'PUT',
      responseType: 'json',
      timeoutMs: 5000,
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(
      buildFetchParams('https://a.example', { body: [1], headers: { 'Content-Type': 'text/x' } }, 'r4'),
    ).toMatchObject({
      headers: { 'content-type': 'text/x' },
      body: '[1]',
    });
    expect(buildFetchParams('https://a.example', { body: 'plain' }, 'r5')).toEqual({
      url: 'https://a.example',
      requestId: 'r5',
      method: 'POST',
      body: 'plain',
    });
  });
});

describe('card.net.fetch', () => {
  it('returns a response with ok, status, case-insensitive headers and text()', async () => {
    const { host, card } = await connectScripted();
    host.on('net.fetch', (p: { requestId: string }) => raw(p.requestId, { body: 'hello' }));
    const res = await card.net.fetch('https://api.example.com/x');
    expect(res).toMatchObject({ ok: true, status: 200, statusText: 'OK', type: 'text', truncated: false });
    expect(res.headers.get('ETag')).toBe('"1"');
    expect(res.headers.has('Content-Type')).toBe(true);
    expect(res.headers.get('missing')).toBeNull();
    expect([...res.headers]).toEqual([
      ['content-type', 'text/plain'],
      ['etag', '"1"'],
    ]);
    expect(res.bodyUsed).toBe(false);
    await expect(res.text()).resolves.toBe('hello');
    expect(res.bodyUsed).toBe(true);
    await expect(res.text()).rejects.toThrow(new TypeError('body already used'));
    const sent = host.params('net.fetch')[0];
    expect(sent).toEqual({ url: 'https://api.example.com/x', requestId: expect.stringMatching(/^r/) });
    card.close();
  });

  it('reads json and base64 bodies', async () => {
    const { host, card } = await connectScripted();
    host.on('net.fetch', (p: { requestId: string; responseType?: string }) =>
      p.responseType === 'json'
        ? raw(p.requestId, { status: 204, json: null })
        : raw(p.requestId, { body: encodeBase64(new TextEncoder().encode('héllo')) }),
    );
    const empty = await card.net.fetch('https://api.example.com/x', { responseType: 'json' });
    await expect(empty.json()).resolves.toBeNull();
    const bytes = await card.net.fetch('https://api.example.com/x', { responseType: 'base64' });
    expect(new TextDecoder().decode(await bytes.bytes())).toBe('héllo');
    const text = await card.net.fetch('https://api.example.com/x', { responseType: 'base64' });
    await expect(text.text()).resolves.toBe('héllo');
    card.close();
  });

  it('streams lines across chunks, including base64 chunks and a final partial line', async () => {
    const { host, card } = await connectScripted();
    host.on('net.fetch', (p: { requestId: string }) => raw(p.requestId));
    const res = await card.net.fetch('https://api.example.com/stream', { responseType: 'stream' });
    const requestId = res.requestId;
    const lines: string[] = [];
    const reading = (async () => {
      for await (const line of res.lines()) lines.push(line);
    })();
    host.emit('net.chunk', { requestId, chunk: 'data: 1\r\nda', encoding: 'text', done: false });
    host.emit('net.chunk', {
      requestId,
      chunk: encodeBase64(new TextEncoder().encode('ta: 2\nlast')),
      encoding: 'base64',
      done: false,
    });
    host.emit('net.chunk', { requestId, chunk: '', encoding: 'text', done: true });
    await reading;
    expect(lines).toEqual(['data: 1', 'data: 2', 'last']);
    card.close();
  });

  it('fails a stream with NETWORK_ERROR on an error chunk', async () => {
    const { host, card } = await connectScripted();
    host.on('net.fetch', (p: { requestId: string }) => raw(p.requestId));
    const res = await card.net.fetch('https://api.example.com/stream', { responseType: 'stream' });
    host.emit('net.chunk', { requestId: res.requestId, chunk: 'a', encoding: 'text' });
    host.emit('net.chunk', { requestId: res.requestId, chunk: '', encoding: 'text', error: 'socket hang up' });
    await expect(res.text()).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      hostMessage: 'socket hang up',
      method: 'net.fetch',
    });
    card.close();
  });

  it('queues every chunk that is non-empty or error-free, in order', async () => {
    const { host, card } = await connectScripted();
    host.on('net.fetch', (p: { requestId: string }) => raw(p.requestId));
    const res = await card.net.fetch('https://api.example.com/stream', { responseType: 'stream' });
    const chunks: unknown[] = [];
    const reading = (async () => {
      for await (const chunk of res) chunks.push(chunk);
    })();
    host.emit('net.chunk', { requestId: res.requestId, chunk: 'a', encoding: 'text' });
    host.emit('net.chunk', { requestId: res.requestId, chunk: '', encoding: 'text' });
    host.emit('net.chunk', {
      requestId: res.requestId,
      chunk: encodeBase64(new Uint8Array([1, 2])),
      encoding: 'base64',
    });
    host.emit('net.chunk', { requestId: res.requestId, chunk: 'tail', encoding: 'text', error: 'reset' });
    await expect(reading).rejects.toMatchObject({ code: 'NETWORK_ERROR', hostMessage: 'reset' });
    expect(chunks).toEqual(['a', '', new Uint8Array([1, 2]), 'tail']);
    expect(res.bodyUsed).toBe(true);
    card.close();
  });

  it('sends net.abort and fails the stream when the signal aborts', async () => {
    const { host, card } = await connectScripted();
    host.on('net.fetch', (p: { requestId: string }) => raw(p.requestId));
    const controller = new AbortController();
    const res = await card.net.fetch('https://api.example.com/stream', {
      responseType: 'stream',
      signal: controller.signal,
    });
    const chunks: unknown[] = [];
    const reading = (async () => {
      for await (const chunk of res.chunks()) chunks.push(chunk);
    })();
    host.emit('net.chunk', { requestId: res.requestId, chunk: 'first', encoding: 'text' });
    await flush();
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    await flush();
    expect(chunks).toEqual(['first']);
    expect(host.params('net.abort')).toEqual([{ requestId: res.requestId }]);
    card.close();
  });

  it('sends net.abort when the request itself is aborted', async () => {
    const { host, card } = await connectScripted();
    const controller = new AbortController();
    const pending = card.net.fetch('https://api.example.com/slow', { signal: controller.signal });
    await flush();
    controller.abort('stop');
    await expect(pending).rejects.toBe('stop');
    await flush();
    const requestId = host.params('net.fetch')[0].requestId;
    expect(host.params('net.abort')).toEqual([{ requestId }]);
    card.close();
  });

  it('fails open streams with UNAVAILABLE "connection closed" on close', async () => {
    const { host, card } = await connectScripted();
    host.on('net.fetch', (p: { requestId: string }) => raw(p.requestId));
    const res = await card.net.fetch('https://api.example.com/stream', { responseType: 'stream' });
    const text = res.text();
    card.close();
    await expect(text).rejects.toMatchObject({ code: 'UNAVAILABLE', hostMessage: 'connection closed' });
  });
});
