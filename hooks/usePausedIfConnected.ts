import { useContext, useSyncExternalStore } from 'react';
import { CardRuntimeContext } from './card-runtime-context.js';

const noSubscription = () => () => {};

/**
 * `usePaused()` for components that also render in plain pages (the kit): false outside a `CardProvider` or
 * before its card connects, instead of throwing.
 */
export function usePausedIfConnected(): boolean {
  const store = useContext(CardRuntimeContext)?.contextStore;
  return useSyncExternalStore(
    store ? store.subscribe : noSubscription,
    () => (store ? store.getState().visibility !== 'visible' : false),
    () => false,
  );
}
