import type { CardContext } from '../src/index.js';
import { useContextSelector } from './useContextSelector.js';

const selectVisibility = (context: CardContext) => context.visibility;

/** Whether the card is `visible`, shown as an `overview` tile, or `hidden`; re-renders when that changes. */
export function useVisibility(): CardContext['visibility'] {
  return useContextSelector(selectVisibility, Object.is, 'useVisibility');
}
