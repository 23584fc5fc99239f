import { describe, expect, it } from 'vitest';
import { isHostAllowed, isLocalHost, parseHostPattern } from './hosts.js';

describe('parseHostPattern', () => {
  // rule, accepted entry → canonical form, refused entry → message
  const rows: [string, string, string, unknown, string][] = [
    ['must be a string', 'api.github.com', 'api.github.com', 42, 'not a string'],
    ['trimmed, must already be lowercase', ' api.github.com ', 'api.github.com', 'API.github.com', 'must be lowercase'],
    [
      'no scheme or path',
      'example.com',
      'example.com',
      'https://example.com',
      'a host, not a URL (no scheme, path or IP literal)',
    ],
    [
      'no user info',
      'example.com',
      'example.com',
      'me@example.com',
      'a host, not a URL (no scheme, path or IP literal)',
    ],
    ['no IP literal', 'example.com', 'example.com', '[::1]:8080', 'a host, not a URL (no scheme, path or IP literal)'],
    ['port 1–65535', 'example.com:8443', 'example.com:8443', 'example.com:65536', 'invalid port'],
    ['port digits', 'example.com:1', 'example.com:1', 'example.com:12a', 'invalid port'],
    ['port 0 refused', 'example.com:65535', 'example.com:65535', 'example.com:0', 'invalid port'],
    ['port 443 dropped', 'example.com:443', 'example.com', 'example.com:', 'invalid port'],
    [
      'wildcard needs two labels',
      '*.example.com',
      '*.example.com',
      '*.com',
      'a wildcard needs at least two labels after it (*.example.com)',
    ],
    [
      'only a leading wildcard',
      '*.a.example.com',
      '*.a.example.com',
      'a.*.example.com',
      'only a leading "*." wildcard is allowed',
    ],
    [
      'no localhost',
      'local.example.com',
      'local.example.com',
      'localhost',
      'use the network.local permission for this computer',
    ],
    [
      'no *.localhost',
      'dev.example.com',
      'dev.example.com',
      '*.app.localhost',
      'use the network.local permission for this computer',
    ],
    [
      'no wildcard over localhost',
      '*.example.com',
      '*.example.com',
      '*.localhost',
      'use the network.local permission for this computer',
    ],
    [
      'no wildcard over localhost, with a port',
      'example.com:3000',
      'example.com:3000',
      '*.localhost:3000',
      'use the network.local permission for this computer',
    ],
    [
      'no loopback address',
      'example.com',
      'example.com',
      '127.0.0.1:8080',
      'use the network.local permission for this computer',
    ],
    ['two labels', 'a.b', 'a.b', 'intranet', 'invalid host name'],
    ['label characters', 'a-b.example.com', 'a-b.example.com', 'a_b.example.com', 'invalid host name'],
    ['label ends alphanumeric', 'a1.example.com', 'a1.example.com', 'a-.example.com', 'invalid host name'],
    ['label ≤ 63', `${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`, `${'a'.repeat(64)}.com`, 'invalid host name'],
    [
      'name ≤ 253',
      `${'a.'.repeat(126)}com`.slice(0, 253),
      `${'a.'.repeat(126)}com`.slice(0, 253),
      `${'a.'.repeat(126)}com`,
      'invalid host name',
    ],
    ['no IPv4', 'example.c0m', 'example.c0m', '10.0.0.1', 'invalid host name'],
    ['no hex IPv4', 'example.c0m', 'example.c0m', '0xa.0x0.0x0.0x1', 'invalid host name'],
    ['no short IPv4', 'example.c0m', 'example.c0m', '10.1', 'invalid host name'],
    ['no number-ended name a URL refuses', 'a.1e', 'a.1e', 'example.0x1', 'invalid host name'],
    ['a 0x label is a name', '0x.example.com', '0x.example.com', 'example.0x', 'invalid host name'],
  ];
  it.each(rows)('%s', (_rule, good, canonical, bad, error) => {
    expect(parseHostPattern(good)).toMatchObject({ ok: true, pattern: canonical });
    expect(parseHostPattern(bad)).toEqual({ ok: false, error });
  });

  it.each(['0x7f.0x0.0x0.0x1', '0177.0.0.1', '127.1', '0x7f.1:8080', '*.0x7f.1', '*.127.1'])(
    'refuses %s as the loopback address it is (WHATWG URL host parsing)',
    (pattern) => {
      expect(parseHostPattern(pattern)).toEqual({
        ok: false,
        error: 'use the network.local permission for this computer',
      });
    },
  );

  it.each([
    ['*.co.uk', 'co.uk'],
    ['*.github.io', 'github.io'],
    ['*.com.au:8443', 'com.au'],
    ['*.s3.amazonaws.com', 's3.amazonaws.com'],
  ])('refuses %s, a wildcard directly over the public suffix %s', (pattern, suffix) => {
    expect(parseHostPattern(pattern)).toEqual({
      ok: false,
      error: `"${suffix}" is a public suffix; name your own domain (*.example.${suffix})`,
    });
    expect(isHostAllowed([pattern], `shop.${suffix}`, pattern.endsWith(':8443') ? 8443 : 443)).toBe(false);
  });

  it.each(['*.example.co.uk', '*.me.github.io', 'co.uk', 'github.io', '*.bucket.s3.amazonaws.com'])(
    'accepts %s (a wildcard under a registered name, or the suffix itself)',
    (pattern) => {
      expect(parseHostPattern(pattern)).toMatchObject({ ok: true, pattern });
    },
  );

  it('reads the port after the last colon only', () => {
    expect(parseHostPattern('a:b:443')).toEqual({ ok: false, error: 'invalid host name' });
    expect(parseHostPattern('example.com:443x')).toEqual({ ok: false, error: 'invalid port' });
  });

  it('splits the parts', () => {
    expect(parseHostPattern('*.example.com:8080')).toEqual({
      ok: true,
      pattern: '*.example.com:8080',
      host: 'example.com',
      wildcard: true,
      port: 8080,
    });
  });
});

