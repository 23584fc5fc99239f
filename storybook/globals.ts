// The toolbar switches that drive every story's mock host live.
import type { NeurosquadGlobals } from './parameters.js';

/** A choice in a toolbar menu: its value, its label and the text shown at its right. */
export interface CardHostToolbarItem {
  value: string;
  title: string;
  right?: string;
}

/** The Storybook toolbar icons the switches use (names from Storybook's icon set). */
export type CardHostToolbarIcon = 'paintbrush' | 'globe' | 'eye';

/** One toolbar switch (a Storybook global type). */
export interface CardHostGlobalType {
  description: string;
  toolbar: { title: string; icon: CardHostToolbarIcon; items: CardHostToolbarItem[]; dynamicTitle: boolean };
}

/** A toolbar switch whose title follows the chosen value. */
function toolbarSwitch(
  description: string,
  title: string,
  icon: CardHostToolbarIcon,
  items: CardHostToolbarItem[],
): CardHostGlobalType {
  return { description, toolbar: { title, icon, items, dynamicTitle: true } };
}

/** Storybook `globalTypes` for theme, language and visibility (the app's `theme.changed`, `i18n.changed`, `lifecycle.visibility`). */
export const cardHostGlobalTypes: {
  nsTheme: CardHostGlobalType;
  nsLanguage: CardHostGlobalType;
  nsVisibility: CardHostGlobalType;
} = {
  nsTheme: toolbarSwitch('App theme (theme.changed)', 'Theme', 'paintbrush', [
    { value: 'dark', title: 'Dark' },
    { value: 'light', title: 'Light' },
  ]),
  nsLanguage: toolbarSwitch('App language (i18n.changed)', 'Language', 'globe', [
    { value: 'en', title: 'English', right: 'en' },
    { value: 'ru', title: 'Русский', right: 'ru' },
    { value: 'zh', title: '中文', right: 'zh' },
  ]),
  nsVisibility: toolbarSwitch('Card visibility (lifecycle.visibility)', 'Visibility', 'eye', [
    { value: 'visible', title: 'Visible' },
    { value: 'overview', title: 'Overview (zoomed out)' },
    { value: 'hidden', title: 'Hidden' },
  ]),
};

/** Storybook `initialGlobals`: the app's defaults (dark, English, on screen). */
export const cardHostInitialGlobals: Required<NeurosquadGlobals> = {
  nsTheme: 'dark',
  nsLanguage: 'en',
  nsVisibility: 'visible',
};
