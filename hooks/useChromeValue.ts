import { useEffect, useRef, useState } from 'react';
import type { Card, CardSdkError } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { releaseChrome, takeChrome, type ChromeClaim } from './chrome-claims.js';
import { toCardSdkError } from './to-card-sdk-error.js';
import { useLatest } from './useLatest.js';

/** What the declarative chrome hooks return. */
export interface ChromeState {
  /** Why the app refused the last value (rate limits are retried by the client and never land here). */
  error: CardSdkError | null;
}

/**
 * Shows `value` in the card's chrome while mounted (sent again only when its JSON changes). On unmount it clears
 * the field only while its value is still the one shown; if another mounted hook set the field before, that
 * hook's value comes back. Shared by `useTitle`, `useStatus`, `useBadge`, `useOverview` and `useMenu`; `clear` is a
 * module-level function (a new one would clear and show the field again).
 */
export function useChromeValue<V>(
  hook: string,
  method: string,
  value: V,
  show: (card: Card, value: V) => Promise<unknown>,
  clear: (card: Card) => Promise<unknown>,
): ChromeState {
  const { card, chromeClaims } = useCardRuntime(hook);
  const [error, setError] = useState<CardSdkError | null>(null);
  const latest = useLatest({ card, value, show });
  const mounted = useRef(false);
  const key = JSON.stringify(value) ?? 'undefined';
  const [claim] = useState<ChromeClaim>(() => {
    const created: ChromeClaim = {
      shown: null,
      resend() {
        const { card: shownOn, value: current, show: send } = latest.current;
        created.shown = JSON.stringify(current) ?? 'undefined';
        send(shownOn, current).then(
          () => mounted.current && setError(null),
          (failure: unknown) => mounted.current && setError(toCardSdkError(failure, method)),
        );
      },
    };
    return created;
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      releaseChrome(chromeClaims, method, claim, () => void clear(card).catch(() => undefined));
    };
    // `method` and `clear` are fixed per hook and `claim` per mount: only a new card needs a new cleanup.
  }, [card, chromeClaims, method, claim, clear]);

  useEffect(() => {
    // Sent again only when the value's JSON (`key`) changes, not on every new object; `resend` reads the value.
    if (takeChrome(chromeClaims, method, claim, key)) claim.resend();
  }, [card, chromeClaims, method, claim, key]);

  return { error };
}
