import type { Card } from '../src/index.js';
import { useChromeValue, type ChromeState } from './useChromeValue.js';

const clearTitle = (card: Card) => card.setTitle(null);

/** Shows `title` as the card's title while mounted (null = the default title); clears it on unmount. */
export function useTitle(title: string | null): ChromeState {
  return useChromeValue('useTitle', 'card.setTitle', title, (card, value) => card.setTitle(value), clearTitle);
}
