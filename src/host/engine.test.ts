// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import { errorPayload, serveCardPort } from './engine.js';
import type { CardHostBindings, CardPortServer, HostAnswer } from './engine.js';
import { createRateLimiter } from './rate-limits.js';

const open: { server: CardPortServer; card: MessagePort }[] = [];

function serve(overrides: Partial<CardHostBindings> = {}) {
  const channel = new MessageChannel();
  const inbox: unknown[] = [];
  const waiters: (() => void)[] = [];
  channel.port2.onmessage = (event) => {
    inbox.push(event.data);
    waiters.splice(0).forEach((wake) => wake());
  };
  const seen: string[] = [];
  const server = serveCardPort(channel.port1, {
    dispatch: (method, params) => ({ method, params }),
    grants: () => new Set(['agents.read']),
    visibility: () => 'visible',
    onRequest: (method) => seen.push(method),
    ...overrides,
  });
  open.push({ server, card: channel.port2 });
  const next = async (): Promise<any> => {
    while (inbox.length === 0) await new Promise<void>((wake) => waiters.push(wake));
    return inbox.shift();
  };
  const send = (message: unknown) => channel.port2.postMessage(message);
  const request = (id: number, method: string, params: unknown = {}) => {
    send({ ns: 'nscard', v: 1, kind: 'req', id, method, params });
    return next();
  };
  const ready = () => request(1, 'host.ready', { sdkVersion: '1.3.0', protocol: 1 });
  return { server, next, send, request, ready, seen, inbox };
}

afterEach(() => {
  for (const { server, card } of open.splice(0)) {
    server.close();
    card.close();
  }
});

