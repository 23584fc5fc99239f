import type { Card } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';

/** The connected `Card` of the nearest `CardProvider`. */
export function useCard(): Card {
  return useCardRuntime('useCard').card;
}
