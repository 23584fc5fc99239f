import axe from 'axe-core';
import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { DEFAULT_THEME, LIGHT_THEME } from '../src/index.js';
import { createMockHost } from '../src/testing/index.js';
import { Button } from './button/Button.js';
import { Kit } from './kit/Kit.js';
import { KitGallery } from './kit-gallery.js';

// Under the git-ignored __screenshots__ beside this file: the picture is for people to look at, not a baseline.
const SCREENSHOT = '__screenshots__/kit-both-themes.png';

beforeAll(async () => {
  const style = document.createElement('style');
  style.textContent = await commands.readFile('src/ui.css');
  document.head.append(style);
  await page.viewport(1400, 1300);
});

function renderBothThemes() {
  return render(
    <main style={{ display: 'flex', gap: 16, alignItems: 'flex-start', padding: 8 }}>
      <div style={{ flex: 1 }}>
        <KitGallery theme={DEFAULT_THEME} label="Dark theme" />
      </div>
      <div style={{ flex: 1 }}>
        <KitGallery theme={LIGHT_THEME} label="Light theme" />
      </div>
    </main>,
  );
}

describe('kit in Chromium', () => {
  it('passes axe, colour contrast included, in both themes', async () => {
    const { container } = renderBothThemes();
    const result = await axe.run(container, { resultTypes: ['violations', 'passes', 'incomplete'] });
    const report = result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
    expect(report).toEqual([]);
    expect(result.passes.map((p) => p.id)).toContain('color-contrast');
    const contrast = result.passes.find((p) => p.id === 'color-contrast')!;
    expect(contrast.nodes.length).toBeGreaterThan(40);
  });

  it.each(['primary', 'danger', 'secondary'])(
    'keeps AA contrast on a hovered %s button in both themes',
    async (variant) => {
      renderBothThemes();
      for (const theme of ['Dark theme', 'Light theme']) {
        const button = document.querySelector<HTMLElement>(
          `[data-testid="${theme}"] .ns-btn--${variant}:not([aria-busy])`,
        )!;
        const resting = getComputedStyle(button).backgroundColor;
        await userEvent.hover(button);
        await expect.poll(() => getComputedStyle(button).backgroundColor).not.toBe(resting);
        const result = await axe.run(button, { runOnly: ['color-contrast'] });
        expect(result.violations, `${theme} ${variant}`).toEqual([]);
        expect(result.passes.length, `${theme} ${variant}`).toBe(1);
      }
    },
  );

  it('uses each theme: the kit background and text follow the tokens', () => {
    renderBothThemes();
    const dark = getComputedStyle(document.querySelector('[data-testid="Dark theme"]')!);
    const light = getComputedStyle(document.querySelector('[data-testid="Light theme"]')!);
    expect(dark.backgroundColor).not.toBe(light.backgroundColor);
    expect(dark.colorScheme).toBe('dark');
    expect(light.colorScheme).toBe('light');
    expect(dark.fontSize).toBe('14px');
  });

  it('draws a visible focus ring on keyboard focus', async () => {
    renderBothThemes();
    const target = document.querySelector<HTMLButtonElement>(
      '[data-testid="Dark theme"] [data-testid="focus-target"]',
    )!;
    // The row is: a loading button, a disabled one (skipped by Tab), then the target.
    const before = target.parentElement!.firstElementChild as HTMLButtonElement;
    before.focus();
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toBe(target);
    expect(target.matches(':focus-visible')).toBe(true);
    const ring = getComputedStyle(target);
    expect(ring.outlineStyle).toBe('solid');
    expect(ring.outlineWidth).toBe('2px');
    expect(ring.outlineOffset).toBe('2px');
    expect(ring.outlineColor).not.toBe(getComputedStyle(target.parentElement!).backgroundColor);
    expect(ring.outlineColor).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);

    const input = document.querySelector<HTMLInputElement>('[data-testid="Light theme"] .ns-input')!;
    input.focus();
    expect(input.matches(':focus-visible')).toBe(true);
    // The field ring eases in over .15s.
    await expect.poll(() => getComputedStyle(input).boxShadow).toMatch(/ 0px 0px 0px 2px$/);
  });

  it('renders every component and takes a screenshot of both themes', async () => {
    const { container } = renderBothThemes();
    const gallery = container.querySelector('main')!;
    const box = gallery.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(800);
    expect(box.height).toBeGreaterThan(600);
    for (const selector of [
      '.ns-btn--primary',
      '.ns-switch input',
      '.ns-progress > span',
      '.ns-icon',
      '.ns-badge--danger',
    ]) {
      const element = container.querySelector(selector)!;
      expect(element.getBoundingClientRect().width, selector).toBeGreaterThan(0);
    }
    const shot = await page.screenshot({ element: gallery, path: SCREENSHOT, base64: true });
    expect(shot.path).toMatch(/components\/__screenshots__\/kit-both-themes\.png$/);
    // A PNG of a page this size is tens of kilobytes; an empty frame would be tiny.
    expect(atob(shot.base64).slice(1, 4)).toBe('PNG');
    expect(shot.base64.length).toBeGreaterThan(20_000);
  });

  it("follows the host's theme live: the document theme drives the kit, then theme.changed switches it", async () => {
    const root = document.documentElement;
    const host = createMockHost();
    await host.connect();
    try {
      render(
        <Kit data-testid="live">
          <Button variant="primary">Run</Button>
        </Kit>,
      );
      const kit = screen.getByTestId('live');
      const darkBackground = getComputedStyle(kit).backgroundColor;
      expect(root.dataset.nsScheme).toBe('dark');
      expect(getComputedStyle(kit).colorScheme).toBe('dark');
      await act(async () => host.setTheme(LIGHT_THEME));
      await expect.poll(() => root.dataset.nsScheme).toBe('light');
      expect(getComputedStyle(kit).backgroundColor).not.toBe(darkBackground);
      expect(getComputedStyle(kit).colorScheme).toBe('light');
      const result = await axe.run(kit, { runOnly: ['color-contrast'] });
      expect(result.violations).toEqual([]);
    } finally {
      for (const name of [...root.style])
        if (name.startsWith('--ns-') || name === 'color-scheme') root.style.removeProperty(name);
      delete root.dataset.nsScheme;
    }
  });

  it('draws markup written for the published ui.css as that kit does', async () => {
    const { container } = render(
      <div className="ns-kit" style={{ minHeight: 0 }}>
        <div
          className="ns-progress"
          style={{ width: 200, ['--ns-progress' as string]: '40%' }}
          data-testid="bare-progress"
        >
          <span />
        </div>
        <span className="ns-dot" data-testid="muted-dot" />
        <span className="ns-dot card__dot--live" data-testid="bem-dot" />
        <span className="ns-dot ns-dot--success status--ok" data-testid="tone-dot" />
        <span style={{ background: 'var(--ns-kit-success)' }} data-testid="success-swatch" />
        <span style={{ background: 'var(--ns-kit-accent)' }} data-testid="accent-swatch" />
        <ul className="ns-list">
          <li className="ns-list-item" data-testid="plain-row">
            Plain row
          </li>
        </ul>
        <label className="ns-switch">
          <input type="checkbox" defaultChecked data-testid="switch" /> On
        </label>
      </div>,
    );
    const styleOf = (id: string) => getComputedStyle(container.querySelector(`[data-testid="${id}"]`)!);
    // A bar without aria-valuenow stays still at its --ns-progress width.
    const fill = container.querySelector<HTMLElement>('[data-testid="bare-progress"] > span')!;
    expect(getComputedStyle(fill).animationName).toBe('none');
    expect(fill.getBoundingClientRect().width).toBeCloseTo(80, 0);
    // A card's own class containing "--" leaves the dot muted; a tone dot keeps its tone.
    expect(styleOf('bem-dot').backgroundColor).toBe(styleOf('muted-dot').backgroundColor);
    expect(styleOf('tone-dot').backgroundColor).toBe(styleOf('success-swatch').backgroundColor);
    // A checked switch is the accent colour.
    expect(styleOf('switch').backgroundColor).toBe(styleOf('accent-swatch').backgroundColor);
    // Any list item lights up on hover.
    const row = container.querySelector<HTMLElement>('[data-testid="plain-row"]')!;
    const resting = getComputedStyle(row).backgroundColor;
    await userEvent.hover(row);
    await expect.poll(() => getComputedStyle(row).backgroundColor).not.toBe(resting);
  });
});
