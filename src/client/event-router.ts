import { BUFFERED_EVENT_LIMIT, BUFFERED_EVENTS, SUBSCRIBABLE_TOPICS } from '../contract/events.js';
import type { CardChannel } from './card-channel.js';
import { errorMessage } from '../contract/error-message.js';
import type { CardLog } from './log.js';
import type { FailureSink } from './context-store.js';

/** What the router needs of its card: the channel, the log for refused topics and where failures go. */
export interface RouterSession extends FailureSink {
  readonly channel: CardChannel;
  readonly log: CardLog;
}

/** Runs before listeners for one event (named second); returning `true` means the event was consumed. */
type EventInterceptor = (data: unknown, event: string) => boolean | void;

/** Routes host events to internal interceptors, then to `card.on` listeners, buffering some unheard ones. */
export interface EventRouter {
  /**
   * Adds a listener; the first listener of a topic subscribes it with the host. `accepts` says which payloads
   * the listener takes: it is handed the buffered ones that pass, the rest stay buffered for later listeners.
   */
  on(event: string, listener: (data: unknown) => void, accepts?: (data: unknown) => boolean): () => void;
  /** Registers internal handling that runs before listeners. */
  intercept(event: string, interceptor: EventInterceptor): void;
  /** Handles one event from the host. */
  dispatch(event: string, data: unknown): void;
  /** Removes and returns buffered payloads of `event` that match `predicate`. */
  takeBuffered(event: string, predicate: (data: unknown) => boolean): unknown[];
}

// Messages, menu clicks and file changes are kept for a late first listener; others are dropped.
const BUFFERED: ReadonlySet<string> = new Set(BUFFERED_EVENTS);
// agents.output is subscribed per agent by card.agents.onOutput, not by plain listeners.
const AUTO_TOPICS: ReadonlySet<string> = new Set(
  (SUBSCRIBABLE_TOPICS as readonly string[]).filter((topic) => topic !== 'agents.output'),
);

/**
 * Subscribes `topic` with the host (for `agentIds` only, when given) without waiting: `refused` runs when the
 * host does not grant it, and a failure is printed unless the channel is closed.
 */
export function subscribeTopic(channel: CardChannel, topic: string, refused: () => void, agentIds?: string[]): void {
  channel
    .request<{ topics?: string[] }>('events.subscribe', agentIds ? { topics: [topic], agentIds } : { topics: [topic] })
    .then((result) => {
      if (!result?.topics?.includes(topic)) refused();
    })
    .catch((error: unknown) => {
      if (!channel.closed) console.warn(`[card-sdk] ${errorMessage(error)}`);
    });
}

/** One `on` registration: the listener and the payloads it takes (all when `accepts` is absent). */
interface Listener {
  listener: (data: unknown) => void;
  accepts: ((data: unknown) => boolean) | undefined;
}

/** Runs one listener; a throw or a rejected promise is reported, never passed on. */
function call(session: FailureSink, event: string, { listener }: Listener, data: unknown): void {
  try {
    const result = listener(data) as unknown;
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
      (result as Promise<unknown>).then(undefined, (error: unknown) => session.report(`${event} listener`, error));
    }
  } catch (error) {
    session.report(`${event} listener`, error);
  }
}

/** Whether a listener takes a payload; a predicate that throws takes nothing. */
function takes(entry: Listener, data: unknown): boolean {
  try {
    return entry.accepts ? entry.accepts(data) : true;
  } catch {
    return false;
  }
}

/** Creates the event router of one card. */
export function createEventRouter(session: RouterSession): EventRouter {
  const { channel } = session;
  // Every card keeps one router, so it keeps no table it has not needed yet: the listener, interceptor and buffer
  // tables are made by the first listener, interceptor or buffered event.
  let listeners: Map<string, Set<Listener>> | undefined;
  let interceptors: Map<string, EventInterceptor[]> | undefined;
  let buffers: Map<string, unknown[]> | undefined;

  /** Removes and returns the buffered payloads of `event` that `accepts` takes (in arrival order). */
  const take = (event: string, accepts: (data: unknown) => boolean): unknown[] => {
    const buffer = buffers?.get(event);
    if (!buffers || !buffer) return [];
    const taken: unknown[] = [];
    const kept: unknown[] = [];
    for (const data of buffer) (accepts(data) ? taken : kept).push(data);
    if (kept.length > 0) buffers.set(event, kept);
    else buffers.delete(event);
    return taken;
  };

  return {
    on(event, listener, accepts) {
      listeners ??= new Map();
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      // One entry per registration, so the same function can be added twice and removed once per registration.
      const entry: Listener = { listener, accepts };
      set.add(entry);
      const buffered = take(event, (data) => takes(entry, data));
      if (buffered.length > 0) {
        queueMicrotask(() => {
          for (const data of buffered) if (set.has(entry)) call(session, event, entry, data);
        });
      }
      if (set.size === 1 && AUTO_TOPICS.has(event)) {
        subscribeTopic(channel, event, () =>
          session.log.warn(`event topic ${event} was not granted (missing permission?)`),
        );
      }
      return () => {
        // Deleting finds the entry only the first time, so a second call does nothing.
        if (!set.delete(entry)) return;
        if (set.size === 0 && AUTO_TOPICS.has(event) && !channel.closed) {
          channel.notify('events.unsubscribe', { topics: [event] });
        }
      };
    },
    intercept(event, interceptor) {
      // A list grown by push from empty reserves room for 17; most events have one interceptor.
      const list = (interceptors ??= new Map<string, EventInterceptor[]>()).get(event);
      if (list) list.push(interceptor);
      else interceptors.set(event, [interceptor]);
    },
    dispatch(event, data) {
      // Every payload of the protocol is an object or a list: the SDK's own handling skips anything else.
      // An interceptor may add another for this event (by building a namespace): the loop runs over the live list,
      // so that one runs for this event too.
      const handled = typeof data === 'object' && data !== null ? interceptors?.get(event) : undefined;
      for (const interceptor of handled ?? []) {
        try {
          if (interceptor(data, event) === true) return;
        } catch (error) {
          session.report(`${event} handler`, error);
        }
      }
      let heard = false;
      for (const entry of [...(listeners?.get(event) ?? [])]) {
        if (!takes(entry, data)) continue;
        heard = true;
        call(session, event, entry, data);
      }
      // A message, menu click or file change no listener takes is kept for a later one (up to the cap).
      if (!heard && BUFFERED.has(event)) {
        buffers ??= new Map();
        const buffer = buffers.get(event) ?? [];
        buffer.push(data);
        if (buffer.length > BUFFERED_EVENT_LIMIT) buffer.shift();
        buffers.set(event, buffer);
      }
    },
    takeBuffered: take,
  };
}
