import type { Card, StatusOptions } from '../src/index.js';
import { useChromeValue, type ChromeState } from './useChromeValue.js';

const clearStatus = (card: Card) => card.setStatus(null);

/**
 * Shows a status line on the card while mounted (null = none); clears it on unmount.
 * @example useStatus(running ? 'Running tests…' : null, { busy: running })
 */
export function useStatus(text: string | null, options: StatusOptions = {}): ChromeState {
  return useChromeValue(
    'useStatus',
    'card.setStatus',
    { text, options },
    (card, value) => card.setStatus(value.text, value.options),
    clearStatus,
  );
}
