// `parameters.neurosquad`: how a story configures its mock host, and the toolbar values that drive it.
import {
  DEFAULT_LOCALES,
  DEFAULT_THEME,
  type CardSize,
  LIGHT_THEME,
  type CardLanguage,
  type CardTheme,
  type CardVisibility,
} from '../src/index.js';
import type { MockConfirmRequest, MockHost, MockHostOptions } from '../src/testing/index.js';

/** The toolbar's theme names. */
export type ThemeName = 'dark' | 'light';

/** A story's mock host: every `createMockHost()` option plus shortcuts for the toolbar's switches. */
export interface NeurosquadParameters extends MockHostOptions {
  /** The app language the card starts in (else the toolbar's). */
  language?: CardLanguage;
  /** Whether the card starts on screen (else the toolbar's). */
  visibility?: CardVisibility;
  /** The app theme the card starts in (else the toolbar's). */
  theme?: ThemeName | CardTheme;
  /** The card's size in the frame (else the manifest's `card.defaultSize`). */
  size?: CardSize;
  /** Whether the story is drawn in the app's card frame (else the decorator's choice: on for a card's stories). */
  frame?: boolean;
  /** Seeds the host before the card connects (storage, handlers, files). */
  setup?: (host: MockHost) => void | Promise<void>;
}

/** The values of the toolbar switches (Storybook globals). */
export interface NeurosquadGlobals {
  /** App theme: `theme.changed`. */
  nsTheme?: ThemeName;
  /** App language: `i18n.changed`. */
  nsLanguage?: CardLanguage;
  /** Card visibility: `lifecycle.visibility`. */
  nsVisibility?: CardVisibility;
}

/** The theme object for a toolbar name or a custom theme. */
export function themeOf(theme: ThemeName | CardTheme): CardTheme {
  if (theme === 'light') return LIGHT_THEME;
  if (theme === 'dark') return DEFAULT_THEME;
  return theme;
}

/** `createMockHost()` options for a story: its parameters, then the toolbar for what they leave open. */
export function hostOptionsFor(
  parameters: NeurosquadParameters | undefined,
  globals: NeurosquadGlobals,
  confirms: MockConfirmRequest[],
): MockHostOptions {
  const { language, visibility, theme, size, context, confirm, ...rest } = parameters ?? {};
  // `setup` and `frame` are the decorator's, not the host's.
  const options: MockHostOptions & Pick<NeurosquadParameters, 'setup' | 'frame'> = { ...rest };
  delete options.setup;
  delete options.frame;
  const lang = language ?? globals.nsLanguage ?? 'en';
  return {
    ...options,
    // The mock changes agents in place; each mount starts from the story's own copy.
    agents: options.agents?.map((agent) => structuredClone(agent)),
    peers: options.peers?.map((peer) => ({ ...peer })),
    // Every confirmation the card asked for is recorded; the story's own answer still decides.
    confirm: (request) => {
      confirms.push(request);
      return confirm ? confirm(request) : true;
    },
    context: {
      ...context,
      ...(size ? { instance: { ...context?.instance, size } } : {}),
      i18n: context?.i18n ?? { language: lang, locale: DEFAULT_LOCALES[lang] },
      visibility: context?.visibility ?? visibility ?? globals.nsVisibility ?? 'visible',
      theme: context?.theme ?? themeOf(theme ?? globals.nsTheme ?? 'dark'),
    },
  };
}

/** Types a story's `parameters.neurosquad` (Storybook leaves parameters untyped). */
export function mockHostParameters(parameters: NeurosquadParameters): NeurosquadParameters {
  return parameters;
}
