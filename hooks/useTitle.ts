import { useChromeValue, type ChromeState } from './useChromeValue.js';

/** Shows `title` as the card's title while mounted (null = the default title); clears it on unmount. */
export function useTitle(title: string | null): ChromeState {
  return useChromeValue(
    'useTitle',
    'card.setTitle',
    title,
    (card, value) => card.setTitle(value),
    (card) => card.setTitle(null),
  );
}
