import { DEFAULT_LOCALES, type CardLanguage } from '../contract/constants.js';
import type { Catalog, CatalogTree } from '../contract/types.js';

/** Values a translation can interpolate; `count` (a number) also picks the plural form. */
export type TranslateVars = Record<string, unknown>;

/** What the translator needs from a card: its current i18n and the `i18n.changed` event. */
export interface TranslatorCard {
  readonly context: { readonly i18n: { readonly language: string; readonly locale?: string } };
  on(event: 'i18n.changed', listener: (i18n: { language: string; locale?: string }) => void): () => void;
}

/** A translation function bound to a catalog, following the app's language. */
export interface Translator {
  (key: string, vars?: TranslateVars): string;
  /** The current language. */
  readonly language: CardLanguage;
  /** The current locale (numbers and plurals use it). */
  readonly locale: string;
  /** Switches language (and locale); listeners hear the new language. */
  setLanguage(language: CardLanguage, locale?: string): void;
  /** Calls `listener` after every language switch; returns an unsubscribe function. */
  onChange(listener: (language: CardLanguage) => void): () => void;
  /** Stops following the card's `i18n.changed`. */
  dispose(): void;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

function flatten(tree: CatalogTree, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(full, value);
    else if (value !== null && typeof value === 'object') flatten(value, full, into);
  }
  return into;
}

function localeFor(language: string, locale: string | undefined): string {
  return locale || DEFAULT_LOCALES[language as CardLanguage] || DEFAULT_LOCALES.en;
}

/** Creates a translator for `catalog`; with a card it starts in the card's language and follows it. */
export function createTranslator(catalog: Catalog, card?: TranslatorCard): Translator {
  const tables = new Map<string, Map<string, string>>();
  for (const [language, tree] of Object.entries(catalog)) {
    if (tree) tables.set(language, flatten(tree, '', new Map()));
  }
  const english = tables.get('en') ?? new Map<string, string>();
  const listeners = new Set<(language: CardLanguage) => void>();

  let language = (card?.context.i18n.language || 'en') as CardLanguage;
  let locale = localeFor(language, card?.context.i18n.locale);
  let plurals = new Intl.PluralRules(locale);

  const lookup = (key: string): string | undefined => tables.get(language)?.get(key) ?? english.get(key);

  const format = (value: unknown): string => (typeof value === 'number' ? value.toLocaleString(locale) : String(value));

  const translate = ((key: string, vars?: TranslateVars): string => {
    let text: string | undefined;
    const count = vars?.count;
    if (typeof count === 'number') {
      text = lookup(`${key}_${plurals.select(count)}`) ?? lookup(`${key}_other`);
    }
    text ??= lookup(key) ?? key;
    if (!vars) return text;
    return text.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = vars[name];
      return value === undefined || value === null ? placeholder : format(value);
    });
  }) as Translator;

  const setLanguage = (next: CardLanguage, nextLocale?: string): void => {
    const resolved = localeFor(next, nextLocale);
    if (next === language && resolved === locale) return;
    language = next;
    locale = resolved;
    plurals = new Intl.PluralRules(locale);
    for (const listener of [...listeners]) listener(language);
  };

  const off = card?.on('i18n.changed', (i18n) => {
    if (i18n && typeof i18n.language === 'string') setLanguage(i18n.language as CardLanguage, i18n.locale);
  });

  Object.defineProperties(translate, {
    language: { get: () => language, enumerable: true },
    locale: { get: () => locale, enumerable: true },
  });
  translate.setLanguage = setLanguage;
  translate.onChange = (listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  translate.dispose = () => {
    off?.();
  };
  return translate;
}
