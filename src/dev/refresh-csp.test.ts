import { describe, expect, it } from 'vitest';
import { cardContentSecurityPolicy } from './csp.js';
import { refreshContentSecurityPolicy, refreshLooseningLine } from './refresh-csp.js';

const ORIGIN = 'http://127.0.0.1:4100';
const REPORT = 'http://127.0.0.1:5180/__dev/csp?token=t';

describe('refreshContentSecurityPolicy', () => {
  it("is the app's CSP with connect-src the HMR socket only and style-src also the dev server's nonce", () => {
    const strict = cardContentSecurityPolicy(ORIGIN, REPORT).split('; ');
    const loose = refreshContentSecurityPolicy(ORIGIN, REPORT, {
      socket: 'ws://127.0.0.1:4100',
      styleNonce: 'abc',
    }).split('; ');
    expect(loose).toHaveLength(strict.length);
    const changed = loose.filter((rule, index) => rule !== strict[index]);
    expect(changed).toEqual([`style-src 'self' ${ORIGIN} 'nonce-abc'`, 'connect-src ws://127.0.0.1:4100']);
    expect(loose).toContain(`script-src 'self' ${ORIGIN}`);
  });

  it("says in one line what is loosened and that validate checks the build against the app's own", () => {
    const line = refreshLooseningLine('ws://127.0.0.1:4100');
    expect(line).toMatch(/^[^\n]+\n$/);
    expect(line).toContain('connect-src ws://127.0.0.1:4100');
    expect(line).toContain('style-src by nonce');
    expect(line).toContain("validate checks the build against the app's own");
  });
});
