import { sanitizeText } from '../cli/sanitize.js';

const LEVELS = new Set(['debug', 'info', 'warn', 'error']);

/** A file named by the browser, shown relative to the card folder when it is one of the card's files. */
function cardFileName(file: unknown, cardOrigin: string): string | undefined {
  if (typeof file !== 'string' || file === '') return undefined;
  const relative = file.startsWith(`${cardOrigin}/`) ? file.slice(cardOrigin.length + 1) : file;
  return sanitizeText(relative.split(/[?#]/)[0] || relative);
}

function where(file: string | undefined, line: unknown, column?: unknown): string {
  if (file === undefined) return '';
  const at =
    typeof line === 'number' && line > 0
      ? `:${line}${typeof column === 'number' && column > 0 ? `:${column}` : ''}`
      : '';
  return `${file}${at}`;
}

/** `HH:MM:SS.mmm` of a time in ms (the local clock), or of now. */
function clockTime(time: unknown): string {
  const date = new Date(typeof time === 'number' && Number.isFinite(time) ? time : Date.now());
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

function record(body: unknown): Record<string, unknown> | null {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** A `card.log.*` line posted by the page (`{ level, message, data?, time }`), or null when malformed. */
export function logLine(body: unknown): string | null {
  const log = record(body);
  if (!log || typeof log.level !== 'string' || !LEVELS.has(log.level) || typeof log.message !== 'string') return null;
  const data = log.data === undefined ? '' : ` ${sanitizeText(JSON.stringify(log.data) ?? '')}`;
  return `${clockTime(log.time)} ${log.level.padEnd(5)} ${sanitizeText(log.message)}${data}\n`;
}

/** An uncaught error of the card (`{ message, stack?, file?, line?, column? }`), or null when malformed. */
export function errorLines(body: unknown, cardOrigin: string): string | null {
  const error = record(body);
  if (!error || typeof error.message !== 'string') return null;
  const at = where(cardFileName(error.file, cardOrigin), error.line, error.column);
  let text = `${clockTime(undefined)} error uncaught ${sanitizeText(error.message)}${at ? ` (${at})` : ''}\n`;
  if (typeof error.stack === 'string') {
    const frames = error.stack
      .split('\n')
      .filter((line) => /^\s+at\s|@/.test(line))
      .slice(0, 8);
    for (const frame of frames) text += `    ${sanitizeText(frame.trim().replaceAll(`${cardOrigin}/`, ''))}\n`;
  }
  return text;
}

/** A sandbox refusal, CSP finding or SDK warning posted by the page (`{ kind, message, file?, line? }`), or null. */
export function findingLine(body: unknown, cardOrigin: string): string | null {
  const finding = record(body);
  const kinds: unknown[] = ['sandbox', 'csp', 'warning'];
  if (!finding || !kinds.includes(finding.kind) || typeof finding.message !== 'string') {
    return null;
  }
  const at = where(cardFileName(finding.file, cardOrigin), finding.line);
  return `${clockTime(undefined)} finding (${String(finding.kind)}) ${at ? `${at}: ` : ''}${sanitizeText(finding.message)}\n`;
}

/** A browser CSP report (`{ "csp-report": { … } }`) as a finding's text naming the file and line, or null. */
export function cspFindingText(body: unknown, cardOrigin: string): string | null {
  const report = record(record(body)?.['csp-report']);
  if (!report) return null;
  const named = [report['effective-directive'], report['violated-directive']].find(
    (value) => typeof value === 'string',
  );
  const directive = typeof named === 'string' ? named : 'a directive';
  const blocked = typeof report['blocked-uri'] === 'string' ? report['blocked-uri'] : '';
  const source = cardFileName(report['source-file'], cardOrigin) ?? cardFileName(report['document-uri'], cardOrigin);
  const what =
    blocked === 'inline'
      ? `an inline ${directive.startsWith('style') ? 'style' : directive.startsWith('script') ? 'script' : 'resource'}`
      : blocked === 'eval'
        ? 'eval() or new Function()'
        : blocked === ''
          ? 'a resource'
          : sanitizeText(cardFileName(blocked, cardOrigin) ?? blocked);
  const line = where(source, report['line-number'], report['column-number']);
  return `${line ? `${line}: ` : ''}blocked ${what} (${sanitizeText(directive)}): the app's CSP allows only the package's own files`;
}

/** A CSP finding's text as the terminal's line. */
export function cspLine(text: string): string {
  return `${clockTime(undefined)} finding (csp) ${text}\n`;
}
