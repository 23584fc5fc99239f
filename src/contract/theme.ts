/** Names of the theme tokens, each applied as the CSS variable `--ns-<token>`. */
export const THEME_TOKENS = [
  'background',
  'background-secondary',
  'background-tertiary',
  'foreground',
  'muted',
  'surface',
  'surface-foreground',
  'surface-secondary',
  'surface-secondary-foreground',
  'surface-tertiary',
  'surface-tertiary-foreground',
  'overlay',
  'overlay-foreground',
  'default',
  'default-foreground',
  'accent',
  'accent-foreground',
  'accent-soft',
  'accent-soft-foreground',
  'success',
  'success-foreground',
  'success-soft',
  'warning',
  'warning-foreground',
  'warning-soft',
  'danger',
  'danger-foreground',
  'danger-soft',
  'border',
  'border-secondary',
  'separator',
  'focus',
  'link',
  'field-background',
  'field-foreground',
  'field-placeholder',
  'field-border',
  'radius',
  'field-radius',
] as const;

/** A token a theme sets, the `<token>` of the CSS variable `--ns-<token>`. */
export type ThemeToken = (typeof THEME_TOKENS)[number];

/** Token values of a theme; a host may send a subset. */
export type ThemeTokens = Partial<Record<ThemeToken, string>>;

/** Light or dark. */
export type ThemeScheme = 'dark' | 'light';

/** The app's theme, as in `card.context.theme` and the `theme.changed` event. */
export interface CardTheme {
  scheme: ThemeScheme;
  tokens: ThemeTokens;
  fontSans?: string;
  fontMono?: string;
}

/** The default sans-serif font stack. */
export const FONT_SANS =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The default monospace font stack. */
export const FONT_MONO = 'ui-monospace, SFMono-Regular, "Cascadia Mono", Menlo, Consolas, monospace';

const WHITE = 'oklch(0.9911 0 0)';
const SURFACE = 'oklch(0.2103 0.0059 285.89)';
const ACCENT = 'oklch(0.6204 0.195 253.83)';
const SUCCESS = 'oklch(0.7329 0.1935 150.81)';
const WARNING = 'oklch(0.8203 0.1388 76.34)';
const DANGER = 'oklch(0.594 0.1967 24.63)';
const MUTED = 'oklch(70.5% 0.015 286.067)';
const soft = (color: string): string => `color-mix(in oklab, ${color} 15%, transparent)`;

/** A frozen theme with the default fonts whose tokens take `values` in `THEME_TOKENS` order. */
export const fullTheme = (
  scheme: ThemeScheme,
  values: readonly string[],
): Readonly<CardTheme & { tokens: Readonly<Record<ThemeToken, string>> }> =>
  Object.freeze({
    scheme,
    fontSans: FONT_SANS,
    fontMono: FONT_MONO,
    tokens: Object.freeze(Object.fromEntries(THEME_TOKENS.map((token, i) => [token, values[i]]))) as Record<
      ThemeToken,
      string
    >,
  });

/** The app's default dark theme (also the mock host's `context.theme`). */
export const DEFAULT_THEME: Readonly<CardTheme & { tokens: Readonly<Record<ThemeToken, string>> }> =
  /* @__PURE__ */ fullTheme('dark', [
    'oklch(12% 0.005 285.823)',
    'oklch(16.1% 0.0048 285.82)',
    'oklch(19.9% 0.0046 285.82)',
    WHITE,
    MUTED,
    SURFACE,
    WHITE,
    'oklch(0.257 0.0037 286.14)',
    WHITE,
    'oklch(0.2721 0.0024 247.91)',
    WHITE,
    SURFACE,
    WHITE,
    'oklch(27.4% 0.006 286.033)',
    WHITE,
    ACCENT,
    WHITE,
    /* @__PURE__ */ soft(ACCENT),
    'oklch(0.73 0.14 254)',
    SUCCESS,
    SURFACE,
    /* @__PURE__ */ soft(SUCCESS),
    WARNING,
    SURFACE,
    /* @__PURE__ */ soft(WARNING),
    DANGER,
    WHITE,
    /* @__PURE__ */ soft(DANGER),
    'oklch(28% 0.006 286.033)',
    'oklch(38% 0.005 286)',
    'oklch(25% 0.006 286.033)',
    ACCENT,
    WHITE,
    SURFACE,
    WHITE,
    MUTED,
    'transparent',
    '0.5rem',
    '0.75rem',
  ]);
