import { describe, expect, it } from 'vitest';
import { FORBIDDEN_REQUEST_HEADERS, checkRequestHeader } from './headers.js';

describe('checkRequestHeader', () => {
  const rows: [string, [string, string], [unknown, unknown], string][] = [
    ['token characters', ['X-Api-Key', 'v'], ['x api', 'v'], 'invalid header name'],
    ['name 1–128', ['a'.repeat(128), 'v'], ['a'.repeat(129), 'v'], 'invalid header name'],
    ['name not empty', ['a', 'v'], ['', 'v'], 'invalid header name'],
    ['name is a string', ['accept', 'v'], [1, 'v'], 'invalid header name'],
    ['forbidden names, any case', ['authorization', 'v'], ['Cookie', 'v'], 'header "Cookie" cannot be set by a card'],
    ['sec-* refused', ['x-sec', 'v'], ['Sec-Fetch-Mode', 'v'], 'header "Sec-Fetch-Mode" cannot be set by a card'],
    ['proxy-* refused', ['x-proxy', 'v'], ['proxy-foo', 'v'], 'header "proxy-foo" cannot be set by a card'],
    ['value ≤ 8192', ['accept', 'a'.repeat(8192)], ['accept', 'a'.repeat(8193)], 'invalid header value'],
    ['no CR', ['accept', 'a b'], ['accept', 'a\rb'], 'invalid header value'],
    ['no LF', ['accept', 'a\tb'], ['accept', 'a\nb'], 'invalid header value'],
    ['no NUL', ['accept', ''], ['accept', 'a\0b'], 'invalid header value'],
    ['value is a string', ['accept', '1'], ['accept', 1], 'invalid header value'],
    ['no other C0 control', ['accept', 'a\tb'], ['accept', 'a\x1bb'], 'invalid header value'],
    ['no DEL or C1 control', ['accept', 'a~b'], ['accept', 'a\u0085b'], 'invalid header value'],
    ['no DEL', ['accept', 'a~b'], ['accept', 'a\u007fb'], 'invalid header value'],
    ['ASCII only: no Latin-1 letter', ['x-name', 'Jose'], ['x-name', 'Jos\u00e9'], 'invalid header value'],
    ['ASCII only: no Latin-1 sign', ['accept', '~'], ['accept', '\u00ff'], 'invalid header value'],
    ['ASCII only: nothing above Latin-1', ['accept', 'cafe'], ['accept', 'caf\u0113'], 'invalid header value'],
    ['no line separator', ['accept', 'a'], ['accept', 'a\u2028b'], 'invalid header value'],
  ];
  it.each(rows)('%s', (_rule, good, bad, error) => {
    expect(checkRequestHeader(...good)).toBeNull();
    expect(checkRequestHeader(...bad)).toBe(error);
  });

  it.each(FORBIDDEN_REQUEST_HEADERS.map((name) => [name]))('refuses %s', (name) => {
    expect(checkRequestHeader(name, 'v')).toBe(`header "${name}" cannot be set by a card`);
  });

  it('lists the 24 forbidden names', () => {
    expect(FORBIDDEN_REQUEST_HEADERS).toHaveLength(24);
  });
});
