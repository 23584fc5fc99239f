import { describe, expect, it } from 'vitest';
import { HIDING, LINE_UNSAFE, MULTILINE_UNSAFE } from './hiding-characters.js';

/** Every code point of Unicode (as a string, in order) for which `keep` holds. */
function codePoints(keep: (char: string, point: number) => boolean): string[] {
  const found: string[] = [];
  for (let point = 0; point <= 0x10ffff; point += 1) {
    if (point >= 0xd800 && point <= 0xdfff) continue;
    const char = String.fromCodePoint(point);
    if (keep(char, point)) found.push(char);
  }
  return found;
}

const matched = (pattern: RegExp) => codePoints((char) => pattern.test(char));

const hex = (chars: string[]) => chars.map((char) => (char.codePointAt(0) ?? 0).toString(16));

describe('hiding characters', () => {
  const hiding = matched(new RegExp(`[${HIDING}]`, 'u'));

  it('names the bidi controls, zero-width characters, the BOM, tag characters and the line separators', () => {
    for (const point of [0x200b, 0x200d, 0x202e, 0x2066, 0x2069, 0xfeff, 0xe0041, 0x2028, 0x2029, 0x061c, 0x00ad])
      expect(hiding).toContain(String.fromCodePoint(point));
    expect(hiding).not.toContain('a');
    expect(hiding).not.toContain(' ');
    expect(hiding).not.toContain('\n');
  });

  it('refuses every control in one line of text, and all but tab and line feed in a multi-line one', () => {
    const line = matched(new RegExp(LINE_UNSAFE, 'u'));
    const multiline = matched(new RegExp(MULTILINE_UNSAFE, 'u'));
    const hidden = new Set(hiding);
    const control = (point: number) => point < 0x20 || (point >= 0x7f && point <= 0x9f);
    expect(hex(line)).toEqual(hex(codePoints((char, point) => control(point) || hidden.has(char))));
    expect(hex(multiline)).toEqual(hex(line.filter((char) => char !== '\t' && char !== '\n')));
  });
});
