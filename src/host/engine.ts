// Imports the contract and one module of the transport, its envelope format (`transport/envelopes.ts`).
import { errorMessage } from '../contract/error-message.js';
import { CardSdkError, isCardSdkError } from '../contract/errors.js';
import type { CardErrorPayload } from '../contract/errors.js';
import { jsonLength } from '../contract/json.js';
import { requestLimit, responseLimit } from '../contract/methods.js';
import { buildError, buildEvent, buildResult, WIRE_ERROR_CODE } from '../transport/envelopes.js';
import { checkRequest } from './checks.js';
import { parseRequest } from './parse-request.js';
import type { RateLimiter } from './rate-limits.js';

/** One accepted request as a handler sees it. */
export interface HostRequest {
  readonly id: number;
  /** The method name, already checked against the method table. */
  readonly method: string;
  /** Runs `fn` right after the response has been posted (for example to stream `net.chunk` events). */
  afterReply(fn: () => void): void;
}

/** What the engine needs from the host that owns the card: its state and its handlers. */
export interface CardHostBindings {
  /** Runs a request that passed every check; throw a `CardSdkError` to fail it with its code. */
  dispatch(method: string, params: Record<string, unknown>, request: HostRequest): unknown;
  /** The effective grants now. */
  grants(): ReadonlySet<string>;
  /** `context.visibility` now. */
  visibility(): string;
  /** Throttles; omit to let every call through. */
  rateLimiter?: (() => RateLimiter | undefined) | undefined;
  /** Sees every well-formed request before any check (rejected ones too). */
  onRequest?: ((method: string, params: Record<string, unknown>) => void) | undefined;
  /** Sees each answer as the card got it (its result or error payload) and how long it took, in ms. */
  onAnswer?: ((answer: HostAnswer) => void) | undefined;
}

/** A request's answer as the card got it: for a log of calls, a timeline, a timing check. */
export interface HostAnswer {
  method: string;
  params: Record<string, unknown>;
  /** The result, when the call succeeded. */
  result?: unknown;
  /** The error payload, when it failed (its code is the one the card's `CardSdkError` carries). */
  error?: CardErrorPayload;
  /** From the request's arrival to its answer. */
  ms: number;
}

/** A card connection served by the engine. */
export interface CardPortServer {
  /** Whether `host.ready` has succeeded on this port. */
  readonly ready: boolean;
  /** Whether the port has been closed. */
  readonly closed: boolean;
  /** Posts an event envelope to the card. */
  emit(event: string, data?: unknown): void;
  /** Stops serving and closes the port. */
  close(): void;
}

/**
 * The wire error payload for anything a handler threw: a `CardSdkError`, an `Error` with a `code` (and `data`)
 * attached or a plain `{ code, message, data }` keep their code, message and data when the code is upper-case
 * letters, digits and `_`; the rest is INTERNAL. Never throws: a thrown value whose fields cannot be read is
 * INTERNAL too.
 */
export function errorPayload(error: unknown): CardErrorPayload {
  try {
    if (isCardSdkError(error)) return error.toJSON();
    const coded = error !== null && typeof error === 'object' ? (error as Partial<CardErrorPayload>) : null;
    const code = coded?.code;
    if (coded && typeof code === 'string' && WIRE_ERROR_CODE.test(code)) {
      const message = coded.message;
      const payload: CardErrorPayload = { code, message: typeof message === 'string' ? message : errorMessage(error) };
      const data = coded.data;
      if (data !== undefined) payload.data = data;
      return payload;
    }
  } catch {
    // a getter on the thrown value threw: what it is cannot be told
  }
  return { code: 'INTERNAL', message: errorMessage(error) };
}

/** One served port: what the functions below share (one object per card, no closures). */
interface Served {
  readonly port: MessagePort;
  readonly bindings: CardHostBindings;
  ready: boolean;
  closed: boolean;
}

function post(served: Served, message: object): void {
  if (!served.closed) served.port.postMessage(message);
}

function postError(served: Served, id: number, error: CardErrorPayload): void {
  try {
    post(served, buildError(id, error));
  } catch (failure) {
    // The error's data cannot be cloned: the card still hears the code and the message.
    post(served, buildError(id, { code: 'INTERNAL', message: `the error cannot be sent: ${errorMessage(failure)}` }));
  }
}

