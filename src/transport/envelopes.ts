import { CARD_PROTOCOL_VERSION, NS } from '../contract/constants.js';
import { errorMessage } from '../contract/error-message.js';
import type { CardErrorPayload } from '../contract/errors.js';

/** A card → host request envelope. */
export interface RequestEnvelope {
  ns: typeof NS;
  v: number;
  kind: 'req';
  id: number;
  method: string;
  params?: unknown;
}

/** A host → card success response envelope. */
export interface SuccessEnvelope {
  ns: typeof NS;
  v: number;
  kind: 'res';
  id: number;
  ok: true;
  result?: unknown;
}

/** A host → card error response envelope. */
export interface ErrorEnvelope {
  ns: typeof NS;
  v: number;
  kind: 'res';
  id: number;
  ok: false;
  error: CardErrorPayload;
}

/** A host → card response envelope (success or error). */
export type ResponseEnvelope = SuccessEnvelope | ErrorEnvelope;

/** A host → card event envelope. */
export interface EventEnvelope {
  ns: typeof NS;
  v: number;
  kind: 'evt';
  event: string;
  data?: unknown;
}

/** What the client accepts from the port: a response (possibly without `error`) or an event. */
export type InboundMessage =
  | { kind: 'res'; id: number; ok: boolean; result?: unknown; error?: CardErrorPayload }
  | { kind: 'evt'; event: string; data?: unknown };

/** Builds a request envelope; `params` is left out only when undefined. */
export function buildRequest(id: number, method: string, params?: unknown): RequestEnvelope {
  const envelope: RequestEnvelope = { ns: NS, v: CARD_PROTOCOL_VERSION, kind: 'req', id, method };
  if (params !== undefined) envelope.params = params;
  return envelope;
}

/** Builds a success response envelope; `result` is left out when undefined. */
export function buildResult(id: number, result?: unknown): SuccessEnvelope {
  const envelope: SuccessEnvelope = { ns: NS, v: CARD_PROTOCOL_VERSION, kind: 'res', id, ok: true };
  if (result !== undefined) envelope.result = result;
  return envelope;
}

/** Builds an error response envelope from `{ code, message, data? }` (`data` left out when undefined). */
export function buildError(id: number, error: CardErrorPayload): ErrorEnvelope {
  const payload: CardErrorPayload = { code: error.code, message: error.message };
  if (error.data !== undefined) payload.data = error.data;
  return { ns: NS, v: CARD_PROTOCOL_VERSION, kind: 'res', id, ok: false, error: payload };
}

/** Builds an event envelope; `data` is left out when undefined. */
export function buildEvent(event: string, data?: unknown): EventEnvelope {
  const envelope: EventEnvelope = { ns: NS, v: CARD_PROTOCOL_VERSION, kind: 'evt', event };
  if (data !== undefined) envelope.data = data;
  return envelope;
}

/**
 * Reads a message arriving at the card: a response (numeric `id`, boolean `ok`) or an event (string `event`)
 * tagged `ns: "nscard"` with a numeric `v`; anything else gives `null` and is ignored, as is a message that
 * cannot be read (a throwing getter or a proxy, which only a port that skips structured clone delivers).
 */
export function readInbound(value: unknown): InboundMessage | null {
  try {
    return readEnvelope(value);
  } catch {
    return null;
  }
}

function readEnvelope(value: unknown): InboundMessage | null {
  // A primitive or null has no `ns`, so it fails the tag check.
  const message = value as Record<string, unknown> | null;
  if (Array.isArray(value) || message?.ns !== NS || typeof message.v !== 'number') return null;
  if (message.kind === 'res' && typeof message.id === 'number' && typeof message.ok === 'boolean') {
    const inbound: InboundMessage = { kind: 'res', id: message.id, ok: message.ok };
    if ('result' in message) inbound.result = message.result;
    const error = readErrorPayload(message.error);
    if (error) inbound.error = error;
    return inbound;
  }
  if (message.kind === 'evt' && typeof message.event === 'string') {
    return { kind: 'evt', event: message.event, data: message.data };
  }
  return null;
}

/**
 * What an error code a host handler throws must look like to be forwarded: every code of the contract, and a
 * newer app's. A blank, `__proto__`, a URL or a line break is not a code.
 */
export const WIRE_ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * The error of a response made well-formed: a code that is a non-empty string (else `INTERNAL`; kept as given, as
 * in 1.3), a message that is a string (other values as text), `data` kept; `undefined` when there is no error.
 */
function readErrorPayload(value: unknown): CardErrorPayload | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return { code: 'INTERNAL', message: errorMessage(value) };
  try {
    const { code, message, data } = value as Record<string, unknown>;
    const payload: CardErrorPayload = {
      code: typeof code === 'string' && code !== '' ? code : 'INTERNAL',
      // errorMessage never throws, so only reading the fields can fail here.
      message: typeof message === 'string' ? message : message === undefined ? '' : errorMessage(message),
    };
    if (data !== undefined) payload.data = data;
    return payload;
  } catch {
    return { code: 'INTERNAL', message: 'the error cannot be read' };
  }
}
