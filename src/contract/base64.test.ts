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

  it('round-trips 100,000 bytes', () => {
    const bytes = new Uint8Array(100_000).fill(255);
    const text = encodeBase64(bytes);
    expect(text.length).toBe(Math.ceil(100_000 / 3) * 4);
    // Compared as one boolean: element-wise equality over 100,000 entries takes seconds.
    expect(Buffer.from(decodeBase64(text)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('encodes every length and byte like btoa, padding included', () => {
    for (let length = 0; length <= 7; length += 1) {
      const bytes = Uint8Array.from({ length: 256 + length }, (_v, i) => (i * 151 + length) & 255);
      expect(encodeBase64(bytes), `length ${bytes.length}`).toBe(btoa(String.fromCharCode(...bytes)));
    }
  });

  it('encodes 9 MiB, as fs.writeBytes sends it', () => {
    const bytes = new Uint8Array(9 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) & 255;
    const text = encodeBase64(bytes);
    expect(text.length).toBe(12 * 1024 * 1024);
    // Compared as booleans: a 12 MiB string diff would drown the report.
    expect(text === Buffer.from(bytes).toString('base64')).toBe(true);
  });

  it('refuses text that is not base64', () => {
    expect(() => decodeBase64('***')).toThrow();
  });
});
