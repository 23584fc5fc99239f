import type { CardContext } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useStoreSelector } from './useStoreSelector.js';

/** Reads one slice of the card context; re-renders only when the slice changes (see `useStoreSelector`). */
export function useContextSelector<T>(
  selector: (context: CardContext) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
  hook = 'useCardContext',
): T {
  return useStoreSelector(useCardRuntime(hook).contextStore, selector, isEqual);
}
