import type { CardContext } from '../src/index.js';
import { useContextSelector } from './useContextSelector.js';

const whole = (context: CardContext): CardContext => context;

/**
 * The whole card context (re-renders on any change), or the slice `selector` picks (re-renders when it changes).
 * @typeParam T - The slice `selector` returns.
 */
export function useCardContext(): CardContext;
export function useCardContext<T>(selector: (context: CardContext) => T, isEqual?: (a: T, b: T) => boolean): T;
export function useCardContext<T>(
  selector?: (context: CardContext) => T,
  isEqual?: (a: T, b: T) => boolean,
): T | CardContext {
  return useContextSelector<T | CardContext>(
    selector ?? whole,
    isEqual as ((a: T | CardContext, b: T | CardContext) => boolean) | undefined,
    'useCardContext',
  );
}
