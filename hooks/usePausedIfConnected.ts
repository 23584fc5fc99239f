import { useCallback, useContext, useSyncExternalStore } from 'react';
import { CardRuntimeContext } from './card-runtime-context.js';

const noSubscription = () => () => {};

/**
 * `usePaused()` for components that also render in plain pages (the kit): false outside a `CardProvider` or
 * before its card connects, instead of throwing.
 */
export function usePausedIfConnected(): boolean {
  const card = useContext(CardRuntimeContext)?.card;
  const subscribe = useCallback(
    (listener: () => void) => (card ? card.onContextChange(listener) : noSubscription()),
    [card],
  );
  return useSyncExternalStore(
    subscribe,
    () => (card ? card.context.visibility !== 'visible' : false),
    () => false,
  );
}
