import { useCallback, useRef } from 'react';
import { useStore } from 'zustand';
import type { CardContext } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';

/**
 * Reads one slice of the client's own card context through zustand's selector hook; re-renders only when the
 * slice changes. With `isEqual`, a selector may build new objects: an equal result keeps the previous one.
 */
export function useContextSelector<T>(
  selector: (context: CardContext) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
  hook = 'useCardContext',
): T {
  const { contextStore } = useCardRuntime(hook);
  const last = useRef<{ value: T } | null>(null);
  const stable = useCallback(
    (context: CardContext): T => {
      const next = selector(context);
      if (last.current && isEqual(last.current.value, next)) return last.current.value;
      last.current = { value: next };
      return next;
    },
    [selector, isEqual],
  );
  return useStore(contextStore, isEqual === Object.is ? selector : stable);
}
