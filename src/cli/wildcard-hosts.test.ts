// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { publicSuffixWildcards } from './wildcard-hosts.js';

const network = (...hosts: unknown[]) => ({ permissions: ['agents.read', { id: 'network', hosts }] });

describe('publicSuffixWildcards', () => {
  it.each([
    ['*.co.uk', 'co.uk'],
    ['*.github.io', 'github.io'],
    ['*.s3.amazonaws.com', 's3.amazonaws.com'],
    ['*.foo.ck', 'foo.ck'],
    ['*.co.uk:8443', 'co.uk'],
  ])('refuses %s, a wildcard directly over the public suffix %s, at its path', (pattern, suffix) => {
    expect(publicSuffixWildcards(network('api.github.com', pattern))).toEqual([
      {
        path: '/permissions/1/hosts/1',
        message: `"*.${suffix}" is a wildcard over a public suffix: it grants every site registered under "${suffix}"; name your own domain (*.example.${suffix})`,
      },
    ]);
  });

  it.each(['*.example.co.uk', '*.me.github.io', '*.github.com', '*.example.internal', 'co.uk', 'github.io'])(
    'accepts %s (a wildcard under a registered domain, or no wildcard)',
    (pattern) => {
      expect(publicSuffixWildcards(network(pattern))).toEqual([]);
    },
  );

  it('leaves hosts the app refuses, and entries without hosts, to the manifest validator', () => {
    expect(publicSuffixWildcards(network('*.com', 42, 'HTTPS://x'))).toEqual([]);
    expect(publicSuffixWildcards({ permissions: 'network' })).toEqual([]);
    expect(publicSuffixWildcards({ permissions: [null, { id: 'network', hosts: '*.co.uk' }] })).toEqual([]);
  });
});
