import type { CardContext } from '../src/index.js';
import { useContextSelector } from './useContextSelector.js';

const selectLanguage = (context: CardContext) => context.i18n.language;

/** The app language (`en`, `ru`, `zh`); re-renders when it changes. */
export function useLanguage(): CardContext['i18n']['language'] {
  return useContextSelector(selectLanguage, Object.is, 'useLanguage');
}
