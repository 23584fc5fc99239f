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

type Listen = <E extends CardEventName>(event: E, listener: (data: CardEvents[E]) => void) => () => void;

/** Builds `card.waitFor` over `card.on`: the first payload that passes the predicate, or the timeout or abort. */
export function createWaitFor(on: Listen) {
  return function waitFor<E extends CardEventName>(
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
      const off = on(event, (data) => {
        if (predicate && !predicate(data)) return;
        off();
        stop();
        resolve(data);
      });
    });
  };
}
