import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from './theme.js';
import { LIGHT_THEME } from './theme-light.js';

type Rgba = [number, number, number, number];

// sRGB channel encoding, as browsers composite in it.
const encode = (x: number) => (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
const decode = (x: number) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
const clamp = (x: number) => Math.min(1, Math.max(0, x));

function oklabToRgb(L: number, a: number, b: number): [number, number, number] {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    encode(clamp(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s)),
    encode(clamp(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s)),
    encode(clamp(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s)),
  ];
}

/** Parses the colour forms the themes use: oklch(), transparent and color-mix(in oklab, X n%, transparent). */
function parse(value: string): Rgba {
  if (value === 'transparent') return [0, 0, 0, 0];
  const mix = /^color-mix\(in oklab, (.+) (\d+)%, transparent\)$/.exec(value);
  if (mix) {
    const [r, g, b] = parse(mix[1]);
    return [r, g, b, Number(mix[2]) / 100];
  }
  const lch = /^oklch\(([\d.]+)(%?) ([\d.]+) ([\d.]+)\)$/.exec(value);
  if (!lch) throw new Error(`unsupported colour ${value}`);
  const L = Number(lch[1]) / (lch[2] ? 100 : 1);
  const C = Number(lch[3]);
  const h = (Number(lch[4]) * Math.PI) / 180;
  return [...oklabToRgb(L, C * Math.cos(h), C * Math.sin(h)), 1];
}

function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  return 0.2126 * decode(r) + 0.7152 * decode(g) + 0.0722 * decode(b);
}

function contrast(text: string, ...layers: string[]): number {
  const background = layers.map(parse).reduceRight((below, layer) => over(layer, below));
  const a = luminance(over(parse(text), background));
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe('LIGHT_THEME', () => {
  const t = LIGHT_THEME.tokens;

  it('has the shape of DEFAULT_THEME: every token, both fonts, the light scheme', () => {
    expect(Object.keys(t).sort()).toEqual(Object.keys(DEFAULT_THEME.tokens).sort());
    expect(LIGHT_THEME.scheme).toBe('light');
    expect(LIGHT_THEME.fontSans).toBe(DEFAULT_THEME.fontSans);
    expect(LIGHT_THEME.fontMono).toBe(DEFAULT_THEME.fontMono);
    expect(Object.isFrozen(LIGHT_THEME) && Object.isFrozen(t)).toBe(true);
  });

  it('reproduces known contrast ratios (checks the measuring itself)', () => {
    expect(contrast('oklch(1 0 0)', 'oklch(0 0 0)')).toBeCloseTo(21, 1);
    // A grey's luminance is the cube of its OKLab lightness: (1 + 0.05) / (0.125 + 0.05) = 6.
    expect(contrast('oklch(0.5 0 0)', 'oklch(1 0 0)')).toBeCloseTo(6, 2);
  });

  it.each([
    ['foreground', 'background'],
    ['foreground', 'surface'],
    ['foreground', 'surface-secondary'],
    ['surface-foreground', 'surface'],
    ['surface-secondary-foreground', 'surface-secondary'],
    ['surface-tertiary-foreground', 'surface-tertiary'],
    ['overlay-foreground', 'overlay'],
    ['muted', 'background'],
    ['muted', 'surface'],
    ['muted', 'surface-secondary'],
    ['default-foreground', 'default'],
    ['accent-foreground', 'accent'],
    ['success-foreground', 'success'],
    ['warning-foreground', 'warning'],
    ['danger-foreground', 'danger'],
    ['field-foreground', 'field-background'],
    ['link', 'background'],
  ] as const)('%s on %s meets WCAG AA (4.5:1)', (text, background) => {
    expect(contrast(t[text], t[background])).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['accent-soft-foreground', 'accent-soft'],
    ['success', 'success-soft'],
    ['warning', 'warning-soft'],
    ['danger', 'danger-soft'],
  ] as const)('%s text on %s over the background and a surface meets AA', (text, soft) => {
    for (const base of [t.background, t.surface, t['surface-secondary']]) {
      expect(contrast(t[text], t[soft], base)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
