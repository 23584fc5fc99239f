import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.js';

describe('base64', () => {
  it('round-trips bytes', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_v, i) => i);
    expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
  });

  it('encodes text bytes like btoa', () => {
    expect(encodeBase64(new TextEncoder().encode('hi'))).toBe('aGk=');
    expect(encodeBase64(new ArrayBuffer(0))).toBe('');
  });

  it('encodes views at their offset', () => {
    const buffer = Uint8Array.from([0, 104, 105, 0]).buffer;
    expect(encodeBase64(new DataView(buffer, 1, 2))).toBe('aGk=');
  });

  it('encodes buffers larger than one slice', () => {
    const bytes = new Uint8Array(100_000).fill(255);
    const text = encodeBase64(bytes);
    expect(text.length).toBe(Math.ceil(100_000 / 3) * 4);
    expect(decodeBase64(text)).toEqual(bytes);
  });

  it('refuses text that is not base64', () => {
    expect(() => decodeBase64('***')).toThrow();
  });
});
