import { HIDING, LINE_UNSAFE, MULTILINE_UNSAFE } from '../contract/hiding-characters.js';
// Terminal escape sequences: CSI (ESC [ … final), OSC (ESC ] … BEL/ST), other two-byte ESC sequences, and 8-bit CSI/OSC.
const ESCAPES =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[@-Z\\-_]?|\u009b[0-?]*[ -/]*[@-~]|\u009d[^\u0007\u009c]*[\u0007\u009c]?/g;
// What the manifest's text rule refuses: controls (tab and line feed kept in multi-line text), bidi, zero-width and
// other format characters, line/paragraph separators.
const UNSAFE_MULTILINE = new RegExp(MULTILINE_UNSAFE, 'gu');
const UNSAFE_LINE = new RegExp(LINE_UNSAFE, 'gu');

/** Card text made safe to print: escape sequences, controls, bidi and invisible characters removed. */
export function sanitizeText(text: unknown, { multiline = false }: { multiline?: boolean } = {}): string {
  const value = typeof text === 'string' ? text : String(text);
  const withoutEscapes = value.replace(ESCAPES, '');
  return withoutEscapes.replace(multiline ? UNSAFE_MULTILINE : UNSAFE_LINE, '');
}

// What JSON.stringify leaves raw but a terminal acts on: C1 controls, bidi and other format characters, separators.
const RAW_IN_JSON = new RegExp(String.raw`[\u007f-\u009f${HIDING}]`, 'gu');

/** Pretty JSON that is safe to print: characters a terminal would act on become \u escapes, so values parse back unchanged. */
export function terminalSafeJson(value: unknown): string {
  // split('') yields UTF-16 units, so an astral tag character becomes its escaped surrogate pair.
  const escape = (char: string) =>
    char
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('');
  return JSON.stringify(value, null, 2).replace(RAW_IN_JSON, escape);
}
