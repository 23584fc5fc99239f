import { fullTheme, type CardTheme, type ThemeToken } from './theme.js';

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
  /* @__PURE__ */ fullTheme('light', [
    'oklch(0.985 0.002 286)',
    'oklch(0.967 0.003 286)',
    'oklch(0.94 0.004 286)',
    INK,
    MUTED,
    WHITE,
    INK,
    'oklch(0.955 0.003 286)',
    INK,
    'oklch(0.93 0.004 286)',
    INK,
    WHITE,
    INK,
    'oklch(0.92 0.004 286)',
    INK,
    ACCENT,
    WHITE,
    /* @__PURE__ */ soft(ACCENT),
    'oklch(0.45 0.18 258)',
    SUCCESS,
    WHITE,
    /* @__PURE__ */ soft(SUCCESS),
    WARNING,
    WHITE,
    /* @__PURE__ */ soft(WARNING),
    DANGER,
    WHITE,
    /* @__PURE__ */ soft(DANGER),
    'oklch(0.9 0.004 286)',
    'oklch(0.8 0.006 286)',
    'oklch(0.92 0.004 286)',
    ACCENT,
    ACCENT,
    'oklch(0.965 0.003 286)',
    INK,
    'oklch(0.52 0.015 286)',
    'oklch(0.88 0.005 286)',
    '0.5rem',
    '0.75rem',
  ]);
