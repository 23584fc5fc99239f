import { describe, expect, it } from 'vitest';
import { LIMITS } from '../contract/limits.js';
import { parseRequest } from './parse-request.js';

const ok = { ns: 'nscard', v: 1, kind: 'req', id: 7, method: 'card.getInfo', params: {} };

describe('parseRequest', () => {
  it('accepts a well-formed request envelope', () => {
    expect(parseRequest(ok)).toEqual({ ok: true, message: ok });
    const withoutParams = { ns: 'nscard', v: 1, kind: 'req', id: 1, method: 'host.capabilities' };
    expect(parseRequest(withoutParams)).toEqual({ ok: true, message: withoutParams });
  });

  it('takes a method name of 64 characters and an envelope of exactly the limit, refusing one more', () => {
    const name = `card.${'a'.repeat(59)}`;
    expect(parseRequest({ ...ok, method: name })).toMatchObject({ ok: true });
    const size = JSON.stringify(ok).length;
    expect(parseRequest(ok, size)).toMatchObject({ ok: true });
    expect(parseRequest(ok, size - 1)).toEqual({
      ok: false,
      id: 7,
      error: { code: 'TOO_LARGE', message: `message larger than ${size - 1} bytes` },
    });
  });

  it(`refuses params nested deeper than ${LIMITS.valueDepth} levels, with the path`, () => {
    let params: unknown = 0;
    for (let level = 0; level <= LIMITS.valueDepth; level += 1) params = [params];
    const result = parseRequest({ ...ok, params });
    expect(result).toMatchObject({ ok: false, id: 7, error: { code: 'BAD_REQUEST' } });
    expect(result.ok ? '' : result.error.message).toBe('params: value is nested too deeply');
  });

  it.each([
    ['a string', 'hello', null, 'BAD_REQUEST', 'not an object'],
    ['null', null, null, 'BAD_REQUEST', 'not an object'],
    ['an array', [ok], null, 'BAD_REQUEST', 'not an object'],
    ['a zero id', { ...ok, id: 0 }, null, 'BAD_REQUEST', 'not a request envelope'],
    ['a fractional id', { ...ok, id: 1.5 }, null, 'BAD_REQUEST', 'not a request envelope'],
    ['a wrong ns (id kept)', { ...ok, ns: 'other' }, 7, 'BAD_REQUEST', 'not a request envelope'],
    ['a response kind', { ...ok, kind: 'res' }, 7, 'BAD_REQUEST', 'not a request envelope'],
    ['protocol 2', { ...ok, v: 2 }, 7, 'PROTOCOL_MISMATCH', 'protocol 2 is not 1'],
    ['a missing v', { ...ok, v: undefined }, 7, 'PROTOCOL_MISMATCH', 'protocol undefined is not 1'],
    ['a method without a dot', { ...ok, method: 'getInfo' }, 7, 'METHOD_NOT_FOUND', 'invalid method name'],
    ['an upper-case method', { ...ok, method: 'Card.getInfo' }, 7, 'METHOD_NOT_FOUND', 'invalid method name'],
    ['a method over 64 chars', { ...ok, method: `a.${'b'.repeat(63)}` }, 7, 'METHOD_NOT_FOUND', 'invalid method name'],
    ['an extra field', { ...ok, token: 'x' }, 7, 'BAD_REQUEST', 'unexpected envelope field'],
  ])('refuses %s', (_name, value, id, code, message) => {
    expect(parseRequest(value)).toEqual({ ok: false, id, error: { code, message } });
  });

  it.each([
    ['an object', { toString: 1 }, 'an object'],
    ['an array', [1], 'an array'],
    ['a long string', 'x'.repeat(100), 'x'.repeat(32)],
    ['a function', () => 1, 'a function'],
    ['a revoked proxy', revokedProxy(), 'an object'],
  ])('refuses a protocol that is %s without calling into it', (_name, v, shown) => {
    expect(parseRequest({ ...ok, v })).toEqual({
      ok: false,
      id: 7,
      error: { code: 'PROTOCOL_MISMATCH', message: `protocol ${shown} is not 1` },
    });
  });

  it('answers BAD_REQUEST for an envelope whose fields throw when read', () => {
    const getter = Object.defineProperty({ ...ok }, 'method', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(parseRequest(getter)).toEqual({
      ok: false,
      id: 7,
      error: { code: 'BAD_REQUEST', message: 'not a request envelope' },
    });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(parseRequest(proxy)).toEqual({
      ok: false,
      id: null,
      error: { code: 'BAD_REQUEST', message: 'not a request envelope' },
    });
    const params = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new RangeError('deep');
        },
      },
    );
    expect(parseRequest({ ...ok, params })).toMatchObject({ ok: false, id: 7, error: { code: 'BAD_REQUEST' } });
  });

  it('refuses params that are not plain JSON with the issue as data', () => {
    const result = parseRequest({ ...ok, params: { when: new Date(0) } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.id).toBe(7);
    expect(result.error.code).toBe('BAD_REQUEST');
    expect(result.error.message).toMatch(/^params: /);
    expect(result.error.data).toMatchObject({ path: '/when' });
  });

  it('refuses a message over the limit with TOO_LARGE', () => {
    const big = { ...ok, method: 'storage.set', params: { value: 'x'.repeat(LIMITS.messageBytes) } };
    expect(parseRequest(big)).toEqual({
      ok: false,
      id: 7,
      error: { code: 'TOO_LARGE', message: `message larger than ${LIMITS.messageBytes} bytes` },
    });
    expect(parseRequest(big, LIMITS.largeMessageBytes).ok).toBe(true);
  });
});

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}
