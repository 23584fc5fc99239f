// Reading neurosquad-card.json's text: its size, JSON with the line and column of a syntax error, an object.
import { MANIFEST_FILE } from './constants.js';
import { CardSdkError } from './errors.js';
import { isPlainObject } from './json.js';
import { LIMITS } from './limits.js';

/** Where `JSON.parse` stopped (1-based line and column) and why, from its message on any engine. */
function jsonErrorPlace(text: string, message: string): { line: number; column: number; reason: string } {
  const reported = /line (\d+) column (\d+)/.exec(message);
  const position = /position (\d+)/.exec(message);
  const reason = message.replace(/\s*(?:in JSON )?at position \d+.*$/s, '').replace(/^JSON\.parse: /, '');
  if (reported) return { line: Number(reported[1]), column: Number(reported[2]), reason };
  const offset = position ? Number(position[1]) : text.length;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1, reason };
}

/**
 * Parses the text of neurosquad-card.json (a UTF-8 BOM is ignored): at most 256 KiB, valid JSON, an object.
 * Throws a `CardSdkError` (`TOO_LARGE` or `INVALID_PARAMS`) that names the file.
 * @example const manifest = parseManifestText(await readFile('neurosquad-card.json', 'utf8'))
 */
export function parseManifestText(text: string): Record<string, unknown> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (new TextEncoder().encode(body).length > LIMITS.manifestBytes) {
    throw new CardSdkError('TOO_LARGE', `${MANIFEST_FILE} is larger than ${LIMITS.manifestBytes / 1024} KB`);
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const { line, column, reason } = jsonErrorPlace(body, (error as Error).message);
    throw new CardSdkError(
      'INVALID_PARAMS',
      `${MANIFEST_FILE} is not valid JSON at line ${line}, column ${column}: ${reason}`,
      { line, column },
    );
  }
  if (!isPlainObject(value)) throw new CardSdkError('INVALID_PARAMS', `${MANIFEST_FILE} must contain a JSON object`);
  return value;
}
