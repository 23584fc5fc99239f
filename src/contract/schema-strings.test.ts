import { describe, expect, it } from 'vitest';
import { codePointLength, compilePattern, isUri } from './schema-strings.js';

describe('codePointLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['😀', 1],
    ['a😀b😀', 4],
    // The first and last high surrogates, each with the first and last low surrogate: one code point each.
    ['\ud800\udc00', 1],
    ['\udbff\udfff', 1],
    // A high surrogate before a non-surrogate, or at the end, counts alone; so does a lone low surrogate.
    ['\ud800a', 2],
    ['a\udbff', 2],
    ['\udc00\udc00', 2],
    // Units just outside the surrogate ranges are ordinary characters.
    ['\ud7ff\udc00', 2],
    ['\udbff\ue000', 2],
    ['\udc00\udfff', 2],
  ])('counts %j as %i', (text, count) => {
    expect(codePointLength(text)).toBe(count);
  });
});

describe('compilePattern', () => {
  it('compiles with the u flag, gives the same RegExp again, and null for a pattern that does not compile', () => {
    const first = compilePattern('^\\p{L}+$');
    expect(first?.flags).toBe('u');
    expect(first?.test('Привет')).toBe(true);
    expect(compilePattern('^\\p{L}+$')).toBe(first);
    expect(compilePattern('(')).toBeNull();
    expect(compilePattern('(')).toBeNull();
  });

  it('keeps compiling correctly after its cache of 500 patterns is cleared', () => {
    const early = compilePattern('^early$');
    for (let i = 0; i < 600; i += 1) expect(compilePattern(`^p${i}$`)?.test(`p${i}`)).toBe(true);
    const again = compilePattern('^early$');
    expect(again).not.toBe(early);
    expect(again?.test('early')).toBe(true);
  });
});

describe('isUri', () => {
  it('takes an absolute URI of at most 8,192 characters without spaces', () => {
    expect(isUri('https://x.dev/a?b=1')).toBe(true);
    expect(isUri(`a:${'x'.repeat(8190)}`)).toBe(true);
    expect(isUri(`a:${'x'.repeat(8191)}`)).toBe(false);
    expect(isUri('/relative')).toBe(false);
    expect(isUri('https://x.dev/a b')).toBe(false);
  });
});
