import type { Card, CardMenuItem } from '../src/index.js';
import { useLatest } from './useLatest.js';
import { useChromeValue, type ChromeState } from './useChromeValue.js';

const clearMenu = (card: Card) => card.ui.setMenu([]);

/**
 * Sets the card menu while mounted (sent again only when labels, icons or flags change; the latest `onSelect`
 * of each item runs) and empties it on unmount.
 * @example useMenu([{ id: 'refresh', label: 'Refresh', onSelect: refresh }])
 */
export function useMenu(items: readonly CardMenuItem[]): ChromeState {
  const latest = useLatest(items);
  const shown = items.map(({ onSelect: _onSelect, ...item }) => item);
  return useChromeValue(
    'useMenu',
    'ui.setMenu',
    shown,
    (card, value) =>
      card.ui.setMenu(
        value.map((item) => ({
          ...item,
          onSelect: () => latest.current.find((candidate) => candidate.id === item.id)?.onSelect?.(),
        })),
      ),
    clearMenu,
  );
}
