import { describe, expect, it } from 'vitest';
import { buildError, buildEvent, buildRequest, buildResult, readInbound } from './envelopes.js';

describe('envelope builders', () => {
  it('leave out undefined params, results and data', () => {
    expect(buildRequest(1, 'card.getInfo')).toEqual({ ns: 'nscard', v: 1, kind: 'req', id: 1, method: 'card.getInfo' });
    expect(buildRequest(2, 'host.pong', { seq: 3 })).toEqual({
      ns: 'nscard',
      v: 1,
      kind: 'req',
      id: 2,
      method: 'host.pong',
      params: { seq: 3 },
    });
    expect(buildResult(4)).toEqual({ ns: 'nscard', v: 1, kind: 'res', id: 4, ok: true });
    expect(buildResult(4, null)).toEqual({ ns: 'nscard', v: 1, kind: 'res', id: 4, ok: true, result: null });
    expect(buildEvent('host.ping')).toEqual({ ns: 'nscard', v: 1, kind: 'evt', event: 'host.ping' });
    expect(buildEvent('host.ping', { seq: 1 })).toEqual({
      ns: 'nscard',
      v: 1,
      kind: 'evt',
      event: 'host.ping',
      data: { seq: 1 },
    });
  });

  it('build error responses as { code, message, data? }', () => {
    expect(buildError(5, { code: 'NOT_FOUND', message: 'no agent a' })).toEqual({
      ns: 'nscard',
      v: 1,
      kind: 'res',
      id: 5,
      ok: false,
      error: { code: 'NOT_FOUND', message: 'no agent a' },
    });
    expect(buildError(5, { code: 'RATE_LIMITED', message: 'slow', data: { retryAfterMs: 10 } }).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'slow',
      data: { retryAfterMs: 10 },
    });
  });
});

describe('readInbound', () => {
  it("keeps a host error's code, message and data as sent", () => {
    const error = { code: 'RATE_LIMITED', message: 'slow', data: { retryAfterMs: 10 } };
    expect(readInbound({ ns: 'nscard', v: 1, kind: 'res', id: 3, ok: false, error })).toEqual({
      kind: 'res',
      id: 3,
      ok: false,
      error,
    });
  });

  it('accepts responses and events with any numeric v', () => {
    expect(readInbound({ ns: 'nscard', v: 2, kind: 'res', id: 1, ok: true, result: 3 })).toEqual({
      kind: 'res',
      id: 1,
      ok: true,
      result: 3,
    });
    expect(readInbound({ ns: 'nscard', v: 1, kind: 'evt', event: 'host.ping', data: { seq: 1 } })).toEqual({
      kind: 'evt',
      event: 'host.ping',
      data: { seq: 1 },
    });
  });

  it.each([
    ['a string', 'x'],
    ['an array', []],
    ['a wrong ns', { ns: 'x', v: 1, kind: 'evt', event: 'a' }],
    ['a string v', { ns: 'nscard', v: '1', kind: 'evt', event: 'a' }],
    ['a response without ok', { ns: 'nscard', v: 1, kind: 'res', id: 1 }],
    ['a response with a string id', { ns: 'nscard', v: 1, kind: 'res', id: '1', ok: true }],
    ['an event without a name', { ns: 'nscard', v: 1, kind: 'evt' }],
    ['a request', { ns: 'nscard', v: 1, kind: 'req', id: 1, method: 'a.b' }],
    [
      'a proxy that throws',
      new Proxy(
        {},
        {
          get() {
            throw new Error('trap');
          },
        },
      ),
    ],
    [
      'a throwing getter',
      Object.defineProperty({ v: 1, kind: 'evt', event: 'a' }, 'ns', {
        get() {
          throw new Error('getter');
        },
      }),
    ],
  ])('ignores %s', (_name, value) => {
    expect(readInbound(value)).toBeNull();
  });

  it('reads an error that cannot be read as INTERNAL, so the request still settles', () => {
    const error = Object.defineProperty({}, 'code', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    expect(readInbound({ ns: 'nscard', v: 1, kind: 'res', id: 3, ok: false, error })).toEqual({
      kind: 'res',
      id: 3,
      ok: false,
      error: { code: 'INTERNAL', message: 'the error cannot be read' },
    });
  });
});
