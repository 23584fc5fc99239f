import { describe, expect, it } from 'vitest';
import { decodeFileName, invalidUtf8Offset } from './utf8.js';

describe('invalidUtf8Offset', () => {
  it('is null for valid UTF-8, astral characters included', () => {
    expect(invalidUtf8Offset(Buffer.from('café 🃏 ok'))).toBeNull();
  });

  it('gives the offset of the first bad byte: stray, truncated, overlong, surrogate, past U+10FFFF', () => {
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xff]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0x62, 0xe2, 0x82]))).toBe(2);
    expect(invalidUtf8Offset(Buffer.from([0xc0, 0xaf]))).toBe(0);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xc3, 0x28]))).toBe(1);
  });
});

describe('decodeFileName', () => {
  it('names the bad byte and shows the name with replacement characters', () => {
    expect(decodeFileName(Buffer.from('a.txt'))).toEqual({ ok: true, name: 'a.txt' });
    expect(decodeFileName(Buffer.from([0x78, 0xfe, 0x2e, 0x6a, 0x73]))).toEqual({
      ok: false,
      shown: 'x\uFFFD.js',
      reason: 'its name is not valid UTF-8 (byte 0xfe at offset 1); rename it',
    });
  });
});
