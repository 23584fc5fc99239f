import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { CardContext } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';

interface Selection<T> {
  state: CardContext;
  selector: (context: CardContext) => T;
  value: T;
}

/**
 * Reads one slice of the card context; the component re-renders only when `isEqual` says the slice changed.
 * Selectors may build new objects: an equal result keeps the previous one.
 */
export function useContextSelector<T>(
  selector: (context: CardContext) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
  hook = 'useCardContext',
): T {
  const { contextStore } = useCardRuntime(hook);
  const last = useRef<Selection<T> | null>(null);
  const getSnapshot = useCallback((): T => {
    const state = contextStore.getState();
    const previous = last.current;
    if (previous && previous.state === state && previous.selector === selector) return previous.value;
    const next = selector(state);
    const value = previous && isEqual(previous.value, next) ? previous.value : next;
    last.current = { state, selector, value };
    return value;
  }, [contextStore, selector, isEqual]);
  return useSyncExternalStore(contextStore.subscribe, getSnapshot, getSnapshot);
}
