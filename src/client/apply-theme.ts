import { THEME_TOKENS, type CardTheme } from '../contract/theme.js';
import type { CardI18n } from '../contract/types.js';

/** An element the theme can be written to (an `HTMLElement` fits). */
export interface ThemeTarget {
  style: { setProperty(name: string, value: string): void };
  dataset: Record<string, string | undefined>;
}

/**
 * Writes the theme as CSS variables (`--ns-<token>`, `--ns-font-sans`, `--ns-font-mono`), the
 * `color-scheme` property and `data-ns-scheme` on `target`; tokens the theme lacks are left as they are.
 */
export function applyTheme(theme: CardTheme | null | undefined, target: ThemeTarget): void {
  if (!theme || typeof theme !== 'object') return;
  const tokens = (theme.tokens ?? {}) as Record<string, unknown>;
  for (const token of THEME_TOKENS) {
    const value = tokens[token];
    if (typeof value === 'string' && value !== '') target.style.setProperty(`--ns-${token}`, value);
  }
  if (theme.fontSans) target.style.setProperty('--ns-font-sans', theme.fontSans);
  if (theme.fontMono) target.style.setProperty('--ns-font-mono', theme.fontMono);
  if (theme.scheme) {
    target.style.setProperty('color-scheme', theme.scheme);
    target.dataset.nsScheme = theme.scheme;
  }
}

/** Sets `<html lang>` to the app language. */
export function applyLanguage(i18n: CardI18n | null | undefined, doc: { documentElement: { lang: string } }): void {
  if (i18n && typeof i18n.language === 'string') doc.documentElement.lang = i18n.language;
}
