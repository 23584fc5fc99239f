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
 * plain-JSON params, size limit in JSON characters).
 * @example parseRequest(event.data, METHODS[method]?.large ? LIMITS.largeMessageBytes : LIMITS.messageBytes)
 */
export function parseRequest(value: unknown, limit: number = LIMITS.messageBytes): ParsedRequest {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail(null, 'BAD_REQUEST', 'not an object');
  }
  const message = value as Record<string, unknown>;
  const id = typeof message.id === 'number' && Number.isSafeInteger(message.id) && message.id > 0 ? message.id : null;
  if (id === null || message.ns !== NS || message.kind !== 'req') {
    return fail(id, 'BAD_REQUEST', 'not a request envelope');
  }
  if (message.v !== CARD_PROTOCOL_VERSION) {
    return fail(id, 'PROTOCOL_MISMATCH', `protocol ${String(message.v)} is not ${CARD_PROTOCOL_VERSION}`);
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
}

function fail(id: number | null, code: string, message: string, data?: unknown): ParsedRequest {
  const error: CardErrorPayload = { code, message };
  if (data !== undefined) error.data = data;
  return { ok: false, id, error };
}
