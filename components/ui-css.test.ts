import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, FONT_MONO, FONT_SANS, THEME_TOKENS } from '../src/index.js';

// A path string: jsdom's URL class is not the one node:fs accepts.
const css = readFileSync(fileURLToPath(import.meta.url).replace(/components\/ui-css\.test\.ts$/, 'src/ui.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const selectors = [...css.matchAll(/([^{}]+)\{/g)].map((m) => m[1]!.trim()).filter((s) => !s.startsWith('@'));
const hasClass = (name: string) => selectors.some((s) => new RegExp(`\\.${name}(?![\\w-])`).test(s));

// Top-level rules (outside @media and @keyframes) as [selector list, declarations].
function topLevelRules(text: string): Array<[string[], Map<string, string>]> {
  const rules: Array<[string[], Map<string, string>]> = [];
  let depth = 0;
  let start = 0;
  let head = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth === 0) head = text.slice(start, i).trim();
      depth++;
      start = i + 1;
    } else if (text[i] === '}') {
      depth--;
      if (depth === 0 && !head.startsWith('@')) {
        const body = new Map<string, string>();
        for (const part of text.slice(start, i).split(/;(?![^(]*\))/)) {
          const colon = part.indexOf(':');
          if (colon > 0) body.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim().replace(/\s+/g, ' '));
        }
        rules.push([head.split(',').map((s) => s.trim()), body]);
      }
      start = i + 1;
    }
  }
  return rules;
}
const rules = topLevelRules(css);
/** The declarations every top-level rule listing exactly `selector` gives it, later rules winning. */
function declared(selector: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [list, body] of rules) if (list.includes(selector)) for (const [k, v] of body) out[k] = v;
  return out;
}

