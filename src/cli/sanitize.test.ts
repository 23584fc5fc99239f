// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sanitizeText, terminalSafeJson } from './sanitize.js';

describe('sanitizeText', () => {
  it.each([
    ['colour escape', 'ok\u001b[31mred\u001b[0m', 'okred'],
    ['cursor movement and screen clear', 'a\u001b[2J\u001b[Hb', 'ab'],
    ['OSC title / hyperlink', 'x\u001b]0;pwned\u0007y\u001b]8;;https://evil\u001b\\z', 'xyz'],
    ['8-bit CSI', 'a\u009b31mb', 'ab'],
    ['bidi override (Trojan Source)', 'safe\u202eexe.txt', 'safeexe.txt'],
    ['bidi isolates', '\u2066a\u2069\u2067b\u2068', 'ab'],
    ['zero-width characters', 'ad\u200bmin\u200d', 'admin'],
    ['Unicode tag characters', 'hi\u{E0041}\u{E0042}', 'hi'],
    ['carriage return overwrite', 'good\rbad', 'goodbad'],
    ['bell and backspace', 'a\u0007\u0008b', 'ab'],
  ])('removes %s', (_name, input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });

  it('keeps newlines and tabs only in multi-line text', () => {
    expect(sanitizeText('a\n\tb')).toBe('ab');
    expect(sanitizeText('a\n\tb', { multiline: true })).toBe('a\n\tb');
  });

  it('keeps ordinary text in any script', () => {
    expect(sanitizeText('Радар тестов · 测试 ✓')).toBe('Радар тестов · 测试 ✓');
  });
});

describe('terminalSafeJson', () => {
  it('escapes bidi, invisible and C1 characters so the JSON prints safely and parses back to the same value', () => {
    const value = {
      path: 'safe\u202eexe.txt',
      name: 'ad\u200bmin\u{E0041}',
      csi: 'a\u009b31mb',
      esc: 'x\u001b[2Jy',
      text: 'Радар ✓',
    };
    const json = terminalSafeJson(value);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u);
    expect(json).toContain('safe\\u202eexe.txt');
    expect(json).toContain('Радар ✓');
    expect(JSON.parse(json)).toEqual(value);
  });
});
