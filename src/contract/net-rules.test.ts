import { describe, expect, it } from 'vitest';
import { CardSdkError } from './errors.js';
import { checkFetchUrl, fillRequestHeaders, type NetGrants } from './net-rules.js';

const GRANTED: NetGrants = { hosts: ['api.github.com', '*.example.dev'], network: true, local: false };

/** The code, message and data a rule refused with. */
function refusal(run: () => unknown): { code: string; message: string; data: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof CardSdkError) return { code: error.code, message: error.hostMessage, data: error.data };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkFetchUrl', () => {
  it('takes an https URL of a granted host and returns it parsed', () => {
    expect(checkFetchUrl('https://api.github.com/repos?page=2', GRANTED).href).toBe(
      'https://api.github.com/repos?page=2',
    );
    expect(checkFetchUrl('https://docs.example.dev/a', GRANTED).hostname).toBe('docs.example.dev');
  });

  it.each([
    ['not a URL', 'api.github.com/repos', GRANTED, 'INVALID_PARAMS', 'not a URL'],
    [
      'credentials',
      'https://me:pw@api.github.com/',
      GRANTED,
      'INVALID_PARAMS',
      'credentials in the URL are not allowed',
    ],
    [
      'a user name alone',
      'https://me@api.github.com/',
      GRANTED,
      'INVALID_PARAMS',
      'credentials in the URL are not allowed',
    ],
    ['plain http', 'http://api.github.com/', GRANTED, 'HOST_NOT_ALLOWED', 'https only'],
    [
      'a host not granted',
      'https://evil.test/',
      GRANTED,
      'HOST_NOT_ALLOWED',
      'evil.test is not in the network permission',
    ],
    [
      'network not granted',
      'https://api.github.com/',
      { ...GRANTED, network: false },
      'HOST_NOT_ALLOWED',
      'api.github.com is not in the network permission',
    ],
    [
      'another port than the pattern allows',
      'https://api.github.com:8443/',
      GRANTED,
      'HOST_NOT_ALLOWED',
      'api.github.com is not in the network permission',
    ],
  ] as const)('refuses %s', (_case, url, grants, code, message) => {
    expect(refusal(() => checkFetchUrl(url, grants))).toMatchObject({ code, message });
  });

  it('lets this computer through only with network.local, over http or https', () => {
    expect(refusal(() => checkFetchUrl('http://localhost:3000/', GRANTED))).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'localhost needs network.local',
      data: { permission: 'network.local' },
    });
    const local = { ...GRANTED, local: true, network: false };
    expect(checkFetchUrl('http://localhost:3000/api', local).port).toBe('3000');
    expect(checkFetchUrl('https://127.0.0.1/', local).hostname).toBe('127.0.0.1');
    expect(refusal(() => checkFetchUrl('ftp://localhost/', local))).toMatchObject({
      code: 'HOST_NOT_ALLOWED',
      message: 'http(s) only',
    });
  });
});

describe('fillRequestHeaders', () => {
  const secrets: Record<string, string> = { token: 'abc123', broken: 'x\r\nInjected: 1' };
  const secret = (key: string) => secrets[key];

  it('fills secret placeholders and lower-cases header names', () => {
    expect(
      fillRequestHeaders({ Authorization: 'Bearer {{secret:token}}', 'X-Plain': 'yes' }, ['token'], secret),
    ).toEqual({ authorization: 'Bearer abc123', 'x-plain': 'yes' });
  });

  it.each([
    ['a header the rules refuse', { Host: 'evil.test' }, ['token']],
    ['a placeholder of a setting that is not a secret', { A: '{{secret:other}}' }, ['token']],
    ['a secret that is not set', { A: '{{secret:unset}}' }, ['token', 'unset']],
    ['a secret whose value would break the header', { A: '{{secret:broken}}' }, ['broken']],
  ] as const)('refuses %s with INVALID_PARAMS', (_case, headers, keys) => {
    expect(refusal(() => fillRequestHeaders(headers, keys, secret)).code).toBe('INVALID_PARAMS');
  });

  it('names the secret or the header in each refusal', () => {
    expect(refusal(() => fillRequestHeaders({ A: '{{secret:other}}' }, ['token'], secret)).message).toBe(
      '"other" is not a secret setting of this card',
    );
    expect(refusal(() => fillRequestHeaders({ A: '{{secret:unset}}' }, ['unset'], secret)).message).toBe(
      'the secret setting "unset" is not set',
    );
    expect(refusal(() => fillRequestHeaders({ A: '{{secret:broken}}' }, ['broken'], secret)).message).toBe(
      'header "A": a secret filled into it is not a valid header value',
    );
  });

  it('checks every header before it looks at any secret', () => {
    // The bad header comes second: its refusal wins over the unset secret of the first.
    const refused = refusal(() => fillRequestHeaders({ A: '{{secret:unset}}', Host: 'x' }, ['unset'], secret));
    expect(refused).toEqual({
      code: 'INVALID_PARAMS',
      message: 'header "Host" cannot be set by a card',
      data: undefined,
    });
  });
});
