// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { getPublicSuffix } from 'tldts';
import { SHARED_SUFFIXES } from '../contract/shared-suffixes.js';
import { tempFolders, writeValidCard } from './test-folders.js';
import { validateFolder } from './validate.js';
import { publicSuffixWildcards } from './wildcard-hosts.js';

const { temp } = tempFolders();

const network = (...hosts: unknown[]) => ({ permissions: ['agents.read', { id: 'network', hosts }] });

describe('publicSuffixWildcards', () => {
  it.each([
    ['*.co.ck', 'co.ck'],
    ['*.surge.sh', 'surge.sh'],
    ['*.foo.ck', 'foo.ck'],
    ['*.com.ng:8443', 'com.ng'],
  ])('refuses %s, a wildcard directly over the public suffix %s, at its path', (pattern, suffix) => {
    expect(publicSuffixWildcards(network('api.github.com', pattern))).toEqual([
      {
        path: '/permissions/1/hosts/1',
        message: `host "${pattern}": "${suffix}" is a public suffix; name your own domain (*.example.${suffix})`,
      },
    ]);
  });

  it.each(['*.example.co.uk', '*.me.github.io', '*.github.com', '*.example.internal', 'co.uk', 'github.io'])(
    'accepts %s (a wildcard under a registered domain, or no wildcard)',
    (pattern) => {
      expect(publicSuffixWildcards(network(pattern))).toEqual([]);
    },
  );

  it('leaves hosts the app refuses (the core shared suffixes among them), and entries without hosts, to the manifest validator', () => {
    expect(publicSuffixWildcards(network('*.com', 42, 'HTTPS://x', '*.co.uk', '*.github.io'))).toEqual([]);
    expect(publicSuffixWildcards({ permissions: 'network' })).toEqual([]);
    expect(publicSuffixWildcards({ permissions: [null, { id: 'network', hosts: '*.co.uk' }] })).toEqual([]);
  });
});

describe('the core and validate agree on wildcards over public suffixes', () => {
  it('lists in the core only names the Public Suffix List has', () => {
    expect(
      SHARED_SUFFIXES.filter((suffix) => getPublicSuffix(suffix, { allowPrivateDomains: true }) !== suffix),
    ).toEqual([]);
  });

  it.each(['*.co.uk', '*.github.io', '*.com.au', '*.s3.amazonaws.com', '*.surge.sh'])(
    'validate refuses %s once, at its path',
    (pattern) => {
      const folder = temp();
      writeValidCard(folder, { permissions: [{ id: 'network', hosts: ['api.example.com', pattern] }] });
      const report = validateFolder(folder);
      expect(report.ok).toBe(false);
      // The core reports a host at its permission, the CLI's wider list at the host itself: one finding, same words.
      expect(report.errors.filter((error) => error.where.includes('/permissions/'))).toEqual([
        {
          where: expect.stringMatching(/^neurosquad-card\.json#\/permissions\/0(?:\/hosts\/1)?$/),
          message: `host "${pattern}": "${pattern.slice(2)}" is a public suffix; name your own domain (*.example.${pattern.slice(2)})`,
        },
      ]);
    },
  );
});
