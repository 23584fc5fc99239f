import { CardSdkError, type CardErrorPayload } from '../contract/errors.js';
import { checkPlainJson } from '../contract/json.js';
import { LIMITS } from '../contract/limits.js';
import {
  isMethodName,
  METHODS,
  requestLimit,
  type MethodName,
  type MethodParams,
  type MethodResult,
} from '../contract/methods.js';
import { validateValue } from '../contract/schema.js';
import { buildRequest, readInbound } from './envelopes.js';

/** The part of a `MessagePort` the channel uses (DOM and Node ports both fit). */
export interface ChannelPort {
  postMessage(message: unknown): void;
  // Method-style type so DOM and Node ports (whose handlers take their own event types) both fit.
  onmessage: { handle(event: { data: unknown }): void }['handle'] | null;
  start?(): void;
  close?(): void;
}

/** Options of one request: abort signal, client-side timeout, and skipping the local schema check. */
export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  skipValidation?: boolean;
}

/** Receives host events once attached. */
export type EventSink = (event: string, data: unknown) => void;

/** A request/response channel over one `MessagePort`. */
export interface Channel {
  /** Sends a request and resolves with the host's result (or rejects with a `CardSdkError`). */
  request<M extends MethodName>(
    method: M,
    params?: MethodParams<M>,
    options?: RequestOptions,
  ): Promise<MethodResult<M>>;
  /** Sends a request by any name (known methods are still checked locally). */
  request<T = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<T>;
  /** Sends a request whose answer is not needed; failures are printed unless the channel is closed. */
  notify(method: string, params?: unknown): void;
  /** Attaches the event receiver; events that arrived before are replayed in order. */
  attach(sink: EventSink): void;
  /** Calls `listener` with the close error when the channel closes. */
  onClose(listener: (error: CardSdkError) => void): () => void;
  /** Closes the channel: pending and queued requests reject with `UNAVAILABLE` `reason`. */
  close(reason?: string): void;
  /** True once closed. */
  readonly closed: boolean;
  /** Requests sent and not yet answered. */
  readonly inFlight: number;
  /** Requests waiting for a free slot. */
  readonly queued: number;
}

