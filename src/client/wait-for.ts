import { CardSdkError } from '../contract/errors.js';
import type { CardEventName, CardEvents } from '../contract/events.js';
import { watchLimits } from '../transport/deadline.js';

/** When `card.waitFor` gives up: a timeout or an abort signal. */
export interface WaitForOptions {
  /** Reject with `TIMEOUT` after this many ms. */
  timeoutMs?: number;
  /** Reject with the signal's reason when it aborts. */
  signal?: AbortSignal;
}

/** What `waitFor` listens on: the card's event router. */
interface EventSource {
  on(event: string, listener: (data: unknown) => void): () => void;
}

/** `card.waitFor` over the card's events: the first payload that passes the predicate, or the timeout or abort. */
export function waitFor<E extends CardEventName>(
  events: EventSource,
  event: E,
  predicate?: (data: CardEvents[E]) => boolean,
  options: WaitForOptions = {},
): Promise<CardEvents[E]> {
  const { timeoutMs, signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<CardEvents[E]>((resolve, reject) => {
    const stop = watchLimits(
      options,
      (reason) => {
        off();
        reject(reason);
      },
      () => new CardSdkError('TIMEOUT', `no ${event} in ${timeoutMs} ms`),
    );
    const off = events.on(event, (data) => {
      if (predicate && !predicate(data as CardEvents[E])) return;
      off();
      stop();
      resolve(data as CardEvents[E]);
    });
  });
}