/** Posts the answer; returns what the card got (an error in place of a result that could not be sent). */
function reply(
  served: Served,
  id: number,
  method: string,
  outcome: { result?: unknown; error?: unknown },
): { result?: unknown; error?: CardErrorPayload } {
  if ('error' in outcome) {
    const error = errorPayload(outcome.error);
    postError(served, id, error);
    return { error };
  }
  const envelope = buildResult(id, outcome.result);
  try {
    if (jsonLength(envelope) > responseLimit(method)) {
      return reply(served, id, method, { error: new CardSdkError('TOO_LARGE', 'result larger than the limit') });
    }
    post(served, envelope);
    return { result: outcome.result };
  } catch (error) {
    // A handler returned something structured clone cannot carry (a function, a DOM node).
    const failure = new CardSdkError('INTERNAL', `the result cannot be sent: ${errorMessage(error)}`);
    return reply(served, id, method, { error: failure });
  }
}

function receive(served: Served, value: unknown): void {
  if (served.closed) return;
  const { bindings } = served;
  const parsed = parseRequest(value, requestLimit(methodOf(value)));
  if (!parsed.ok) {
    if (parsed.id !== null) postError(served, parsed.id, parsed.error);
    return;
  }
  const { id, method } = parsed.message;
  const params = (parsed.message.params ?? {}) as Record<string, unknown>;
  let answered = false;
  const started = Date.now();
  const settle = (outcome: { result?: unknown; error?: unknown }, after: readonly (() => void)[] = []): void => {
    if (answered) return;
    answered = true;
    if (method === 'host.ready' && !('error' in outcome)) served.ready = true;
    const answer = reply(served, id, method, outcome);
    for (const fn of after) runSafely(fn);
    const { onAnswer } = bindings;
    if (onAnswer) runSafely(() => onAnswer({ method, params, ...answer, ms: Date.now() - started }), 'onAnswer');
  };
  try {
    bindings.onRequest?.(method, params);
    const failure = checkRequest(method, params, {
      ready: served.ready,
      grants: bindings.grants(),
      visibility: bindings.visibility(),
      rateLimiter: bindings.rateLimiter?.(),
    });
    if (failure) {
      settle({ error: failure });
      return;
    }
    const after: (() => void)[] = [];
    const request: HostRequest = { id, method, afterReply: (fn) => void after.push(fn) };
    const result = bindings.dispatch(method, params, request);
    if (isPromiseLike(result)) {
      result.then(
        (value) => settle({ result: value }, after),
        (error: unknown) => settle({ error }, after),
      );
    } else {
      settle({ result }, after);
    }
  } catch (error) {
    // A handler, a binding or a thenable failed before answering: the card hears it as an error, never silence.
    settle({ error });
  }
}

/** Serves the card protocol on a MessagePort: parses, checks in the app's order, dispatches, replies. */
export function serveCardPort(port: MessagePort, bindings: CardHostBindings): CardPortServer {
  const served: Served = { port, bindings, ready: false, closed: false };

  port.onmessage = (event: MessageEvent) => {
    try {
      receive(served, event.data);
    } catch (error) {
      // Only posting itself can fail here (the port is gone); nothing is left to answer on.
      console.error('[card-sdk host] could not answer a request:', error);
    }
  };
  port.start?.();

  return new PortServer(served);
}

/**
 * What `serveCardPort` returns: a class, so its getters and methods are shared (a literal with getters is kept in
 * V8's larger dictionary form, and its methods would be closures per port).
 */
class PortServer implements CardPortServer {
  readonly #served: Served;

  constructor(served: Served) {
    this.#served = served;
  }

  get ready(): boolean {
    return this.#served.ready;
  }

  get closed(): boolean {
    return this.#served.closed;
  }

  emit(event: string, data?: unknown): void {
    const served = this.#served;
    if (served.closed) return;
    post(served, buildEvent(event, data));
  }

  close(): void {
    const served = this.#served;
    if (served.closed) return;
    served.closed = true;
    served.port.onmessage = null;
    served.port.close();
  }
}

/** The method named by an envelope, read without trusting it (`''` when there is none). */
function methodOf(value: unknown): string {
  try {
    const method = typeof value === 'object' && value !== null ? (value as { method?: unknown }).method : undefined;
    return typeof method === 'string' ? method : '';
  } catch {
    return '';
  }
}

/** Runs post-reply work (`afterReply`, `onAnswer`); a failure is printed, the connection keeps serving. */
function runSafely(fn: () => void, what = 'afterReply'): void {
  try {
    fn();
  } catch (error) {
    console.error(`[card-sdk host] ${what}:`, error);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
