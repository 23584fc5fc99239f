import { useEffect, useMemo } from 'react';
import { createTranslator, type CardContext, type Catalog, type Translator } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useContextSelector } from './useContextSelector.js';

const selectI18n = (context: CardContext) => context.i18n;
const noEvents = () => () => undefined;

/**
 * A translator for `catalog` in the app's language; the component re-renders when the language changes.
 * Keep `catalog` a module constant. The result is callable and carries `language`, `locale`, `setLanguage`,
 * `onChange` and `dispose`; `setLanguage` switches the translator until the app changes its language.
 * @example const t = useTranslator(catalog); t('failed', { count: 3 })
 */
export function useTranslator(catalog: Catalog): Translator {
  const { card } = useCardRuntime('useTranslator');
  const i18n = useContextSelector(selectI18n, Object.is, 'useTranslator');
  // Built without event listeners (render must stay pure); it follows the app's language through the context.
  const followed = useMemo(() => {
    const context = card.context;
    const translator = createTranslator(catalog, { context, on: noEvents });
    const seen = { i18n: context.i18n };
    // Switches only when the app's i18n changed since the last switch, so `setLanguage` holds until then.
    const follow = () => {
      const latest = card.context.i18n;
      if (latest === seen.i18n) return;
      seen.i18n = latest;
      translator.setLanguage(latest.language, latest.locale);
    };
    return { translator, follow };
    // A new card gets a new translator.
  }, [catalog, card]);
  useEffect(() => () => followed.translator.dispose(), [followed]);
  useEffect(() => followed.follow(), [followed, i18n]);

  return useMemo(() => {
    const { translator, follow } = followed;
    follow();
    const translate = ((key: string, vars?: Record<string, unknown>) => {
      follow();
      return translator(key, vars);
    }) as Translator;
    // The translator's methods are closures that never read `this`.
    /* eslint-disable @typescript-eslint/unbound-method */
    Object.defineProperties(translate, {
      language: { get: () => i18n.language, enumerable: true },
      locale: { value: translator.locale, enumerable: true },
      setLanguage: { value: translator.setLanguage, enumerable: true },
      onChange: { value: translator.onChange, enumerable: true },
      dispose: { value: translator.dispose, enumerable: true },
    });
    /* eslint-enable @typescript-eslint/unbound-method */
    return translate;
  }, [followed, i18n]);
}
