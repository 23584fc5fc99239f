import { publicSuffixWildcardError, SHARED_SUFFIXES } from './shared-suffixes.js';

/** A parsed `network` host pattern, or why it was refused. */
export type HostPatternResult =
  { ok: true; pattern: string; host: string; wildcard: boolean; port: number } | { ok: false; error: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const DEFAULT_PORT = 443;
const LOOPBACK = '127.0.0.1';
const LOCAL_HOST_ERROR = 'use the network.local permission for this computer';

/**
 * The IPv4 address a name of digits, dots and hex is as a URL host (`0x7f.1`, `2130706433`, `0177.0.0.1` and
 * `127.1` are 127.0.0.1), '' when no URL takes it (`a.0x1`, `1.2.3.256`), null for a host name.
 */
function ipv4Form(name: string): string | null {
  if (!/^[0-9a-fx.]+$/.test(name)) return null;
  try {
    const host = new URL(`http://${name}/`).hostname;
    return /^[\d.]+$/.test(host) ? host : null;
  } catch {
    return '';
  }
}

function checkHostName(name: string): string | null {
  if (name.length < 1 || name.length > 253) return 'invalid host name';
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return 'invalid host name';
  // A URL host ending in a number is an IPv4 address (in any of its spellings) or no host at all.
  if (/^(?:\d+|0x[0-9a-f]*)$/.test(labels[labels.length - 1])) {
    return ipv4Form(name) === LOOPBACK ? LOCAL_HOST_ERROR : 'invalid host name';
  }
  return null;
}

function isLocalName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || ipv4Form(name) === LOOPBACK;
}

/**
 * Parses one `hosts` entry of the `network` permission into its canonical form (`*.` wildcard, host,
 * `:port` unless 443).
 * @example parseHostPattern('*.github.com:443') // { ok: true, pattern: '*.github.com', … }
 */
export function parseHostPattern(raw: unknown): HostPatternResult {
  if (typeof raw !== 'string') return { ok: false, error: 'not a string' };
  let text = raw.trim();
  if (text !== text.toLowerCase()) return { ok: false, error: 'must be lowercase' };
  if (/[/@[]/.test(text)) return { ok: false, error: 'a host, not a URL (no scheme, path or IP literal)' };
  let port = DEFAULT_PORT;
  const portMatch = /:([^:]*)$/.exec(text);
  if (portMatch) {
    const digits = portMatch[1];
    const value = Number(digits);
    if (!/^\d{1,5}$/.test(digits) || value < 1 || value > 65535) return { ok: false, error: 'invalid port' };
    port = value;
    text = text.slice(0, portMatch.index);
  }
  let wildcard = false;
  if (text.startsWith('*.')) {
    wildcard = true;
    text = text.slice(2);
    if (isLocalName(text)) return { ok: false, error: LOCAL_HOST_ERROR };
    if (text.split('.').length < 2) {
      return { ok: false, error: 'a wildcard needs at least two labels after it (*.example.com)' };
    }
    if (SHARED_SUFFIXES.includes(text)) return { ok: false, error: publicSuffixWildcardError(text) };
  }
  if (text.includes('*')) return { ok: false, error: 'only a leading "*." wildcard is allowed' };
  if (isLocalName(text)) return { ok: false, error: LOCAL_HOST_ERROR };
  const nameError = checkHostName(text);
  if (nameError) return { ok: false, error: nameError };
  const pattern = `${wildcard ? '*.' : ''}${text}${port === DEFAULT_PORT ? '' : `:${port}`}`;
  return { ok: true, pattern, host: text, wildcard, port };
}

function requestHostName(host: string): string {
  const lower = host.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/**
 * True for this computer: `localhost`, `*.localhost`, `127.0.0.1` in any spelling a URL takes (`0x7f.1`,
 * `2130706433`), `[::1]` and `::1` (any case, trailing dot ignored).
 */
export function isLocalHost(host: string): boolean {
  if (typeof host !== 'string') return false;
  const name = requestHostName(host);
  return isLocalName(name) || name === '[::1]' || name === '::1';
}

/**
 * True when a request host and port (default 443) match one of the `network` host patterns: exact names,
 * or strict subdomains for `*.` wildcards, on the pattern's port.
 * @example isHostAllowed(['*.github.com'], 'api.github.com') // true
 */
export function isHostAllowed(
  patterns: readonly string[],
  host: string,
  port: number | string = DEFAULT_PORT,
): boolean {
  if (typeof host !== 'string' || !Array.isArray(patterns)) return false;
  const name = requestHostName(host);
  // A port that is neither a number nor a string (an object, a symbol) matches no pattern.
  const requestPort =
    port === '' ? DEFAULT_PORT : typeof port === 'number' || typeof port === 'string' ? Number(port) : NaN;
  return patterns.some((raw) => {
    const parsed = parseHostPattern(raw);
    if (!parsed.ok || parsed.port !== requestPort) return false;
    return parsed.wildcard ? name.endsWith(`.${parsed.host}`) : name === parsed.host;
  });
}
