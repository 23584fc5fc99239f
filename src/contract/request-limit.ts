// How large a request may be, by method: apart from the params schemas so a card's channel reads it without them.
import * as LIMITS from './limit-values.js';
import type { MethodName } from './methods.js';

/** Methods whose request may be up to `LIMITS.largeMessageBytes`. */
export const LARGE_REQUEST_METHODS: ReadonlySet<MethodName> = /* @__PURE__ */ new Set<MethodName>([
  'net.fetch',
  'fs.write',
]);

/** The largest JSON length of a request to `method`. */
export function requestLimit(method: string): number {
  return LARGE_REQUEST_METHODS.has(method as MethodName) ? LIMITS.largeMessageBytes : LIMITS.messageBytes;
}
