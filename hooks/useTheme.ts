import type { CardContext } from '../src/index.js';
import { useContextSelector } from './useContextSelector.js';

const selectTheme = (context: CardContext) => context.theme;

/** The app's live theme (`scheme`, `tokens`, fonts); re-renders when the theme changes. */
export function useTheme(): CardContext['theme'] {
  return useContextSelector(selectTheme, Object.is, 'useTheme');
}
