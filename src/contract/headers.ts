/** Request headers a card may never set (compared in lower case); `sec-*` and `proxy-*` are refused too. */
export const FORBIDDEN_REQUEST_HEADERS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'cookie',
  'cookie2',
  'proxy-authorization',
  'proxy-connection',
  'origin',
  'referer',
  'user-agent',
  'via',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'cf-connecting-ip',
  'dnt',
]);

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
const HEADER_VALUE_MAX = 8192;
// Tab, visible ASCII and space: no CR, LF, NUL or other control character, and nothing outside ASCII (`é`), which
// the app's HTTP stack refuses (a Latin-1 byte is read differently by each server, RFC 9110's obs-text).
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * Checks one request header a card wants to send (or the value the host will send, after filling secrets);
 * returns the reason it is refused, or `null`. Values with control or non-ASCII characters (`é`) are refused.
 * @example checkRequestHeader('Cookie', 'a=1') // 'header "Cookie" cannot be set by a card'
 */
export function checkRequestHeader(name: unknown, value: unknown): string | null {
  if (typeof name !== 'string' || !HEADER_NAME.test(name)) return 'invalid header name';
  const lower = name.toLowerCase();
  if (FORBIDDEN_REQUEST_HEADERS.includes(lower) || lower.startsWith('sec-') || lower.startsWith('proxy-')) {
    return `header "${name}" cannot be set by a card`;
  }
  if (typeof value !== 'string' || value.length > HEADER_VALUE_MAX || !HEADER_VALUE.test(value)) {
    return 'invalid header value';
  }
  return null;
}