describe('ui.css', () => {
  it('defines every class of the documented kit', () => {
    const documented = [
      'ns-kit', 'ns-stack', 'ns-row', 'ns-spread', 'ns-grow', 'ns-pad', 'ns-scroll', 'ns-divider', 'ns-surface',
      'ns-surface--inset', 'ns-title', 'ns-subtitle', 'ns-muted', 'ns-small', 'ns-mono', 'ns-truncate', 'ns-kbd',
      'ns-btn', 'ns-btn--primary', 'ns-btn--secondary', 'ns-btn--outline', 'ns-btn--ghost', 'ns-btn--danger',
      'ns-btn--sm', 'ns-btn--lg', 'ns-btn--icon', 'ns-field', 'ns-label', 'ns-input', 'ns-textarea', 'ns-select',
      'ns-help', 'ns-error', 'ns-switch', 'ns-list', 'ns-list-item', 'ns-badge', 'ns-badge--accent',
      'ns-badge--success', 'ns-badge--warning', 'ns-badge--danger', 'ns-dot', 'ns-dot--accent', 'ns-dot--success',
      'ns-dot--warning', 'ns-dot--danger', 'ns-spinner', 'ns-progress', 'ns-empty', 'ns-callout',
      'ns-callout--danger', 'ns-callout--success', 'ns-callout--warning', 'ns-callout--default', 'ns-check', 'ns-icon',
    ];
    expect(documented.filter((name) => !hasClass(name))).toEqual([]);
  });

  it('reads only --ns-* variables, and every theme variable it reads has a fallback', () => {
    const reads = [...css.matchAll(/var\((--[\w-]+)(,?)/g)];
    expect(reads.filter(([, name]) => !name!.startsWith('--ns-'))).toEqual([]);
    const themeNames = new Set([...THEME_TOKENS.map((t) => `--ns-${t}`), '--ns-font-sans', '--ns-font-mono']);
    const themeReads = reads.filter(([, name]) => themeNames.has(name!));
    expect(themeReads.length).toBeGreaterThan(25);
    expect(themeReads.filter(([, , comma]) => comma !== ',').map(([, name]) => name)).toEqual([]);
  });

  it('sets no colour outside the theme fallbacks: rules use the kit variables', () => {
    const rules = css.slice(css.indexOf('.ns-kit {'));
    expect(rules).not.toMatch(/oklch\(|#[0-9a-f]{3,8}\b|rgba?\(/i);
  });

  it('recomputes the kit variables on a themed subtree and draws a focus ring on :focus-visible', () => {
    expect(css).toMatch(/:root,\s*\[data-ns-scheme\]\s*\{/);
    expect(css).toMatch(/\.ns-kit :focus-visible[^{]*\{\s*outline: 2px solid var\(--ns-kit-focus\);\s*outline-offset: 2px;/);
    expect(css).toMatch(/\.ns-input:focus-visible[^{]*\{[^}]*box-shadow: 0 0 0 2px var\(--ns-kit-focus\)/);
    expect(css).toMatch(/\[data-ns-scheme="light"\] \.ns-kit[^{]*\{\s*color-scheme: light;/);
  });

  it('pauses the spinner under data-ns-paused and slows motion for reduced-motion users', () => {
    expect(css).toMatch(/\[data-ns-paused\] \.ns-spinner,\s*\.ns-spinner\[data-ns-paused\] \{ animation-play-state: paused; \}/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)[\s\S]*\.ns-spinner \{ animation-duration: 2s; \}/);
  });

  it('animates a progress bar only with the indeterminate modifier, so a bar drawn with --ns-progress alone stays still', () => {
    expect(declared('.ns-progress > span')).toMatchObject({ width: 'var(--ns-progress, 0%)', transition: 'width 0.25s var(--ns-kit-ease)' });
    expect(declared('.ns-progress > span').animation).toBeUndefined();
    expect(selectors.filter((s) => s.includes('.ns-progress') && /aria-valuenow/.test(s))).toEqual([]);
    expect(declared('.ns-progress--indeterminate > span').animation).toMatch(/^ns-slide /);
  });

  it('draws a dot in its tone only for the four tone modifiers: any other class keeps the muted dot', () => {
    expect(declared('.ns-dot')).toMatchObject({ width: '8px', height: '8px', 'border-radius': '50%', background: 'var(--ns-kit-muted)' });
    expect(selectors.filter((s) => /\.ns-dot\[/.test(s))).toEqual([]);
    for (const tone of ['accent', 'success', 'warning', 'danger']) {
      expect(declared(`.ns-dot--${tone}`)).toEqual({
        '--ns-dot': `var(--ns-kit-${tone})`,
        background: 'var(--ns-dot)',
        'box-shadow': '0 0 8px color-mix(in oklab, var(--ns-dot) 70%, transparent)',
      });
    }
  });

  it('highlights any hovered or aria-selected list item, as the published kit does', () => {
    expect(declared('.ns-list-item')).toMatchObject({
      display: 'flex', 'align-items': 'center', gap: '10px', 'min-height': '36px', padding: '6px 10px',
      'border-radius': 'var(--ns-kit-radius)',
    });
    expect(declared('.ns-list-item:hover').background).toBe('var(--ns-kit-surface-2)');
    expect(declared('.ns-list-item[aria-selected="true"]').background).toBe('var(--ns-kit-surface-2)');
    expect(declared('button.ns-list-item')).toMatchObject({ width: '100%', 'text-align': 'left' });
  });

  it('draws the switch as the published kit: a 32x18 pill with a 14px fg knob, accent when checked', () => {
    expect(declared('.ns-switch')).toMatchObject({ display: 'inline-flex', gap: '8px', 'font-size': '13px', cursor: 'pointer' });
    expect(declared('.ns-switch input')).toMatchObject({ width: '32px', height: '18px', background: 'var(--ns-kit-default)' });
    expect(declared('.ns-switch input::before')).toMatchObject({
      top: '2px', left: '2px', width: '14px', height: '14px', background: 'var(--ns-kit-fg)',
    });
    expect(declared('.ns-switch input:checked')).toEqual({ background: 'var(--ns-kit-accent)' });
    expect(declared('.ns-switch input:checked::before')).toEqual({ transform: 'translateX(14px)' });
  });

  it('mixes the primary and danger fills on the button, from the kit accent and danger in force there', () => {
    expect(declared(':root')['--ns-kit-fill']).toBeUndefined();
    expect(declared('.ns-btn--primary')).toMatchObject({
      '--ns-kit-fill': 'color-mix(in oklab, var(--ns-kit-accent) 82%, var(--ns-kit-shade))',
      background: 'var(--ns-kit-fill)',
      color: 'var(--ns-kit-accent-fg)',
    });
    expect(declared('.ns-btn--danger')).toMatchObject({
      '--ns-kit-fill': 'color-mix(in oklab, var(--ns-kit-danger) 82%, var(--ns-kit-shade))',
      color: 'var(--ns-kit-danger-fg)',
    });
  });

  it('declares every kit variable on :root reading its token, with the default theme value as the fallback', () => {
    const root = declared(':root');
    const tokens = DEFAULT_THEME.tokens;
    const soft = (kit: string) => `color-mix(in oklab, var(${kit}) 15%, transparent)`;
    const expected: Record<string, [string, string]> = {
      '--ns-kit-bg': ['background', tokens.background],
      '--ns-kit-fg': ['foreground', tokens.foreground],
      '--ns-kit-muted': ['muted', tokens.muted],
      '--ns-kit-surface': ['surface', tokens.surface],
      '--ns-kit-surface-2': ['surface-secondary', tokens['surface-secondary']],
      '--ns-kit-surface-3': ['surface-tertiary', tokens['surface-tertiary']],
      '--ns-kit-default': ['default', tokens.default],
      '--ns-kit-default-fg': ['default-foreground', tokens['default-foreground']],
      '--ns-kit-accent': ['accent', tokens.accent],
      '--ns-kit-accent-fg': ['accent-foreground', tokens['accent-foreground']],
      '--ns-kit-accent-soft': ['accent-soft', soft('--ns-kit-accent')],
      '--ns-kit-accent-soft-fg': ['accent-soft-foreground', tokens['accent-soft-foreground']],
      '--ns-kit-success': ['success', tokens.success],
      '--ns-kit-success-soft': ['success-soft', soft('--ns-kit-success')],
      '--ns-kit-warning': ['warning', tokens.warning],
      '--ns-kit-warning-soft': ['warning-soft', soft('--ns-kit-warning')],
      '--ns-kit-danger': ['danger', tokens.danger],
      '--ns-kit-danger-fg': ['danger-foreground', tokens['danger-foreground']],
      '--ns-kit-danger-soft': ['danger-soft', soft('--ns-kit-danger')],
      '--ns-kit-border': ['border', tokens.border],
      '--ns-kit-border-2': ['border-secondary', tokens['border-secondary']],
      '--ns-kit-separator': ['separator', tokens.separator],
      '--ns-kit-focus': ['focus', 'var(--ns-kit-accent)'],
      '--ns-kit-field-bg': ['field-background', tokens['field-background']],
      '--ns-kit-field-fg': ['field-foreground', tokens['field-foreground']],
      '--ns-kit-field-placeholder': ['field-placeholder', 'var(--ns-kit-muted)'],
      '--ns-kit-field-border': ['field-border', 'transparent'],
      '--ns-kit-radius': ['radius', '0.5rem'],
      '--ns-kit-field-radius': ['field-radius', '0.75rem'],
      '--ns-kit-font': ['font-sans', FONT_SANS],
      '--ns-kit-mono': ['font-mono', FONT_MONO],
    };
    for (const [name, [token, fallback]] of Object.entries(expected)) {
      expect(root[name], name).toBe(`var(--ns-${token}, ${fallback})`);
    }
    expect(root['--ns-kit-ease']).toBe('cubic-bezier(0.2, 0.8, 0.2, 1)');
    // The tokens the published kit leaves alone stay unread here too.
    const unused = ['background-secondary', 'background-tertiary', 'surface-foreground', 'surface-secondary-foreground',
      'surface-tertiary-foreground', 'overlay', 'overlay-foreground', 'success-foreground', 'warning-foreground', 'link'];
    expect(unused.filter((token) => css.includes(`var(--ns-${token},`))).toEqual([]);
  });
});
