import type { CardContext } from '../src/index.js';
import { useContextSelector } from './useContextSelector.js';

const selectExpanded = (context: CardContext) => context.expanded;

/** True while the card is expanded; re-renders when that changes. */
export function useExpanded(): boolean {
  return useContextSelector(selectExpanded, Object.is, 'useExpanded');
}
