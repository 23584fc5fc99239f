// Translations and the app language.
import type { CardLanguage } from '../constants.js';

/** A tree of translations: strings, or nested groups flattened to dotted keys. */
export interface CatalogTree {
  [key: string]: string | CatalogTree;
}

/** Translations per language; English is the fallback. */
export type Catalog = { en: CatalogTree } & Partial<Record<Exclude<CardLanguage, 'en'>, CatalogTree>>;

/** The app language and locale (`context.i18n`, `i18n.get`, `i18n.changed`). */
export interface CardI18n {
  language: CardLanguage;
  locale: string;
}
