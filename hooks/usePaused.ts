import type { CardContext } from '../src/index.js';
import { useContextSelector } from './useContextSelector.js';

const selectPaused = (context: CardContext) => context.visibility !== 'visible';

/** True when the card is not fully visible (hidden or an overview tile): stop timers and animations then. */
export function usePaused(): boolean {
  return useContextSelector(selectPaused, Object.is, 'usePaused');
}
