// The request channel knows envelopes, plain JSON and limits, not cards: what a method's params must look like
// and how large its request may be come from the one who opens it (the client passes the method table's rules).
import { errorMessage } from '../contract/error-message.js';
import { CardSdkError, type CardErrorPayload } from '../contract/errors.js';
import { checkPlainJson } from '../contract/json.js';
import * as LIMITS from '../contract/limit-values.js';
import { watchLimits } from './deadline.js';
import { buildRequest, readInbound } from './envelopes.js';
import { createEventBuffer, type EventSink } from './event-buffer.js';
import { createHeartbeat } from './heartbeat.js';
import { notPlainJson, PLAIN_JSON_LIMITS, unreadableParams } from './request-params.js';

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

/** Settles one sent request: a host's error payload becomes a `CardSdkError` of the request's method. */
type Settle = (ok: boolean, value: unknown) => void;

const defaultLimit = (): number => LIMITS.messageBytes;
const NO_PAYLOAD: CardErrorPayload = { code: 'INTERNAL', message: 'error without payload' };

/** What a channel's getters read: one object per channel, the getters on one prototype every channel shares. */
interface ChannelState {
  /** The error every request gets once the channel is closed (set by `close()`). */
  closeError: CardSdkError | null;
  /** Sent requests by envelope id. */
  readonly pending: Map<number, Settle>;
  /** The sends of queued requests, in order. */
  readonly queue: Array<() => void>;
}

const STATE = Symbol('channel state');

// A literal with getters made per channel would keep each channel in the larger dictionary form.
const CHANNEL_PROTOTYPE: object = {
  get closed(): boolean {
    return (this as { [STATE]: ChannelState })[STATE].closeError !== null;
  },
  get inFlight(): number {
    return (this as { [STATE]: ChannelState })[STATE].pending.size;
  },
  get queued(): number {
    return (this as { [STATE]: ChannelState })[STATE].queue.length;
  },
};

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
  const state: ChannelState = { closeError: null, pending: new Map(), queue: [] };
  const { pending, queue } = state;
  // Made by the first `onClose`: a card that registers none keeps no table.
  let closeListeners: Set<(error: CardSdkError) => void> | undefined;
  const events = createEventBuffer();
  // Once the host has pinged, silence longer than `unresponsiveMs` means it is gone (one probe first).
  const heartbeat = createHeartbeat(
    // host.pong is answered like any request, and any answer counts as heard.
    () => void channel.request('host.pong', { seq: 0 }).catch(() => undefined),
    (quiet) => channel.close(`the host stopped answering (no heartbeat in ${quiet} ms)`),
  );

  const pump = (): void => {
    while (queue.length > 0 && pending.size < LIMITS.inFlightRequests) (queue.shift() as () => void)();
  };

  port.onmessage = (event) => {
    const message = readInbound(event?.data);
    if (!message) return;
    heartbeat.heard();
    if (message.kind === 'evt') {
      if (message.event === 'host.ping') heartbeat.start();
      return events.deliver(message.event, message.data);
    }
    const settle = pending.get(message.id);
    if (settle) settle(message.ok, message.ok ? message.result : (message.error ?? NO_PAYLOAD));
  };
  port.start?.();
  // Ports that tell when the far end is gone (Node's, and browsers that fire `close` on a MessagePort).
  const onPortClose = (): void => channel.close('the host closed the connection');
  (port as Partial<Pick<EventTarget, 'addEventListener'>>).addEventListener?.('close', onPortClose);

  const channel: Omit<Channel, 'closed' | 'inFlight' | 'queued'> & { readonly [STATE]: ChannelState } = {
    [STATE]: state,
    request<T>(method: string, params: unknown = {}, options: RequestOptions = {}): Promise<T> {
      if (state.closeError) return Promise.reject(state.closeError);
      let problem: CardSdkError | null;
      try {
        problem = checkParams(method, params, options.skipValidation);
      } catch (error) {
        // A getter that throws, a proxy, a value too deep for the stack: not params a host can read.
        problem = unreadableParams(method, error);
      }
      if (problem) return Promise.reject(problem);
      if (options.signal?.aborted) return Promise.reject(options.signal.reason);
      const { signal, timeoutMs } = options;
      return new Promise<T>((resolve, reject) => {
        let id = 0;
        let stopAbort = (): void => undefined;
        // A sent request frees its slot for the next queued one, a queued one leaves the queue. Ending twice does
        // nothing more: the watchers are stopped, the slot and the queue place are gone, the promise is settled.
        const end = (ok: boolean, value: unknown): void => {
          stopDeadline();
          stopAbort();
          const sent = pending.delete(id);
          if (!sent) {
            const index = queue.indexOf(send);
            if (index >= 0) queue.splice(index, 1);
          }
          if (ok) resolve(value as T);
          else reject(value);
          if (sent) pump();
        };
        const send = (): void => {
          if (state.closeError) return end(false, state.closeError);
          if (signal?.aborted) return end(false, signal.reason);
          const envelope = buildRequest(nextId, method, params);
          const limit = requestLimit(method);
          let problem: CardSdkError | null = null;
          try {
            if (JSON.stringify(envelope).length > limit) {
              problem = new CardSdkError(
                'TOO_LARGE',
                `message is larger than ${limit} characters of JSON`,
                undefined,
                method,
              );
            }
          } catch (error) {
            problem = unreadableParams(method, error);
          }
          if (problem) return end(false, problem);
          // Ids count the requests actually sent.
          id = nextId++;
          pending.set(id, (ok, value) =>
            end(
              ok,
              ok || value instanceof CardSdkError ? value : CardSdkError.fromPayload(value as CardErrorPayload, method),
            ),
          );
          stopAbort = watchLimits(
            { signal },
            (reason) => end(false, reason),
            () => null,
          );
          try {
            port.postMessage(envelope);
          } catch (error) {
            end(false, new CardSdkError('INTERNAL', `could not send: ${errorMessage(error)}`, undefined, method));
          }
        };
        // The deadline runs from now, whether the request waits in the queue or is sent at once (an abort is
        // watched from the send on: a queued request checks its signal when its turn comes, as in 1.3).
        const stopDeadline = watchLimits(
          { timeoutMs },
          (reason) => end(false, reason),
          () => new CardSdkError('TIMEOUT', `no answer in ${timeoutMs} ms`, undefined, method),
        );
        if (pending.size >= LIMITS.inFlightRequests) queue.push(send);
        else send();
      });
    },
    notify(method, params) {
      channel.request(method, params).catch((error: unknown) => {
        if (!state.closeError) console.warn(`[card-sdk] ${errorMessage(error)}`);
      });
    },
    attach(sink) {
      events.attach(sink);
    },
    onClose(listener) {
      const listeners = (closeListeners ??= new Set());
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close(reason = 'the card closed its connection') {
      if (state.closeError) return;
      const error = new CardSdkError('UNAVAILABLE', reason);
      state.closeError = error;
      heartbeat.stop();
      (port as Partial<Pick<EventTarget, 'removeEventListener'>>).removeEventListener?.('close', onPortClose);
      for (const settle of [...pending.values()]) settle(false, error);
      for (const send of queue.splice(0)) send();
      port.onmessage = null;
      try {
        port.close?.();
      } catch {
        // a port that is already gone cannot be closed twice
      }
      for (const listener of [...(closeListeners ?? [])]) {
        try {
          listener(error);
        } catch (failure) {
          console.error('[card-sdk] close listener:', failure);
        }
      }
    },
  };
  return Object.setPrototypeOf(channel, CHANNEL_PROTOTYPE) as Channel;
}
