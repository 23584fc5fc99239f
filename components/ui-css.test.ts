import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, FONT_MONO, FONT_SANS, THEME_TOKENS } from '../src/index.js';
import { KIT_CLASSES } from './kit-classes.test-helper.js';

// A path string: jsdom's URL class is not the one node:fs accepts.
const css = readFileSync(
  fileURLToPath(import.meta.url).replace(/components\/ui-css\.test\.ts$/, 'src/ui.css'),
  'utf8',
).replace(/\/\*[\s\S]*?\*\//g, '');
const selectors = [...css.matchAll(/([^{}]+)\{/g)].map((m) => m[1].trim()).filter((s) => !s.startsWith('@'));
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
          if (colon > 0)
            body.set(
              part.slice(0, colon).trim(),
              part
                .slice(colon + 1)
                .trim()
                .replace(/\s+/g, ' '),
            );
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
    expect(KIT_CLASSES.filter((name) => !hasClass(name))).toEqual([]);
  });

  it('reads only --ns-* variables, and every theme variable it reads has a fallback', () => {
    const reads = [...css.matchAll(/var\((--[\w-]+)(,?)/g)];
    expect(reads.filter(([, name]) => !name.startsWith('--ns-'))).toEqual([]);
    const themeNames = new Set([...THEME_TOKENS.map((t) => `--ns-${t}`), '--ns-font-sans', '--ns-font-mono']);
    const themeReads = reads.filter(([, name]) => themeNames.has(name));
    expect(themeReads.length).toBeGreaterThan(25);
    expect(themeReads.filter(([, , comma]) => comma !== ',').map(([, name]) => name)).toEqual([]);
  });

  it('sets no colour outside the theme fallbacks: rules use the kit variables', () => {
    const rules = css.slice(css.indexOf('.ns-kit {'));
    expect(rules).not.toMatch(/oklch\(|#[0-9a-f]{3,8}\b|rgba?\(/i);
  });

  it('recomputes the kit variables on a themed subtree and draws a focus ring on :focus-visible', () => {
    expect(css).toMatch(/:root,\s*\[data-ns-scheme\]\s*\{/);
    expect(css).toMatch(
      /\.ns-kit :focus-visible[^{]*\{\s*outline: 2px solid var\(--ns-kit-focus\);\s*outline-offset: 2px;/,
    );
    expect(css).toMatch(/\.ns-input:focus-visible[^{]*\{[^}]*box-shadow: 0 0 0 2px var\(--ns-kit-focus\)/);
    expect(css).toMatch(/\[data-ns-scheme="light"\] \.ns-kit[^{]*\{\s*color-scheme: light;/);
  });

  it('pauses the spinner under data-ns-paused and slows motion for reduced-motion users', () => {
    expect(css).toMatch(
      /\[data-ns-paused\] \.ns-spinner,\s*\.ns-spinner\[data-ns-paused\] \{ animation-play-state: paused; \}/,
    );
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)[\s\S]*\.ns-spinner \{ animation-duration: 2s; \}/);
  });

  it('animates a progress bar only with the indeterminate modifier, so a bar drawn with --ns-progress alone stays still', () => {
    expect(declared('.ns-progress > span')).toMatchObject({
      width: 'var(--ns-progress, 0%)',
      transition: 'width 0.25s var(--ns-kit-ease)',
    });
    expect(declared('.ns-progress > span').animation).toBeUndefined();
    expect(selectors.filter((s) => s.includes('.ns-progress') && /aria-valuenow/.test(s))).toEqual([]);
    expect(declared('.ns-progress--indeterminate > span').animation).toMatch(/^ns-slide /);
  });

  it('draws a dot in its tone only for the four tone modifiers: any other class keeps the muted dot', () => {
    expect(declared('.ns-dot')).toMatchObject({
      width: '8px',
      height: '8px',
      'border-radius': '50%',
      background: 'var(--ns-kit-muted)',
    });
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
      display: 'flex',
      'align-items': 'center',
      gap: '10px',
      'min-height': '36px',
      padding: '6px 10px',
      'border-radius': 'var(--ns-kit-radius)',
    });
    expect(declared('.ns-list-item:hover').background).toBe('var(--ns-kit-surface-2)');
    expect(declared('.ns-list-item[aria-selected="true"]').background).toBe('var(--ns-kit-surface-2)');
    expect(declared('button.ns-list-item')).toMatchObject({ width: '100%', 'text-align': 'left' });
  });

  it('draws the switch as the published kit: a 32x18 pill with a 14px fg knob, accent when checked', () => {
    expect(declared('.ns-switch')).toMatchObject({
      display: 'inline-flex',
      gap: '8px',
      'font-size': '13px',
      cursor: 'pointer',
    });
    expect(declared('.ns-switch input')).toMatchObject({
      width: '32px',
      height: '18px',
      background: 'var(--ns-kit-default)',
    });
    expect(declared('.ns-switch input::before')).toMatchObject({
      top: '2px',
      left: '2px',
      width: '14px',
      height: '14px',
      background: 'var(--ns-kit-fg)',
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
    const unused = [
      'background-secondary',
      'background-tertiary',
      'surface-foreground',
      'surface-secondary-foreground',
      'surface-tertiary-foreground',
      'overlay',
      'overlay-foreground',
      'success-foreground',
      'warning-foreground',
      'link',
    ];
    expect(unused.filter((token) => css.includes(`var(--ns-${token},`))).toEqual([]);
  });

  // The published kit's classes with the declarations a card relies on (values as written in ui.css).
  const PUBLISHED: Record<string, Record<string, string>> = {
    '.ns-kit': {
      margin: '0',
      'min-height': '100vh',
      'box-sizing': 'border-box',
      background: 'var(--ns-kit-bg)',
      color: 'var(--ns-kit-fg)',
      font: '14px/1.45 var(--ns-kit-font)',
      '-webkit-font-smoothing': 'antialiased',
      'color-scheme': 'dark',
      'scrollbar-width': 'thin',
      'scrollbar-color': 'color-mix(in oklab, var(--ns-kit-fg) 15%, transparent) transparent',
    },
    '.ns-kit *': { 'box-sizing': 'inherit' },
    '.ns-stack': { display: 'flex', 'flex-direction': 'column', gap: '8px' },
    '.ns-row': { display: 'flex', 'align-items': 'center', gap: '8px' },
    '.ns-spread': { display: 'flex', 'align-items': 'center', 'justify-content': 'space-between', gap: '8px' },
    '.ns-grow': { flex: '1 1 auto', 'min-width': '0' },
    '.ns-pad': { padding: '12px' },
    '.ns-scroll': { overflow: 'auto', 'min-height': '0', 'scrollbar-width': 'thin', 'overscroll-behavior': 'contain' },
    '.ns-divider': { height: '1px', border: '0', margin: '4px 0', background: 'var(--ns-kit-separator)' },
    '.ns-surface': {
      background: 'var(--ns-kit-surface)',
      border: '1px solid var(--ns-kit-border)',
      'border-radius': 'calc(var(--ns-kit-radius) * 1.5)',
      padding: '12px',
    },
    '.ns-surface--inset': { background: 'var(--ns-kit-surface-2)', 'border-color': 'transparent' },
    '.ns-title': { margin: '0', 'font-size': '15px', 'font-weight': '600', 'letter-spacing': '-0.01em' },
    '.ns-subtitle': {
      margin: '0',
      'font-size': '12px',
      'font-weight': '500',
      'text-transform': 'uppercase',
      'letter-spacing': '0.06em',
      color: 'var(--ns-kit-muted)',
    },
    '.ns-muted': { color: 'var(--ns-kit-muted)' },
    '.ns-small': { 'font-size': '12px' },
    '.ns-mono': { 'font-family': 'var(--ns-kit-mono)', 'font-size': '12.5px' },
    '.ns-truncate': { overflow: 'hidden', 'text-overflow': 'ellipsis', 'white-space': 'nowrap' },
    '.ns-kbd': {
      display: 'inline-block',
      padding: '1px 6px',
      border: '1px solid var(--ns-kit-border-2)',
      'border-bottom-width': '2px',
      'border-radius': '6px',
      font: '11px var(--ns-kit-mono)',
      color: 'var(--ns-kit-muted)',
    },
    '.ns-btn': {
      display: 'inline-flex',
      'align-items': 'center',
      'justify-content': 'center',
      gap: '6px',
      height: '32px',
      padding: '0 12px',
      border: '1px solid transparent',
      'border-radius': 'var(--ns-kit-radius)',
      background: 'var(--ns-kit-default)',
      color: 'var(--ns-kit-default-fg)',
      'font-size': '13px',
      'font-weight': '500',
      'line-height': '1',
      'white-space': 'nowrap',
      cursor: 'pointer',
      'user-select': 'none',
      'transition-timing-function': 'var(--ns-kit-ease)',
    },
    '.ns-btn:hover': { background: 'color-mix(in oklab, var(--ns-kit-default) 88%, var(--ns-kit-default-fg))' },
    '.ns-btn:active': { transform: 'scale(0.97)' },
    '.ns-btn:disabled': { opacity: '0.5', cursor: 'not-allowed', transform: 'none' },
    '.ns-btn[aria-disabled="true"]': { opacity: '0.5', cursor: 'not-allowed', transform: 'none' },
    '.ns-btn--secondary': { background: 'var(--ns-kit-accent-soft)', color: 'var(--ns-kit-accent-soft-fg)' },
    '.ns-btn--secondary:hover': { background: 'color-mix(in oklab, var(--ns-kit-accent) 22%, transparent)' },
    '.ns-btn--outline': { background: 'transparent', 'border-color': 'var(--ns-kit-border-2)' },
    '.ns-btn--outline:hover': { background: 'color-mix(in oklab, var(--ns-kit-default) 60%, transparent)' },
    '.ns-btn--ghost': { background: 'transparent' },
    '.ns-btn--ghost:hover': { background: 'color-mix(in oklab, var(--ns-kit-default) 70%, transparent)' },
    '.ns-btn--sm': { height: '26px', padding: '0 9px', 'font-size': '12px' },
    '.ns-btn--lg': { height: '40px', padding: '0 16px', 'font-size': '14px' },
    '.ns-btn--icon': { width: '32px', padding: '0' },
    '.ns-btn--icon.ns-btn--sm': { width: '26px' },
    '.ns-field': { display: 'flex', 'flex-direction': 'column', gap: '4px' },
    '.ns-label': { 'font-size': '12px', 'font-weight': '500', color: 'var(--ns-kit-muted)' },
    '.ns-input': {
      width: '100%',
      'min-height': '34px',
      padding: '7px 10px',
      border: '1px solid var(--ns-kit-field-border)',
      'border-radius': 'var(--ns-kit-field-radius)',
      background: 'var(--ns-kit-field-bg)',
      color: 'var(--ns-kit-field-fg)',
      'font-size': '13px',
      outline: 'none',
    },
    '.ns-input::placeholder': { color: 'var(--ns-kit-field-placeholder)' },
    '.ns-input:hover': { background: 'color-mix(in oklab, var(--ns-kit-field-bg) 92%, var(--ns-kit-fg) 4%)' },
    '.ns-input:focus-visible': { 'box-shadow': '0 0 0 2px var(--ns-kit-focus)' },
    '.ns-input[aria-invalid="true"]': { 'box-shadow': '0 0 0 1px var(--ns-kit-danger)' },
    '.ns-textarea[aria-invalid="true"]': { 'box-shadow': '0 0 0 1px var(--ns-kit-danger)' },
    '.ns-textarea': { 'min-height': '72px', resize: 'vertical', 'border-radius': 'var(--ns-kit-field-radius)' },
    '.ns-select': {
      appearance: 'none',
      'padding-right': '28px',
      'background-size': '5px 5px',
      'border-radius': 'var(--ns-kit-field-radius)',
    },
    '.ns-help': { 'font-size': '12px', color: 'var(--ns-kit-muted)' },
    '.ns-error': { 'font-size': '12px' },
    '.ns-list': {
      'list-style': 'none',
      margin: '0',
      padding: '0',
      display: 'flex',
      'flex-direction': 'column',
      gap: '2px',
    },
    '.ns-badge': {
      display: 'inline-flex',
      gap: '4px',
      height: '20px',
      padding: '0 7px',
      'border-radius': '999px',
      background: 'var(--ns-kit-default)',
      color: 'var(--ns-kit-default-fg)',
      'font-size': '11px',
      'font-weight': '600',
      'font-variant-numeric': 'tabular-nums',
      'white-space': 'nowrap',
    },
    '.ns-badge--accent': { background: 'var(--ns-kit-accent-soft)', color: 'var(--ns-kit-accent-soft-fg)' },
    '.ns-badge--success': { background: 'var(--ns-kit-success-soft)', color: 'var(--ns-kit-success)' },
    '.ns-badge--warning': { background: 'var(--ns-kit-warning-soft)', color: 'var(--ns-kit-warning)' },
    '.ns-badge--danger': {
      background: 'var(--ns-kit-danger-soft)',
      color: 'color-mix(in oklab, var(--ns-kit-danger) 70%, var(--ns-kit-fg))',
    },
    '.ns-spinner': {
      width: '16px',
      height: '16px',
      border: '2px solid color-mix(in oklab, var(--ns-kit-fg) 18%, transparent)',
      'border-top-color': 'var(--ns-kit-accent)',
      'border-radius': '50%',
      animation: 'ns-spin 0.7s linear infinite',
    },
    '.ns-progress': { height: '6px', 'border-radius': '999px', background: 'var(--ns-kit-default)' },
    '.ns-empty': {
      display: 'flex',
      'flex-direction': 'column',
      'align-items': 'center',
      'justify-content': 'center',
      gap: '6px',
      'min-height': '120px',
      padding: '16px',
      color: 'var(--ns-kit-muted)',
    },
    '.ns-empty strong': { color: 'var(--ns-kit-fg)', 'font-weight': '600' },
    '.ns-callout': {
      padding: '8px 10px',
      'border-radius': 'var(--ns-kit-radius)',
      background: 'var(--ns-kit-accent-soft)',
      color: 'var(--ns-kit-accent-soft-fg)',
      'font-size': '12.5px',
    },
    '.ns-callout--success': { background: 'var(--ns-kit-success-soft)', color: 'var(--ns-kit-success)' },
    '.ns-callout--danger': { background: 'var(--ns-kit-danger-soft)' },
  };

  it.each(Object.entries(PUBLISHED))('gives %s the published declarations', (selector, expected) => {
    expect(declared(selector)).toMatchObject(expected);
  });

  it('changes only the background and border of outline and ghost buttons: the text stays default-fg', () => {
    expect(declared('.ns-btn--outline')).toEqual({
      background: 'transparent',
      'border-color': 'var(--ns-kit-border-2)',
    });
    expect(declared('.ns-btn--ghost')).toEqual({ background: 'transparent' });
  });

  it('animates the spinner with ns-spin and turns motion down for reduced-motion users', () => {
    expect(css).toMatch(/@keyframes ns-spin \{ to \{ transform: rotate\(360deg\); \} \}/);
    const reduced = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    for (const selector of [
      '.ns-btn',
      '.ns-input',
      '.ns-textarea',
      '.ns-select',
      '.ns-switch input',
      '.ns-list-item',
      '.ns-progress > span',
    ]) {
      expect(reduced, selector).toMatch(
        new RegExp(`${selector.replace(/[.*+?^${}()|[\]\\>]/g, '\\$&')}[^{]*\\{\\s*transition: none;`),
      );
    }
  });
});
