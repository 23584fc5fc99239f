import { render } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, LIGHT_THEME } from '../src/index.js';
import { KitGallery } from './kit-gallery.js';

// jsdom computes no layout or colours, so colour contrast is checked in kit.browser.test.tsx.
const options: axe.RunOptions = { rules: { 'color-contrast': { enabled: false } } };

describe('kit accessibility (axe, structure)', () => {
  it.each([
    ['dark', DEFAULT_THEME],
    ['light', LIGHT_THEME],
  ] as const)('every component in the %s theme has no violations', async (name, theme) => {
    const { container } = render(
      <main>
        <KitGallery theme={theme} label={`${name} theme`} />
      </main>,
    );
    const result = await axe.run(container, options);
    const violations = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(violations).toEqual([]);
    // The run looked at the real thing: roles, names and ARIA rules were evaluated on many nodes.
    expect(result.passes.map((p) => p.id)).toEqual(
      expect.arrayContaining([
        'button-name',
        'label',
        'aria-allowed-role',
        'aria-progressbar-name',
        'list',
        'listitem',
      ]),
    );
  });

  it('finds a real problem: an unnamed icon-only button', async () => {
    const { container } = render(<KitGallery theme={DEFAULT_THEME} label="broken" />);
    const button = container.querySelector('[aria-label="Refresh sm"]')!;
    button.removeAttribute('aria-label');
    const result = await axe.run(container, options);
    expect(result.violations.map((v) => v.id)).toContain('button-name');
  });
});
