import { useEffect, useMemo } from 'react';
import {
  createTranslator,
  type CardContext,
  type CardLanguage,
  type Catalog,
  type Translator,
} from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useContextSelector } from './useContextSelector.js';

const selectI18n = (context: CardContext) => context.i18n;
const noEvents = () => () => undefined;

/**
 * A translator for `catalog` in the app's language; the component re-renders when the language changes.
 * Keep `catalog` a module constant. The result is callable and carries `language`, `locale`, `setLanguage`,
 * `onChange` and `dispose`.
 * @example const t = useTranslator(catalog); t('failed', { count: 3 })
 */
export function useTranslator(catalog: Catalog): Translator {
  const { card, contextStore } = useCardRuntime('useTranslator');
  const i18n = useContextSelector(selectI18n, Object.is, 'useTranslator');
  // Built without event listeners (render must stay pure); the language is synced from the context store.
  const translator = useMemo(
    () => createTranslator(catalog, { context: contextStore.getState(), on: noEvents }),
    [catalog, card, contextStore],
  );
  useEffect(() => () => translator.dispose(), [translator]);
  useEffect(() => {
    translator.setLanguage(i18n.language as CardLanguage, i18n.locale);
  }, [translator, i18n]);

  return useMemo(() => {
    const sync = () => {
      if (translator.language !== i18n.language) translator.setLanguage(i18n.language as CardLanguage, i18n.locale);
    };
    const translate = ((key: string, vars?: Record<string, unknown>) => {
      sync();
      return translator(key, vars);
    }) as Translator;
    sync();
    const locale = translator.locale;
    Object.defineProperties(translate, {
      language: { get: () => i18n.language, enumerable: true },
      locale: { value: locale, enumerable: true },
      setLanguage: { value: translator.setLanguage, enumerable: true },
      onChange: { value: translator.onChange, enumerable: true },
      dispose: { value: translator.dispose, enumerable: true },
    });
    return translate;
  }, [translator, i18n]);
}
