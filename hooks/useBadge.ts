import type { Card, BadgeOptions } from '../src/index.js';
import { useChromeValue, type ChromeState } from './useChromeValue.js';

const clearBadge = (card: Card) => card.setBadge(null);

/**
 * Shows a badge (a count or a short text) on the card while mounted (null = none); clears it on unmount.
 * @example useBadge(failures.length || null, { tone: 'danger' })
 */
export function useBadge(value: number | string | null, options: BadgeOptions = {}): ChromeState {
  return useChromeValue(
    'useBadge',
    'card.setBadge',
    { value, options },
    (card, badge) => card.setBadge(badge.value, badge.options),
    clearBadge,
  );
}
