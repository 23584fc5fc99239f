import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Card } from '../src/index.js';
import { createChromeValue, type ChromeSnapshot } from '../src/live/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useLatest } from './useLatest.js';

/** What the declarative chrome hooks return. */
export type ChromeState = ChromeSnapshot;

/**
 * Shows `value` in the card's chrome while mounted, over one chrome value model (`createChromeValue`): sent again
 * only when its JSON changes; on unmount the field is cleared only while its value is still the one shown, and if
 * another mounted hook set it before, that hook's value comes back. Shared by `useTitle`, `useStatus`, `useBadge`,
 * `useOverview` and `useMenu`.
 */
export function useChromeValue<V>(
  hook: string,
  method: string,
  value: V,
  show: (card: Card, value: V) => Promise<unknown>,
  clear: (card: Card) => Promise<unknown>,
): ChromeState {
  const { card, chromeClaims } = useCardRuntime(hook);
  const latest = useLatest({ show, clear });
  // One holder per mount and card (a new card comes with its own claims).
  const model = useMemo(
    () =>
      createChromeValue<V>(
        chromeClaims,
        method,
        (next) => latest.current.show(card, next),
        () => latest.current.clear(card),
      ),
    [card, chromeClaims, method, latest],
  );
  const key = JSON.stringify(value) ?? 'undefined';
  const current = useLatest(value);
  useEffect(() => () => model.release(), [model]);
  // Sent again only when the value's JSON (`key`) changes, not on every new object.
  useEffect(() => model.show(current.current), [model, key, current]);
  return useSyncExternalStore(model.subscribe, model.getSnapshot, model.getSnapshot);
}
