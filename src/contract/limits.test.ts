import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.js';

describe('LIMITS', () => {
  const rows: Array<[keyof typeof LIMITS, number]> = [
    ['messageBytes', 1024 * 1024],
    ['largeMessageBytes', 12 * 1024 * 1024],
    ['inFlightRequests', 64],
    ['valueDepth', 64],
    ['valueNodes', 200_000],
    ['tarballBytes', 50 * 1024 * 1024],
    ['unpackedBytes', 100 * 1024 * 1024],
    ['fileBytes', 20 * 1024 * 1024],
    ['manifestBytes', 256 * 1024],
    ['iconBytes', 128 * 1024],
    ['instanceStorageBytes', 5 * 1024 * 1024],
    ['packageStorageBytes', 20 * 1024 * 1024],
    ['schemaEnumBytes', 16 * 1024],
    ['schemaConstBytes', 4 * 1024],
    ['netRequestBodyBytes', 5 * 1024 * 1024],
    ['netResponseBytes', 10 * 1024 * 1024],
    ['outputFlushBytes', 64 * 1024],
    ['retainedValueBytes', 256 * 1024],
    ['clipboardChars', 1_048_576],
    ['promptsPerMinute', 6],
    ['toastIntervalMs', 2_000],
    ['readyTimeoutMs', 10_000],
    ['frameMountsPerFrame', 2],
  ];
  it.each(rows)('%s = %d', (name, value) => {
    expect(LIMITS[name]).toBe(value);
  });

  it('has the 79 entries of protocol 1 and is frozen', () => {
    expect(Object.keys(LIMITS)).toHaveLength(79);
    expect(Object.isFrozen(LIMITS)).toBe(true);
  });
});
