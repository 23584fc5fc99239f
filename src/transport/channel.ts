// The request channel knows envelopes, plain JSON and limits, not cards: what a method's params must look like
// and how large its request may be come from the one who opens it (the client passes the method table's rules).
import { errorMessage } from '../contract/error-message.js';
import { CardSdkError, type CardErrorPayload } from '../contract/errors.js';
import { checkPlainJson } from '../contract/json.js';
import * as LIMITS from '../contract/limit-values.js';
import { watchLimits } from './deadline.js';
import { buildRequest, readInbound } from './envelopes.js';

/** The part of a `MessagePort` the channel uses (DOM and Node ports both fit). */
export interface ChannelPort {
  postMessage(message: unknown): void;
  // Method-style type so DOM and Node ports (whose handlers take their own event types) both fit.
  onmessage: { handle(event: { data: unknown }): void }['handle'] | null;
  start?(): void;
  close?(): void;
}

/** Options of one request: abort signal, client-side timeout, and skipping the local params check. */
export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  skipValidation?: boolean;
}

/** Receives host events once attached. */
export type EventSink = (event: string, data: unknown) => void;

/** What the opener of a channel decides about requests; both are optional. */
export interface ChannelRules {
  /**
   * Checks a request's params in place of the channel's plain-JSON check, so a value is walked once (skipped
   * with `skipValidation`); must refuse what is not plain JSON too. Returns the error to reject with.
   */
  checkParams?: ((method: string, params: unknown) => CardSdkError | null) | undefined;
  /** The largest request envelope for `method`, in characters of JSON (default `LIMITS.messageBytes`). */
  requestLimit?: ((method: string) => number) | undefined;
}

/** A request/response channel over one `MessagePort`. */
export interface Channel {
  /** Sends a request and resolves with the host's result (or rejects with a `CardSdkError`). */
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

const defaultLimit = (): number => LIMITS.messageBytes;

/** How deep and how large a request value may be. */
export const PLAIN_JSON_LIMITS = { maxDepth: LIMITS.valueDepth, maxNodes: LIMITS.valueNodes };

/** `BAD_REQUEST` for params that are not plain JSON, naming where (`issue`). */
export function notPlainJson(method: string, issue: { message: string }): CardSdkError {
  return new CardSdkError('BAD_REQUEST', `params must be plain JSON: ${issue.message}`, issue, method);
}

/** Opens a channel on `port`: ids from 1, at most 64 requests in flight, the rest queued in order. */
export function createChannel(port: ChannelPort, rules: ChannelRules = {}): Channel {
  const requestLimit = rules.requestLimit ?? defaultLimit;
  // The opener's check, or `BAD_REQUEST` for params that are not plain JSON.
  const checkParams = (method: string, params: unknown, skipValidation = false): CardSdkError | null => {
    if (rules.checkParams && !skipValidation) return rules.checkParams(method, params);
    const issue = checkPlainJson(params, PLAIN_JSON_LIMITS);
    return issue ? notPlainJson(method, issue) : null;
  };
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
    const record: Pending = { method, resolve: entry.resolve, reject: entry.reject, cleanup: () => undefined };
    pending.set(id, record);
    record.cleanup = watchLimits(
      options,
      (reason) => settle(id, false, reason),
      () => new CardSdkError('TIMEOUT', `no answer in ${options.timeoutMs} ms`, undefined, method),
    );
    try {
      port.postMessage(envelope);
    } catch (error) {
      settle(id, false, new CardSdkError('INTERNAL', `could not send: ${errorMessage(error)}`, undefined, method));
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
        if (!closeError) console.warn(`[card-sdk] ${errorMessage(error)}`);
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
