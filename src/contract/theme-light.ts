import { FONT_MONO, FONT_SANS } from './theme.js';
import type { CardTheme, ThemeToken } from './theme.js';

const INK = 'oklch(0.2103 0.0059 285.89)';
const WHITE = 'oklch(1 0 0)';
const MUTED = 'oklch(0.47 0.015 286)';
// Tone colours are deep enough for 4.5:1 as text on their soft fill and with white text on top.
const ACCENT = 'oklch(0.5 0.19 258)';
const SUCCESS = 'oklch(0.48 0.13 150)';
const WARNING = 'oklch(0.5 0.12 65)';
const DANGER = 'oklch(0.5 0.19 25)';
const soft = (color: string): string => `color-mix(in oklab, ${color} 12%, transparent)`;

/** A light theme with the same tokens as `DEFAULT_THEME`; text on its background meets WCAG AA. */
export const LIGHT_THEME: Readonly<CardTheme & { tokens: Readonly<Record<ThemeToken, string>> }> =
  /* @__PURE__ */ Object.freeze({
    scheme: 'light',
    fontSans: FONT_SANS,
    fontMono: FONT_MONO,
    tokens: /* @__PURE__ */ Object.freeze({
      background: 'oklch(0.985 0.002 286)',
      'background-secondary': 'oklch(0.967 0.003 286)',
      'background-tertiary': 'oklch(0.94 0.004 286)',
      foreground: INK,
      muted: MUTED,
      surface: WHITE,
      'surface-foreground': INK,
      'surface-secondary': 'oklch(0.955 0.003 286)',
      'surface-secondary-foreground': INK,
      'surface-tertiary': 'oklch(0.93 0.004 286)',
      'surface-tertiary-foreground': INK,
      overlay: WHITE,
      'overlay-foreground': INK,
      default: 'oklch(0.92 0.004 286)',
      'default-foreground': INK,
      accent: ACCENT,
      'accent-foreground': WHITE,
      'accent-soft': /* @__PURE__ */ soft(ACCENT),
      'accent-soft-foreground': 'oklch(0.45 0.18 258)',
      success: SUCCESS,
      'success-foreground': WHITE,
      'success-soft': /* @__PURE__ */ soft(SUCCESS),
      warning: WARNING,
      'warning-foreground': WHITE,
      'warning-soft': /* @__PURE__ */ soft(WARNING),
      danger: DANGER,
      'danger-foreground': WHITE,
      'danger-soft': /* @__PURE__ */ soft(DANGER),
      border: 'oklch(0.9 0.004 286)',
      'border-secondary': 'oklch(0.8 0.006 286)',
      separator: 'oklch(0.92 0.004 286)',
      focus: ACCENT,
      link: ACCENT,
      'field-background': 'oklch(0.965 0.003 286)',
      'field-foreground': INK,
      'field-placeholder': 'oklch(0.52 0.015 286)',
      'field-border': 'oklch(0.88 0.005 286)',
      radius: '0.5rem',
      'field-radius': '0.75rem',
    }),
  });