describe('isHostAllowed', () => {
  const rows: [string, string[], string, number | undefined, boolean][] = [
    ['exact name', ['api.github.com'], 'api.github.com', undefined, true],
    ['other name', ['api.github.com'], 'github.com', undefined, false],
    ['case and trailing dot', ['api.github.com'], 'API.GitHub.com.', undefined, true],
    ['wildcard subdomain', ['*.github.com'], 'raw.github.com', undefined, true],
    ['any one of the patterns', ['api.github.com', 'uploads.github.com'], 'uploads.github.com', undefined, true],
    ['wildcard deep subdomain', ['*.github.com'], 'a.b.github.com', undefined, true],
    ['wildcard is strict', ['*.github.com'], 'github.com', undefined, false],
    ['wildcard is not a suffix', ['*.github.com'], 'evilgithub.com', undefined, false],
    ['default port 443', ['example.com'], 'example.com', 443, true],
    ['other port refused', ['example.com'], 'example.com', 8443, false],
    ['pattern port', ['example.com:8443'], 'example.com', 8443, true],
    ['pattern port needs it', ['example.com:8443'], 'example.com', undefined, false],
    ['invalid patterns match nothing', ['localhost'], 'localhost', undefined, false],
  ];
  it.each(rows)('%s', (_rule, patterns, host, port, expected) => {
    expect(isHostAllowed(patterns, host, port)).toBe(expected);
  });

  it('reads URL ports as strings', () => {
    const url = new URL('https://example.com:8443/x');
    expect(isHostAllowed(['example.com:8443'], url.hostname, url.port)).toBe(true);
    expect(isHostAllowed(['example.com'], new URL('https://example.com/').hostname, '')).toBe(true);
  });
});

describe('isLocalHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    'app.localhost',
    '127.0.0.1',
    '0x7f.0x0.0x0.0x1',
    '0X7F.1',
    '2130706433',
    '0177.0.0.1',
    '127.1',
    '127.0.0.1.',
    '[::1]',
    '::1',
  ])('%s is local', (host) => {
    expect(isLocalHost(host)).toBe(true);
  });
  it.each([
    'example.com',
    '127.0.0.2',
    '2130706434',
    '0x7f.0x0.0x0.0x2',
    'a.0x7f.1',
    'localhost.example.com',
    'mylocalhost',
  ])('%s is not local', (host) => {
    expect(isLocalHost(host)).toBe(false);
  });
});

describe('hosts on bad input', () => {
  it('never allows or calls local what is not a host name', () => {
    expect(isLocalHost(undefined as unknown as string)).toBe(false);
    expect(isHostAllowed(['a.dev'], null as unknown as string)).toBe(false);
    expect(isHostAllowed(null as unknown as string[], 'a.dev')).toBe(false);
  });

  it.each([
    ['an object without a primitive value', Object.create(null) as object],
    [
      'an object whose valueOf throws',
      {
        valueOf: (): never => {
          throw new Error('no value');
        },
      },
    ],
    ['a symbol', Symbol('port')],
    ['a bigint', 443n],
  ])('refuses a port that is %s instead of throwing', (_, port) => {
    expect(isHostAllowed(['a.dev'], 'a.dev', port as unknown as number)).toBe(false);
  });
});
