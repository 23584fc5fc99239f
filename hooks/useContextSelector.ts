import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { CardContext } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';

/**
 * Reads one slice of the client's own card context (`card.context`, followed with `card.onContextChange`); re-renders
 * only when the slice changes. With `isEqual`, a selector may build new objects: an equal result keeps the previous one.
 */
export function useContextSelector<T>(
  selector: (context: CardContext) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
  hook = 'useCardContext',
): T {
  const { card } = useCardRuntime(hook);
  const last = useRef<{ value: T } | null>(null);
  const subscribe = useCallback((listener: () => void) => card.onContextChange(listener), [card]);
  const select = () => {
    const next = selector(card.context);
    if (last.current && isEqual(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(subscribe, select, select);
}
