import { describe, expect, it } from 'vitest';
import { sameSecret } from './same-secret.js';

describe('sameSecret', () => {
  it('takes only the exact secret: not a prefix, a longer token, another of the same length, none or an empty one', () => {
    expect(sameSecret('f3a9c1', 'f3a9c1')).toBe(true);
    expect(sameSecret('f3a9', 'f3a9c1')).toBe(false);
    expect(sameSecret('f3a9c1d', 'f3a9c1')).toBe(false);
    expect(sameSecret('f3a9c2', 'f3a9c1')).toBe(false);
    expect(sameSecret(null, 'f3a9c1')).toBe(false);
    expect(sameSecret(undefined, 'f3a9c1')).toBe(false);
    // A server without a secret yet lets nobody in, even a request that sends none.
    expect(sameSecret('', '')).toBe(false);
  });
});
