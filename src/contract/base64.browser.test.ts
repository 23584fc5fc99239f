// In Chromium, where `Uint8Array.prototype.toBase64` exists, encodeBase64 takes the native path: same text as btoa.
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.js';

describe('base64 in the browser', () => {
  it('has the native encoder this path relies on', () => {
    expect(typeof (new Uint8Array(0) as Uint8Array & { toBase64?: unknown }).toBase64).toBe('function');
  });

  it('encodes every length, offset view and byte like btoa', () => {
    for (let length = 0; length <= 7; length += 1) {
      const bytes = Uint8Array.from({ length: 256 + length }, (_v, i) => (i * 151 + length) & 255);
      expect(encodeBase64(bytes), `length ${bytes.length}`).toBe(btoa(String.fromCharCode(...bytes)));
      expect(decodeBase64(encodeBase64(bytes.buffer))).toEqual(bytes);
    }
    const buffer = Uint8Array.from([0, 104, 105, 0]).buffer;
    expect(encodeBase64(new DataView(buffer, 1, 2))).toBe('aGk=');
    expect(encodeBase64(new Uint8Array(buffer, 1, 2))).toBe('aGk=');
  });
});
