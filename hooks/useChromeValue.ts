import { useEffect, useRef, useState } from 'react';
import type { Card, CardSdkError } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { toCardSdkError } from './to-card-sdk-error.js';

/** What the declarative chrome hooks return. */
export interface ChromeState {
  /** Why the app refused the last value (rate limits are retried by the client and never land here). */
  error: CardSdkError | null;
}

/**
 * Shows `value` in the card's chrome while mounted (sent again only when its JSON changes) and clears it on
 * unmount. Shared by `useTitle`, `useStatus`, `useBadge`, `useOverview` and `useMenu`.
 */
export function useChromeValue<V>(
  hook: string,
  method: string,
  value: V,
  show: (card: Card, value: V) => Promise<unknown>,
  clear: (card: Card) => Promise<unknown>,
): ChromeState {
  const { card } = useCardRuntime(hook);
  const [error, setError] = useState<CardSdkError | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const mounted = useRef(false);
  const key = JSON.stringify(value) ?? 'undefined';

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clear(card).catch(() => undefined);
    };
    // `clear` is fixed per hook; only a new card needs a new cleanup.
  }, [card]);

  useEffect(() => {
    show(card, latest.current).then(
      () => mounted.current && setError(null),
      (failure: unknown) => mounted.current && setError(toCardSdkError(failure, method)),
    );
    // Sent again only when the value's JSON changes, not on every new object.
  }, [card, key]);

  return { error };
}
