import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import type { ChannelPort } from '../transport/channel.js';
import { createScriptedHost, flush } from '../transport/scripted-host.test-helper.js';
import { createCardChannel } from './card-channel.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A value nested `depth` arrays deep. */
function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('channel requests', () => {
  it('sends request envelopes with ids from 1 and resolves with the result', async () => {
    const host = createScriptedHost().on('card.getInfo', () => ({ instanceId: 'card-1' }));
    const channel = createCardChannel(host.cardPort);
    await expect(channel.request('card.getInfo')).resolves.toEqual({ instanceId: 'card-1' });
    await expect(channel.request('card.getInfo')).resolves.toEqual({ instanceId: 'card-1' });
    expect(host.received).toEqual([
      { ns: 'nscard', v: 1, kind: 'req', id: 1, method: 'card.getInfo', params: {} },
      { ns: 'nscard', v: 1, kind: 'req', id: 2, method: 'card.getInfo', params: {} },
    ]);
    channel.close();
  });

  it('turns an error response into a CardSdkError carrying the method', async () => {
    const host = createScriptedHost().on('agents.list', () => ({
      error: {
        code: 'PERMISSION_DENIED',
        message: 'agents.list needs agents.read',
        data: { permission: 'agents.read' },
      },
    }));
    const channel = createCardChannel(host.cardPort);
    const error = await channel.request('agents.list').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardSdkError);
    expect(error).toMatchObject({ code: 'PERMISSION_DENIED', method: 'agents.list', permission: 'agents.read' });
    channel.close();
  });

  it('reads an error response without a payload as INTERNAL "error without payload"', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const pending = channel.request('card.getInfo');
    await flush();
    host.post({ ns: 'nscard', v: 1, kind: 'res', id: 1, ok: false });
    await expect(pending).rejects.toMatchObject({ code: 'INTERNAL', hostMessage: 'error without payload' });
    channel.close();
  });

  it('turns every malformed host error into a well-formed CardSdkError', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const errors = [
      { code: 'NOT_FOUND', message: { toString: 1 } },
      { code: 'NOT_FOUND', message: 42 },
      { code: 'toString', message: 'a' },
      { code: 'constructor', message: 'b' },
      { code: '__proto__', message: 'c' },
      { code: 7, message: 'd' },
      'just text',
    ];
    const pending = errors.map(() => channel.request('card.getInfo').catch((error: unknown) => error));
    await flush();
    errors.forEach((error, index) => host.post({ ns: 'nscard', v: 1, kind: 'res', id: index + 1, ok: false, error }));
    const seen = (await Promise.all(pending)) as CardSdkError[];
    for (const error of seen) {
      expect(error).toBeInstanceOf(CardSdkError);
      expect(typeof error.hostMessage).toBe('string');
      expect(typeof error.hint).toBe('string');
      expect(error.message).not.toMatch(/native code|function/);
    }
    expect(seen.map((error) => [error.code, error.hostMessage])).toEqual([
      ['NOT_FOUND', 'unprintable object'],
      ['NOT_FOUND', '42'],
      ['toString', 'a'],
      ['constructor', 'b'],
      ['__proto__', 'c'],
      ['INTERNAL', 'd'],
      ['INTERNAL', 'just text'],
    ]);
    expect(seen[2].hint).toBe('See the error code in the card SDK documentation.');
    expect(seen[2].message).toBe('card.getInfo: a [toString]');
    channel.close();
  });

  it('ignores malformed messages and responses to unknown ids', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    let settled = false;
    const pending = channel.request('card.getInfo').then((value) => {
      settled = true;
      return value;
    });
    await flush();
    host.post('hello');
    host.post(null);
    host.post([1, 2]);
    host.post({ ns: 'other', v: 1, kind: 'res', id: 1, ok: true, result: 'wrong ns' });
    host.post({ ns: 'nscard', v: '1', kind: 'res', id: 1, ok: true, result: 'string v' });
    host.post({ ns: 'nscard', v: 1, kind: 'res', id: '1', ok: true, result: 'string id' });
    host.post({ ns: 'nscard', v: 1, kind: 'res', id: 1, ok: 'yes', result: 'string ok' });
    host.post({ ns: 'nscard', v: 1, kind: 'res', id: 99, ok: true, result: 'unknown id' });
    host.post({ ns: 'nscard', v: 1, kind: 'evt', event: 7 });
    await flush();
    expect(settled).toBe(false);
    host.respond(1, 'right');
    await expect(pending).resolves.toBe('right');
    channel.close();
  });

  it('rejects params that are not plain JSON with BAD_REQUEST before sending', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const error = await channel
      .request('storage.set', { scope: 'instance', key: 'k', value: { at: new Date(0) } })
      .catch((e: unknown) => e as CardSdkError);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', method: 'storage.set' });
    expect((error as CardSdkError).hostMessage).toMatch(/^params must be plain JSON: /);
    expect((error as CardSdkError).data).toMatchObject({ path: '/value/at' });
    await flush();
    expect(host.received).toEqual([]);
    channel.close();
  });

  it('walks a request value once before sending it, and still refuses a bad part deep inside', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    // Counts the times a nested value's keys are listed: each walk over it (validation, size check, send) lists them once.
    const walksOver = async (method: string): Promise<number> => {
      let listed = 0;
      const value = new Proxy(
        { rows: [1, 2, 3] },
        {
          ownKeys: (target) => {
            listed += 1;
            return Reflect.ownKeys(target);
          },
        },
      );
      void channel.request(method, { scope: 'instance', key: 'k', value: { inner: value } }).catch(() => undefined);
      await flush();
      return listed;
    };
    // A method with a schema costs no more walks than one sent unvalidated (only the plain-JSON check).
    expect(await walksOver('storage.set')).toBe(await walksOver('future.method'));
    const deep = await channel
      .request('storage.set', { scope: 'instance', key: 'k', value: { rows: [1, { f: () => 1 }] } })
      .catch((e: unknown) => e as CardSdkError);
    expect(deep).toMatchObject({ code: 'BAD_REQUEST', data: { path: '/value/rows/1/f', keyword: 'json' } });
    const tooDeep = await channel
      .request('card.setStatus', { text: 'x', tone: nested(LIMITS.valueDepth) as never })
      .catch((e: unknown) => e as CardSdkError);
    expect(tooDeep).toMatchObject({ code: 'BAD_REQUEST', method: 'card.setStatus' });
    channel.close();
  });

  it('rejects params that cannot be read (a throwing getter, a proxy) with INVALID_PARAMS, never a synchronous throw', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const getter = Object.defineProperty({}, 'title', {
      enumerable: true,
      get() {
        throw new Error('no title today');
      },
    });
    const { proxy, revoke } = Proxy.revocable({ title: 'x' }, {});
    revoke();
    const trap = new Proxy(
      {},
      {
        ownKeys() {
          throw new RangeError('Maximum call stack size exceeded');
        },
      },
    );
    for (const [method, params] of [
      ['card.setTitle', getter],
      ['card.setTitle', proxy],
      ['card.setTitle', trap],
      ['x.unknown', getter],
    ] as const) {
      let outcome: Promise<unknown> | undefined;
      expect(() => (outcome = channel.request(method, params))).not.toThrow();
      const error = (await outcome?.catch((e: unknown) => e)) as CardSdkError;
      expect(error).toBeInstanceOf(CardSdkError);
      expect(error).toMatchObject({ code: 'INVALID_PARAMS', method });
      expect(error.hostMessage).toMatch(/^invalid params: /);
    }
    await expect(
      channel.request('card.setTitle', getter, { skipValidation: true }).catch((e: unknown) => e),
    ).resolves.toMatchObject({ code: 'INVALID_PARAMS' });
    expect(host.received).toEqual([]);
    channel.close();
  });

  it('rejects params that fail the method schema with INVALID_PARAMS and the exact path, before sending', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const error = (await channel
      .request('card.setStatus', { text: 'ok', tone: 'loud' })
      .catch((e: unknown) => e)) as CardSdkError;
    expect(error.code).toBe('INVALID_PARAMS');
    expect(error.method).toBe('card.setStatus');
    expect(error.hostMessage).toMatch(/^invalid params at \/tone: /);
    expect(error.issues?.[0]).toMatchObject({ path: '/tone' });
    const root = (await channel.request('card.getInfo', [] as never).catch((e: unknown) => e)) as CardSdkError;
    expect(root.code).toBe('INVALID_PARAMS');
    expect(root.hostMessage).toMatch(/^invalid params: /);
    await flush();
    expect(host.received).toEqual([]);
    channel.close();
  });

  it('sends unknown methods unvalidated, and skips the schema check on request', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    void channel.request('future.method', { anything: 1 }).catch(() => undefined);
    void channel.request('card.setStatus', { tone: 'loud' }, { skipValidation: true }).catch(() => undefined);
    await flush();
    expect(host.received.map((envelope) => envelope.method)).toEqual(['future.method', 'card.setStatus']);
    channel.close();
  });

  it('refuses a message over 1 MiB of JSON with TOO_LARGE, but allows fs.write up to 12 MiB', async () => {
    const host = createScriptedHost().on('fs.write', () => ({ path: 'a.txt', type: 'file', size: 1, mtimeMs: 1 }));
    const channel = createCardChannel(host.cardPort);
    const big = 'x'.repeat(LIMITS.messageBytes);
    const error = (await channel
      .request('storage.set', { scope: 'instance', key: 'k', value: big })
      .catch((e: unknown) => e)) as CardSdkError;
    expect(error.code).toBe('TOO_LARGE');
    expect(error.hostMessage).toBe(`message is larger than ${LIMITS.messageBytes} characters of JSON`);
    await expect(channel.request('fs.write', { path: 'a.txt', data: big })).resolves.toMatchObject({ path: 'a.txt' });
    expect(host.received.map((envelope) => [envelope.id, envelope.method])).toEqual([[1, 'fs.write']]);
    channel.close();
  });

  it('keeps at most 64 requests in flight and sends the rest in order as answers come back', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const results = Array.from({ length: 70 }, (_, i) => channel.request('host.pong', { seq: i }));
    await flush();
    expect(host.received).toHaveLength(64);
    expect(channel.inFlight).toBe(64);
    expect(channel.queued).toBe(6);
    host.respond(1);
    host.respond(2);
    await flush();
    expect(host.received).toHaveLength(66);
    expect(host.params('host.pong').slice(64)).toEqual([{ seq: 64 }, { seq: 65 }]);
    for (const envelope of host.received.slice(2)) host.respond(envelope.id);
    await flush();
    for (const envelope of host.received.slice(66)) host.respond(envelope.id);
    await Promise.all(results);
    expect(host.params('host.pong').map((params) => params.seq)).toEqual(Array.from({ length: 70 }, (_, i) => i));
    channel.close();
  });

  it('rejects with TIMEOUT "no answer in <ms> ms" when timeoutMs passes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const pending = channel.request('card.getInfo', {}, { timeoutMs: 250 });
    const outcome = pending.catch((e: unknown) => e);
    vi.advanceTimersByTime(250);
    expect(await outcome).toMatchObject({
      code: 'TIMEOUT',
      hostMessage: 'no answer in 250 ms',
      method: 'card.getInfo',
    });
    expect(channel.inFlight).toBe(0);
    channel.close();
  });

  it('rejects with the signal reason on abort and ignores the late answer', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const controller = new AbortController();
    const pending = channel.request('card.getInfo', {}, { signal: controller.signal });
    await flush();
    const reason = new Error('changed my mind');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    host.respond(1, 'late');
    await flush();
    expect(channel.inFlight).toBe(0);
    const already = new AbortController();
    already.abort('gone');
    await expect(channel.request('card.getInfo', {}, { signal: already.signal })).rejects.toBe('gone');
    expect(host.received).toHaveLength(1);
    channel.close();
  });

  it('close() rejects pending and queued requests with UNAVAILABLE and refuses new ones', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const closedWith: CardSdkError[] = [];
    channel.onClose((error) => closedWith.push(error));
    const results = Array.from({ length: 66 }, () => channel.request('card.getInfo').catch((e: unknown) => e));
    await flush();
    channel.close();
    const errors = (await Promise.all(results)) as CardSdkError[];
    expect(errors.every((error) => error.code === 'UNAVAILABLE')).toBe(true);
    expect(errors[0]?.hostMessage).toBe('the card closed its connection');
    expect(closedWith).toHaveLength(1);
    expect(channel.closed).toBe(true);
    await expect(channel.request('card.getInfo')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await flush();
    expect(host.received).toHaveLength(64);
  });

  it('checks in order: closed, plain JSON, schema, aborted signal, then size', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const aborted = new AbortController();
    aborted.abort('aborted first');
    const notJson = { title: () => 'x' };
    const big = 'x'.repeat(LIMITS.messageBytes);
    await expect(channel.request('card.setTitle', notJson, { signal: aborted.signal })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      method: 'card.setTitle',
    });
    await expect(channel.request('card.setTitle', { title: 5 }, { signal: aborted.signal })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: expect.stringMatching(/^invalid params at \/title: /),
    });
    await expect(
      channel.request('card.setTitle', { title: 5 }, { signal: aborted.signal, skipValidation: true }),
    ).rejects.toBe('aborted first');
    const tooLarge = { scope: 'instance', key: 'k', value: big };
    await expect(channel.request('storage.set', tooLarge, { signal: aborted.signal })).rejects.toBe('aborted first');
    await expect(channel.request('storage.set', tooLarge)).rejects.toMatchObject({ code: 'TOO_LARGE' });
    channel.close('gone away');
    await expect(channel.request('card.setTitle', notJson)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      hostMessage: 'gone away',
    });
    expect(host.received).toEqual([]);
  });

  it('re-checks a queued request when its turn comes: aborted or too large ones are dropped, the rest go on', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    const first = Array.from({ length: LIMITS.inFlightRequests }, (_, i) => channel.request('host.pong', { seq: i }));
    const controller = new AbortController();
    const dropped = channel.request('host.pong', { seq: 100 }, { signal: controller.signal }).catch((e: unknown) => e);
    const tooLarge = channel
      .request('storage.set', { scope: 'instance', key: 'k', value: 'x'.repeat(LIMITS.messageBytes) })
      .catch((e: unknown) => e);
    const last = channel.request('host.pong', { seq: 101 });
    await flush();
    expect(channel.queued).toBe(3);
    controller.abort('not needed');
    await flush();
    expect(channel.queued).toBe(3);
    host.respond(1);
    await flush();
    expect(await dropped).toBe('not needed');
    expect(await tooLarge).toMatchObject({ code: 'TOO_LARGE', method: 'storage.set' });
    const sent = host.received.at(-1);
    expect(sent).toMatchObject({ id: LIMITS.inFlightRequests + 1, method: 'host.pong', params: { seq: 101 } });
    host.respond(sent?.id as number, 'ok');
    await expect(last).resolves.toBe('ok');
    for (const envelope of host.received.slice(1, LIMITS.inFlightRequests)) host.respond(envelope.id);
    await Promise.all(first);
    channel.close();
  });

  it('reports a port that cannot send as INTERNAL "could not send: …"', async () => {
    const port: ChannelPort = {
      onmessage: null,
      postMessage() {
        throw new Error('port is gone');
      },
    };
    const channel = createCardChannel(port);
    await expect(channel.request('card.getInfo')).rejects.toMatchObject({
      code: 'INTERNAL',
      hostMessage: 'could not send: port is gone',
    });
    expect(channel.inFlight).toBe(0);
  });
});

describe('channel events', () => {
  it('buffers events until a sink attaches and replays them in order', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    host.emit('lifecycle.visibility', { state: 'hidden' });
    host.emit('lifecycle.expanded', { expanded: true });
    await flush();
    const seen: Array<[string, unknown]> = [];
    channel.attach((event, data) => seen.push([event, data]));
    host.emit('host.ping', { seq: 1 });
    await flush();
    expect(seen).toEqual([
      ['lifecycle.visibility', { state: 'hidden' }],
      ['lifecycle.expanded', { expanded: true }],
      ['host.ping', { seq: 1 }],
    ]);
    channel.close();
  });

  it('keeps at most 500 events before the sink attaches', async () => {
    const host = createScriptedHost();
    const channel = createCardChannel(host.cardPort);
    for (let seq = 0; seq < 510; seq += 1) host.emit('host.ping', { seq });
    await flush(10);
    const seen: unknown[] = [];
    channel.attach((_event, data) => seen.push(data));
    expect(seen).toHaveLength(500);
    channel.close();
  });
});
