import { CARD_PROTOCOL_VERSION, NS } from '../contract/constants.js';
import type { CardErrorPayload } from '../contract/errors.js';
import { checkPlainJson } from '../contract/json.js';
import { LIMITS } from '../contract/limits.js';
import type { RequestEnvelope } from '../transport/envelopes.js';

/** Result of {@link parseRequest}: the request, or an error to answer with (`id` null when unreadable). */
export type ParsedRequest =
  { ok: true; message: RequestEnvelope } | { ok: false; id: number | null; error: CardErrorPayload };

const METHOD_NAME = /^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/;
const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['ns', 'v', 'kind', 'id', 'method', 'params']);

/**
 * Host side: checks one inbound request envelope in the app's order (shape, protocol, method name, fields,
 * plain-JSON params, size limit in JSON characters). Never throws: every field is checked by type before use,
 * and an envelope that cannot even be read (a throwing getter, a revoked proxy) is `BAD_REQUEST`.
 * @example parseRequest(event.data, METHODS[method]?.large ? LIMITS.largeMessageBytes : LIMITS.messageBytes)
 */
export function parseRequest(value: unknown, limit: number = LIMITS.messageBytes): ParsedRequest {
  let id: number | null = null;
  try {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return fail(null, 'BAD_REQUEST', 'not an object');
    }
    const message = value as Record<string, unknown>;
    const rawId = message.id;
    id = typeof rawId === 'number' && Number.isSafeInteger(rawId) && rawId > 0 ? rawId : null;
    if (id === null || message.ns !== NS || message.kind !== 'req') {
      return fail(id, 'BAD_REQUEST', 'not a request envelope');
    }
    const version = message.v;
    if (version !== CARD_PROTOCOL_VERSION) {
      return fail(id, 'PROTOCOL_MISMATCH', `protocol ${describeVersion(version)} is not ${CARD_PROTOCOL_VERSION}`);
    }
    const method = message.method;
    if (typeof method !== 'string' || method.length > 64 || !METHOD_NAME.test(method)) {
      return fail(id, 'METHOD_NOT_FOUND', 'invalid method name');
    }
    for (const key of Object.keys(message)) {
      if (!ENVELOPE_KEYS.has(key)) return fail(id, 'BAD_REQUEST', 'unexpected envelope field');
    }
    const issue = checkPlainJson(message.params ?? null, {
      maxDepth: LIMITS.valueDepth,
      maxNodes: LIMITS.valueNodes,
    });
    if (issue) return fail(id, 'BAD_REQUEST', `params: ${issue.message}`, issue);
    if (JSON.stringify(message).length > limit) {
      return fail(id, 'TOO_LARGE', `message larger than ${limit} bytes`);
    }
    return { ok: true, message: message as unknown as RequestEnvelope };
  } catch {
    // Only values that are not structured-clone data get here (getters, proxies): not an envelope.
    return fail(id, 'BAD_REQUEST', 'not a request envelope');
  }
}

/** The protocol value as the error shows it: primitives as text (cut to 32 characters), objects by their kind. */
function describeVersion(version: unknown): string {
  if (version === null || (typeof version !== 'object' && typeof version !== 'function')) {
    return String(version).slice(0, 32);
  }
  if (typeof version === 'function') return 'a function';
  try {
    return Array.isArray(version) ? 'an array' : 'an object';
  } catch {
    // A revoked proxy: still an object whose protocol is not 1, never an unreadable envelope.
    return 'an object';
  }
}

function fail(id: number | null, code: string, message: string, data?: unknown): ParsedRequest {
  const error: CardErrorPayload = { code, message };
  if (data !== undefined) error.data = data;
  return { ok: false, id, error };
}