interface Entry {
  method: string;
  params: unknown;
  options: RequestOptions;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

interface Pending {
  method: string;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  cleanup: () => void;
}

const MAX_BUFFERED_EVENTS = 500;

/**
 * Errors for a request's params: `BAD_REQUEST` for non-JSON, `INVALID_PARAMS` (first issue) for schema. The
 * value is walked once: validateValue checks plain JSON within the message limits before the schema.
 */
function checkParams(method: string, params: unknown, skipValidation = false): CardSdkError | null {
  const limits = { maxDepth: LIMITS.valueDepth, maxNodes: LIMITS.valueNodes };
  const validated = isMethodName(method) && !skipValidation;
  const issues = validated
    ? validateValue(METHODS[method].params, params, { maxIssues: 10, ...limits })
    : [checkPlainJson(params, limits)].filter((issue) => issue !== null);
  const first = issues[0];
  if (!first) return null;
  // A plain-JSON problem is the one issue validateValue returns, under the keyword `json`.
  if (first.keyword === 'json')
    return new CardSdkError('BAD_REQUEST', `params must be plain JSON: ${first.message}`, first, method);
  const where = first.path === '' ? 'invalid params' : `invalid params at ${first.path}`;
  return new CardSdkError('INVALID_PARAMS', `${where}: ${first.message}`, issues, method);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Opens a channel on `port`: ids from 1, at most 64 requests in flight, the rest queued in order. */
export function createChannel(port: ChannelPort): Channel {
  let nextId = 1;
  let closeError: CardSdkError | null = null;
  const pending = new Map<number, Pending>();
  const queue: Entry[] = [];
  const closeListeners = new Set<(error: CardSdkError) => void>();
  let sink: EventSink | null = null;
  const buffered: Array<[string, unknown]> = [];

  const deliver = (event: string, data: unknown): void => {
    if (!sink) {
      buffered.push([event, data]);
      if (buffered.length > MAX_BUFFERED_EVENTS) buffered.shift();
      return;
    }
    try {
      sink(event, data);
    } catch (error) {
      console.error('[card-sdk] event dispatch:', error);
    }
  };

  const pump = (): void => {
    while (queue.length > 0 && pending.size < LIMITS.inFlightRequests) {
      send(queue.shift() as Entry);
    }
  };

  const send = (entry: Entry): void => {
    const { method, params, options } = entry;
    if (closeError) return entry.reject(closeError);
    if (options.signal?.aborted) return entry.reject(options.signal.reason);
    const id = nextId;
    const envelope = buildRequest(id, method, params);
    const limit = requestLimit(method);
    if (JSON.stringify(envelope).length > limit) {
      entry.reject(
        new CardSdkError('TOO_LARGE', `message is larger than ${limit} characters of JSON`, undefined, method),
      );
      pump();
      return;
    }
    // Ids count the requests actually sent.
    nextId += 1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const signal = options.signal;
    const onAbort = (): void => settle(id, false, signal?.reason);
    const record: Pending = {
      method,
      resolve: entry.resolve,
      reject: entry.reject,
      cleanup: () => {
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      },
    };
    pending.set(id, record);
    if (options.timeoutMs !== undefined) {
      const ms = options.timeoutMs;
      timer = setTimeout(
        () => settle(id, false, new CardSdkError('TIMEOUT', `no answer in ${ms} ms`, undefined, method)),
        ms,
      );
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      port.postMessage(envelope);
    } catch (error) {
      settle(id, false, new CardSdkError('INTERNAL', `could not send: ${describe(error)}`, undefined, method));
    }
  };

  const settle = (id: number, ok: boolean, value: unknown): void => {
    const record = pending.get(id);
    if (!record) return;
    pending.delete(id);
    record.cleanup();
    if (ok) record.resolve(value);
    else record.reject(value);
    pump();
  };

  port.onmessage = (event) => {
    const message = readInbound(event?.data);
    if (!message) return;
    if (message.kind === 'evt') return deliver(message.event, message.data);
    const record = pending.get(message.id);
    if (!record) return;
    if (message.ok) return settle(message.id, true, message.result);
    const payload: CardErrorPayload = message.error ?? { code: 'INTERNAL', message: 'error without payload' };
    settle(message.id, false, CardSdkError.fromPayload(payload, record.method));
  };
  port.start?.();

  const channel: Channel = {
    request<T>(method: string, params: unknown = {}, options: RequestOptions = {}): Promise<T> {
      if (closeError) return Promise.reject(closeError);
      const problem = checkParams(method, params, options.skipValidation);
      if (problem) return Promise.reject(problem);
      if (options.signal?.aborted) return Promise.reject(options.signal.reason);
      return new Promise<T>((resolve, reject) => {
        const entry: Entry = { method, params, options, resolve: resolve as (value: unknown) => void, reject };
        if (pending.size >= LIMITS.inFlightRequests) queue.push(entry);
        else send(entry);
      });
    },
    notify(method, params) {
      channel.request(method, params).catch((error: unknown) => {
        if (!closeError) console.warn(`[card-sdk] ${describe(error)}`);
      });
    },
    attach(next) {
      sink = next;
      for (const [event, data] of buffered.splice(0)) deliver(event, data);
    },
    onClose(listener) {
      closeListeners.add(listener);
      return () => {
        closeListeners.delete(listener);
      };
    },
    close(reason = 'the card closed its connection') {
      if (closeError) return;
      const error = new CardSdkError('UNAVAILABLE', reason);
      closeError = error;
      for (const [id] of [...pending]) settle(id, false, error);
      for (const entry of queue.splice(0)) send(entry);
      port.onmessage = null;
      try {
        port.close?.();
      } catch {
        // a port that is already gone cannot be closed twice
      }
      for (const listener of [...closeListeners]) {
        try {
          listener(error);
        } catch (failure) {
          console.error('[card-sdk] close listener:', failure);
        }
      }
    },
    get closed() {
      return closeError !== null;
    },
    get inFlight() {
      return pending.size;
    },
    get queued() {
      return queue.length;
    },
  };
  return channel;
}
