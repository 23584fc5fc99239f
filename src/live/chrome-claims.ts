import type { CardSdkError } from '../index.js';
import { createListeners } from './lease.js';
import { toCardSdkError } from './status.js';

/** One holder's claim on a chrome field (such as the title): what it sent last and how to send again. */
interface ChromeClaim {
  /** The JSON of the value this holder sent last (null before its first send). */
  shown: string | null;
  /** Sends this holder's latest value again. */
  resend: () => void;
}

/** The holders of one chrome field. */
interface FieldClaims {
  /** Holders in the order they last sent; the last one is on screen unless `current` says otherwise. */
  order: ChromeClaim[];
  /** The holder whose value the card sent last, or null once cleared. */
  current: ChromeClaim | null;
}

/** Which holder shows each chrome field of one card (`card.setTitle`, `card.setStatus`, …): share one per card. */
export type ChromeClaims = Map<string, FieldClaims>;

/** Builds the claims of one card's chrome fields. */
export function createChromeClaims(): ChromeClaims {
  return new Map();
}

/** What a chrome value shows about its last send. */
export interface ChromeSnapshot {
  /** Why the app refused the last value (rate limits are retried by the client and never land here). */
  error: CardSdkError | null;
}

/**
 * One holder of a chrome field as a live model: `show(value)` puts the value on the field (sent again only when
 * its JSON changes); `release()` clears the field only while its value is still the one shown, and if another
 * holder set the field before, that holder's value comes back.
 */
export interface ChromeValue<V> {
  /** The state of the last send. */
  getSnapshot: () => ChromeSnapshot;
  /** Calls `listener` when the state changes. */
  subscribe: (listener: () => void) => () => void;
  /** Shows `value` on the field (nothing is sent when the same JSON is already on screen from this holder). */
  show: (value: V) => void;
  /** Lets go of the field (a microtask later, so a StrictMode remount that shows again changes nothing). */
  release: () => void;
}

function fieldClaims(claims: ChromeClaims, field: string): FieldClaims {
  let held = claims.get(field);
  if (!held) {
    held = { order: [], current: null };
    claims.set(field, held);
  }
  return held;
}

/**
 * Builds one holder of `field` among `claims`, sending with `send` and clearing with `clear`.
 * @example const title = createChromeValue(claims, 'card.setTitle', (t: string) => card.setTitle(t), () => card.setTitle(''))
 */
export function createChromeValue<V>(
  claims: ChromeClaims,
  field: string,
  send: (value: V) => Promise<unknown>,
  clear: () => Promise<unknown>,
): ChromeValue<V> {
  const listeners = createListeners();
  let snapshot: ChromeSnapshot = { error: null };
  let latest: V;
  const setError = (error: CardSdkError | null) => {
    if (snapshot.error === error) return;
    snapshot = { error };
    listeners.notify();
  };
  const claim: ChromeClaim = {
    shown: null,
    resend() {
      const value = latest;
      claim.shown = JSON.stringify(value) ?? 'undefined';
      send(value).then(
        () => setError(null),
        (failure: unknown) => setError(toCardSdkError(failure, field)),
      );
    },
  };
  return {
    getSnapshot: () => snapshot,
    subscribe: listeners.subscribe,
    show(value) {
      latest = value;
      const key = JSON.stringify(value) ?? 'undefined';
      const held = fieldClaims(claims, field);
      const index = held.order.indexOf(claim);
      if (index >= 0) held.order.splice(index, 1);
      held.order.push(claim);
      // Already on screen (a StrictMode remount): nothing to send.
      if (held.current === claim && claim.shown === key) return;
      held.current = claim;
      claim.resend();
    },
    release() {
      const held = fieldClaims(claims, field);
      const index = held.order.indexOf(claim);
      if (index >= 0) held.order.splice(index, 1);
      queueMicrotask(() => {
        if (held.current !== claim || held.order.includes(claim)) return;
        const previous = held.order.at(-1);
        if (previous) {
          held.current = previous;
          previous.resend();
        } else {
          held.current = null;
          claim.shown = null;
          void clear().catch(() => undefined);
        }
      });
    },
  };
}