describe('serveCardPort', () => {
  it('answers an unreadable envelope with BAD_REQUEST when it has an id, and not at all without one', async () => {
    const host = serve();
    host.send({ ns: 'nscard', v: 1, kind: 'req', method: 'host.ready' });
    host.send({ ns: 'nscard', v: 1, kind: 'evt', id: 7, method: 'host.ready' });
    expect(await host.next()).toEqual({
      ns: 'nscard',
      v: 1,
      kind: 'res',
      id: 7,
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'not a request envelope' },
    });
    expect(host.inbox).toEqual([]);
  });

  it('refuses another protocol version and badly named methods', async () => {
    const host = serve();
    host.send({ ns: 'nscard', v: 2, kind: 'req', id: 3, method: 'host.ready', params: {} });
    expect((await host.next()).error).toEqual({ code: 'PROTOCOL_MISMATCH', message: 'protocol 2 is not 1' });
    expect((await host.request(4, 'Host.ready')).error).toEqual({
      code: 'METHOD_NOT_FOUND',
      message: 'invalid method name',
    });
  });

  it('answers NOT_READY until host.ready succeeds, then runs the handler', async () => {
    const host = serve();
    expect((await host.request(2, 'agents.list')).error).toEqual({
      code: 'NOT_READY',
      message: 'call host.ready first',
    });
    expect(host.server.ready).toBe(false);
    const ready = await host.ready();
    expect(ready).toMatchObject({ id: 1, ok: true, result: { method: 'host.ready' } });
    expect(host.server.ready).toBe(true);
    expect((await host.request(3, 'agents.list')).result).toEqual({ method: 'agents.list', params: {} });
    expect(host.seen).toEqual(['agents.list', 'host.ready', 'agents.list']);
  });

  it('stays not ready when the host.ready handler fails', async () => {
    const host = serve({
      dispatch: () => {
        throw new CardSdkError('PROTOCOL_MISMATCH', 'the host speaks protocol 1');
      },
    });
    expect((await host.ready()).error).toEqual({ code: 'PROTOCOL_MISMATCH', message: 'the host speaks protocol 1' });
    expect(host.server.ready).toBe(false);
  });

  it('checks method, params, permission and visibility in the app order', async () => {
    let visibility = 'hidden';
    const host = serve({ visibility: () => visibility });
    await host.ready();
    expect((await host.request(2, 'nope.nothing')).error).toEqual({
      code: 'METHOD_NOT_FOUND',
      message: 'no method nope.nothing',
    });
    const invalid = (await host.request(3, 'agents.get', { agentId: 5 })).error;
    expect(invalid.code).toBe('INVALID_PARAMS');
    expect(invalid.message).toMatch(/^\/agentId: /);
    expect(invalid.data[0]).toMatchObject({ path: '/agentId' });
    // params before permission: a bad fs.stat is INVALID_PARAMS even without fs.read
    expect((await host.request(4, 'fs.stat', {})).error.code).toBe('INVALID_PARAMS');
    expect((await host.request(5, 'fs.stat', { path: 'a' })).error).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'fs.stat needs fs.read',
      data: { permission: 'fs.read' },
    });
    expect((await host.request(6, 'net.abort', { requestId: 'r' })).error).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'net.abort needs network',
      data: { permission: 'network' },
    });
    expect((await host.request(7, 'ui.confirm', { title: 't', message: 'm' })).error).toEqual({
      code: 'NOT_VISIBLE',
      message: 'ui.confirm needs the card on screen',
    });
    // In the overview the card is drawn small, not on screen for dialogs.
    visibility = 'overview';
    expect((await host.request(8, 'ui.confirm', { title: 't', message: 'm' })).error.code).toBe('NOT_VISIBLE');
    visibility = 'visible';
    expect((await host.request(9, 'ui.confirm', { title: 't', message: 'm' })).ok).toBe(true);
  });

  it('throttles with retryAfterMs when a rate limiter is given, counting only accepted calls', async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(() => now);
    const host = serve({ rateLimiter: () => limiter, grants: () => new Set(['agents.prompt']) });
    await host.ready();
    expect((await host.request(2, 'card.attention', { level: 'info' })).ok).toBe(true);
    now += 4_000;
    expect((await host.request(3, 'card.attention', { level: 'info' })).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'card.attention: once per 10000 ms',
      data: { retryAfterMs: 6_000 },
    });
    now += 6_000;
    expect((await host.request(4, 'card.attention', { level: 'none' })).ok).toBe(true);
    for (let id = 10; id < 16; id += 1)
      expect((await host.request(id, 'agents.prompt', { agentId: 'a', text: 't' })).ok).toBe(true);
    now += 1_000;
    expect((await host.request(20, 'agents.prompt', { agentId: 'a', text: 't' })).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'agents.prompt: 6 per minute',
      data: { retryAfterMs: 59_000 },
    });
  });

  it('forwards coded errors, turns other throws into INTERNAL and waits for promises', async () => {
    const host = serve({
      dispatch: (method) => {
        if (method === 'host.ready') return {};
        if (method === 'agents.list') throw new CardSdkError('NOT_FOUND', 'no agent x', { id: 'x' });
        if (method === 'storage.get') return Promise.reject(new Error('disk busy'));
        return Promise.resolve({ later: true });
      },
    });
    await host.ready();
    expect((await host.request(2, 'agents.list')).error).toEqual({
      code: 'NOT_FOUND',
      message: 'no agent x',
      data: { id: 'x' },
    });
    expect((await host.request(3, 'storage.get', { scope: 'instance', key: 'k' })).error).toEqual({
      code: 'INTERNAL',
      message: 'disk busy',
    });
    expect((await host.request(4, 'theme.get')).result).toEqual({ later: true });
  });

  it('answers TOO_LARGE when a result is over the limit, and leaves result out when undefined', async () => {
    const host = serve({
      dispatch: (method) => (method === 'storage.get' ? 'x'.repeat(1024 * 1024) : undefined),
    });
    await host.ready();
    expect((await host.request(2, 'storage.get', { scope: 'instance', key: 'k' })).error).toEqual({
      code: 'TOO_LARGE',
      message: 'result larger than the limit',
    });
    expect(await host.request(3, 'storage.clear', { scope: 'instance' })).toEqual({
      ns: 'nscard',
      v: 1,
      kind: 'res',
      id: 3,
      ok: true,
    });
  });

  it('answers INTERNAL when a handler returns something that cannot be sent', async () => {
    const host = serve({ dispatch: (method) => (method === 'host.ready' ? {} : { run: () => 1 }) });
    await host.ready();
    const error = (await host.request(2, 'theme.get')).error;
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toMatch(/^the result cannot be sent: /);
    expect((await host.request(3, 'i18n.get')).error.code).toBe('INTERNAL');
  });

  it('tells onAnswer what each answer was, as the card got it, with its time; a throwing onAnswer keeps serving', async () => {
    const answers: HostAnswer[] = [];
    const host = serve({
      dispatch: (method) => {
        if (method === 'storage.get') return 'x'.repeat(1024 * 1024);
        if (method === 'agents.list') return new Promise((resolve) => setTimeout(() => resolve([]), 30));
        return { ok: 1 };
      },
      onAnswer: (answer) => {
        answers.push(answer);
        if (answer.method === 'theme.get') throw new Error('a broken log');
      },
    });
    await host.ready();
    await host.request(2, 'agents.list');
    await host.request(3, 'storage.get', { scope: 'instance', key: 'k' });
    await host.request(4, 'storage.set', { scope: 'nowhere', key: 'k', value: 1 });
    await host.request(5, 'theme.get');
    expect((await host.request(6, 'i18n.get')).ok).toBe(true);
    expect(answers.map(({ ms: _ms, ...rest }) => rest)).toEqual([
      { method: 'host.ready', params: { sdkVersion: '1.3.0', protocol: 1 }, result: { ok: 1 } },
      { method: 'agents.list', params: {}, result: [] },
      {
        method: 'storage.get',
        params: { scope: 'instance', key: 'k' },
        error: { code: 'TOO_LARGE', message: 'result larger than the limit' },
      },
      {
        method: 'storage.set',
        params: { scope: 'nowhere', key: 'k', value: 1 },
        error: {
          code: 'INVALID_PARAMS',
          message: '/scope: must be one of "instance", "package"',
          data: [{ keyword: 'enum', message: 'must be one of "instance", "package"', path: '/scope' }],
        },
      },
      { method: 'theme.get', params: {}, result: { ok: 1 } },
      { method: 'i18n.get', params: {}, result: { ok: 1 } },
    ]);
    expect(answers[1]?.ms).toBeGreaterThanOrEqual(25);
    expect(answers[1]?.ms).toBeLessThan(5000);
  });

  it('answers without onAnswer and prints nothing about it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const host = serve();
      await host.ready();
      expect((await host.request(2, 'agents.list')).ok).toBe(true);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('posts events, and runs afterReply work after the response', async () => {
    const host = serve({
      dispatch: (_method, _params, request) => {
        request.afterReply(() => server.emit('net.chunk', { done: true }));
        return { first: true };
      },
    });
    const server = host.server;
    await host.ready();
    expect(await host.next()).toEqual({ ns: 'nscard', v: 1, kind: 'evt', event: 'net.chunk', data: { done: true } });
    host.server.emit('host.ping', { seq: 1 });
    expect(await host.next()).toEqual({ ns: 'nscard', v: 1, kind: 'evt', event: 'host.ping', data: { seq: 1 } });
    host.server.close();
    expect(host.server.closed).toBe(true);
  });

  it('answers a protocol that is an object with a non-callable toString, and keeps serving', async () => {
    const host = serve();
    host.send({ ns: 'nscard', v: { toString: 1 }, kind: 'req', id: 5, method: 'host.ready' });
    expect((await host.next()).error).toEqual({ code: 'PROTOCOL_MISMATCH', message: 'protocol an object is not 1' });
    expect((await host.ready()).ok).toBe(true);
  });

  it('answers INTERNAL for every failure around a handler, never leaving a request unanswered', async () => {
    const bare = Object.create(null) as object;
    const host = serve({
      dispatch: (method) => {
        if (method === 'host.ready') return {};
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a value without a prototype is what this test throws
        if (method === 'theme.get') throw bare;
        if (method === 'i18n.get') throw new CardSdkError('NOT_FOUND', 'gone', { run: () => 1 });
        if (method === 'card.getInfo')
          return {
            then: () => {
              throw new Error('bad thenable');
            },
          };
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- an object whose code getter throws is what this test throws
        throw Object.defineProperty({}, 'code', {
          get: () => {
            throw new Error('getter');
          },
        });
      },
      visibility: () => 'visible',
    });
    await host.ready();
    expect((await host.request(2, 'theme.get')).error).toEqual({ code: 'INTERNAL', message: 'unprintable object' });
    const unclonable = (await host.request(3, 'i18n.get')).error;
    expect(unclonable.code).toBe('INTERNAL');
    expect(unclonable.message).toMatch(/^the error cannot be sent: /);
    expect((await host.request(4, 'card.getInfo')).error).toEqual({ code: 'INTERNAL', message: 'bad thenable' });
    expect((await host.request(5, 'agents.list')).error).toEqual({ code: 'INTERNAL', message: '[object Object]' });
  });

  it('forwards a thrown code only when it looks like one; __proto__, blanks and line breaks are INTERNAL', () => {
    expect(errorPayload(Object.assign(new Error('gone'), { code: 'NOT_FOUND' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'gone',
    });
    expect(errorPayload({ code: 'QUOTA_V2', message: 'newer' })).toEqual({ code: 'QUOTA_V2', message: 'newer' });
    for (const code of ['__proto__', 'toString', ' ', '\r\nX: 1', '\u202e', 'not_found']) {
      expect(errorPayload({ code, message: 'odd' })).toEqual({ code: 'INTERNAL', message: '[object Object]' });
    }
  });

  it('answers a thenable that settles twice once, with its first outcome', async () => {
    const host = serve({
      dispatch: (method) =>
        method === 'host.ready'
          ? {}
          : {
              then(resolve: (value: unknown) => void, reject: (error: unknown) => void) {
                resolve({ first: true });
                reject(new CardSdkError('NOT_FOUND', 'second'));
                resolve({ third: true });
              },
            },
    });
    await host.ready();
    expect((await host.request(2, 'theme.get')).result).toEqual({ first: true });
    expect((await host.request(3, 'i18n.get')).id).toBe(3);
    expect(host.inbox).toEqual([]);
  });

  it('reads a large method from its envelope: fs.write over 1 MiB is taken, theme.get is TOO_LARGE', async () => {
    const host = serve({ grants: () => new Set(['fs.write']), dispatch: () => ({}) });
    await host.ready();
    const big = 'A'.repeat(LIMITS.messageBytes + 8);
    expect((await host.request(2, 'fs.write', { path: 'a.bin', data: big, encoding: 'base64' })).error).toBe(undefined);
    expect((await host.request(3, 'theme.get', { pad: big })).error.code).toBe('TOO_LARGE');
  });

  it('answers BAD_REQUEST for an envelope whose method throws when read, and keeps serving', async () => {
    const envelope = Object.defineProperty({ ns: 'nscard', v: 1, kind: 'req', id: 4 }, 'method', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    // A port that skips structured clone hands the getter over as it is: the handler is called directly.
    const channel = new MessageChannel();
    const replies: unknown[] = [];
    channel.port2.onmessage = (event) => replies.push(event.data);
    const server = serveCardPort(channel.port1, {
      dispatch: () => ({}),
      grants: () => new Set(),
      visibility: () => 'visible',
    });
    open.push({ server, card: channel.port2 });
    (channel.port1.onmessage as (event: { data: unknown }) => void)({ data: envelope });
    (channel.port1.onmessage as (event: { data: unknown }) => void)({ data: 'not an envelope' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replies).toEqual([
      {
        ns: 'nscard',
        v: 1,
        kind: 'res',
        id: 4,
        ok: false,
        error: { code: 'BAD_REQUEST', message: 'not a request envelope' },
      },
    ]);
    expect(server.closed).toBe(false);
  });

  it('keeps a coded error’s data and a readable message, and leaves data out when there is none', () => {
    const thrown = { code: 'NOT_FOUND', message: 42, data: { id: 'x' } };
    expect(errorPayload(thrown)).toStrictEqual({ code: 'NOT_FOUND', message: '[object Object]', data: { id: 'x' } });
    expect(errorPayload(Object.assign(new Error('gone'), { code: 'NOT_FOUND' }))).toStrictEqual({
      code: 'NOT_FOUND',
      message: 'gone',
    });
    expect(errorPayload(new CardSdkError('NOT_FOUND', 'none'))).toStrictEqual({ code: 'NOT_FOUND', message: 'none' });
    expect(errorPayload(Object.assign(() => 1, { code: 'NOT_FOUND' })).code).toBe('INTERNAL');
    expect(errorPayload(null)).toStrictEqual({ code: 'INTERNAL', message: 'null' });
  });

  it('answers INTERNAL when a binding throws before the handler runs', async () => {
    let calls = 0;
    const host = serve({
      grants: () => {
        calls += 1;
        if (calls > 1) throw new Error('grants unavailable');
        return new Set<string>();
      },
    });
    await host.ready();
    expect((await host.request(2, 'theme.get')).error).toEqual({ code: 'INTERNAL', message: 'grants unavailable' });
  });
});
