import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';

interface Selection<S, T> {
  state: S;
  selector: (state: S) => T;
  value: T;
}

/**
 * Reads one slice of a vanilla store; the component re-renders only when `isEqual` says the slice changed.
 * Selectors may build new objects: an equal result keeps the previous one.
 */
export function useStoreSelector<S, T>(
  store: StoreApi<S>,
  selector: (state: S) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const last = useRef<Selection<S, T> | null>(null);
  const getSnapshot = useCallback((): T => {
    const state = store.getState();
    const previous = last.current;
    if (previous && previous.state === state && previous.selector === selector) return previous.value;
    const next = selector(state);
    const value = previous && isEqual(previous.value, next) ? previous.value : next;
    last.current = { state, selector, value };
    return value;
  }, [store, selector, isEqual]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
