import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a token a request carried is the dev server's secret, compared in constant time so the time an answer
 * takes tells a page on this machine nothing about how much of a guess was right.
 */
export function sameSecret(given: string | null | undefined, secret: string): boolean {
  const actual = Buffer.from(given ?? '');
  const expected = Buffer.from(secret);
  return actual.length === expected.length && expected.length > 0 && timingSafeEqual(actual, expected);
}
