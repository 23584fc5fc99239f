import type { Card, CardOverview } from '../src/index.js';
import { useChromeValue, type ChromeState } from './useChromeValue.js';

const cleared: CardOverview = { primary: null, secondary: null, progress: null };
const clearOverview = (card: Card) => card.setOverview(cleared);

/**
 * Shows what the zoomed-out canvas tile says about the card while mounted (null = nothing); clears it on unmount.
 * @example useOverview({ primary: '3 failing', tone: 'danger', progress: 0.4 })
 */
export function useOverview(overview: CardOverview | null): ChromeState {
  return useChromeValue(
    'useOverview',
    'card.setOverview',
    overview,
    (card, value) => card.setOverview(value ?? cleared),
    clearOverview,
  );
}
