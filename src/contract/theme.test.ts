import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, FONT_MONO, FONT_SANS, THEME_TOKENS } from './theme.js';

describe('theme tokens', () => {
  it('lists 39 tokens in order, and the default theme fills every one', () => {
    expect(THEME_TOKENS).toHaveLength(39);
    expect(THEME_TOKENS.slice(0, 3)).toEqual(['background', 'background-secondary', 'background-tertiary']);
    expect(THEME_TOKENS.slice(-2)).toEqual(['radius', 'field-radius']);
    expect(Object.keys(DEFAULT_THEME.tokens)).toEqual([...THEME_TOKENS]);
  });

  const rows: Array<[string, string]> = [
    ['background', 'oklch(12% 0.005 285.823)'],
    ['foreground', 'oklch(0.9911 0 0)'],
    ['surface-secondary', 'oklch(0.257 0.0037 286.14)'],
    ['surface-tertiary', 'oklch(0.2721 0.0024 247.91)'],
    ['default', 'oklch(27.4% 0.006 286.033)'],
    ['accent', 'oklch(0.6204 0.195 253.83)'],
    ['accent-soft', 'color-mix(in oklab, oklch(0.6204 0.195 253.83) 15%, transparent)'],
    ['accent-soft-foreground', 'oklch(0.73 0.14 254)'],
    ['success-foreground', 'oklch(0.2103 0.0059 285.89)'],
    ['warning-soft', 'color-mix(in oklab, oklch(0.8203 0.1388 76.34) 15%, transparent)'],
    ['danger', 'oklch(0.594 0.1967 24.63)'],
    ['danger-foreground', 'oklch(0.9911 0 0)'],
    ['border-secondary', 'oklch(38% 0.005 286)'],
    ['separator', 'oklch(25% 0.006 286.033)'],
    ['focus', 'oklch(0.6204 0.195 253.83)'],
    ['field-placeholder', 'oklch(70.5% 0.015 286.067)'],
    ['field-border', 'transparent'],
    ['radius', '0.5rem'],
    ['field-radius', '0.75rem'],
  ];
  it.each(rows)('%s = %s', (token, value) => {
    expect(DEFAULT_THEME.tokens[token as (typeof THEME_TOKENS)[number]]).toBe(value);
  });

  it('is dark with the system font stacks', () => {
    expect(DEFAULT_THEME.scheme).toBe('dark');
    expect(DEFAULT_THEME.fontSans).toBe(FONT_SANS);
    expect(FONT_SANS).toBe(
      'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    );
    expect(FONT_MONO).toBe('ui-monospace, SFMono-Regular, "Cascadia Mono", Menlo, Consolas, monospace');
    expect(Object.isFrozen(DEFAULT_THEME.tokens)).toBe(true);
  });
});
