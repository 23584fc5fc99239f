// @vitest-environment node
// Fast Refresh in `neurosquad-card dev` on the React template, end to end in real Chromium: a component edit
// updates the sandboxed frame in place with React state kept, a build error shows and the last good version keeps
// running, a manifest edit reloads the frame while the host page stays.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Frame, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { startDev, setUpDevFixtures, type DevFixtures } from './dev-e2e.test-helper.js';
import { addCounter, COUNTER_FILE } from '../../test/refresh-counter.mjs';

let fixtures: DevFixtures;
let browser: Browser;

setUpDevFixtures(['react'], (built, launched) => {
  fixtures = built;
  browser = launched;
});

function edit(folder: string, file: string, change: (text: string) => string): void {
  const path = join(folder, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

function cardFrame(page: Page, cardUrl: string): Frame {
  const frame = page.frames().find((candidate) => candidate.url() === cardUrl);
  if (!frame) throw new Error(`no frame at ${cardUrl}`);
  return frame;
}

it('updates a component in place with its state, shows a build error over the last good version, reloads on a manifest edit', async () => {
  const folder = fixtures.cards.react;
  addCounter(folder);
  const dev = await startDev(folder, fixtures.pageDir);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    expect(dev.output()).toContain('served by Vite with Fast Refresh');
    expect(dev.output()).toMatch(
      /Fast Refresh through Vite: the card's CSP is loosened for the dev server only \(connect-src ws:\/\/127\.0\.0\.1:\d+ [^\n]*validate checks the build against the app's own\n/,
    );
    expect(dev.cardUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{24}\/index\.html$/);
    await page.goto(dev.hostUrl);
    await page.evaluate(() => Object.assign(window, { hostMarker: 'kept' }));
    const iframe = page.locator('iframe[title="Card frame"]');
    expect(await iframe.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    const frame = page.frameLocator('iframe[title="Card frame"]');
    const counter = frame.getByRole('button', { name: /^Clicked \d+ times$/ });
    await counter.waitFor({ timeout: 60_000 });
    // The card still gets its channel: the template's empty state comes from the host's agents query.
    await frame.getByText('No agents connected').waitFor();
    // The preamble is a file: no inline script runs in the frame (the CSP would block it).
    const inline = await cardFrame(page, dev.cardUrl).evaluate(
      () => [...document.scripts].filter((script) => !script.src).length,
    );
    expect(inline).toBe(0);

    for (let click = 0; click < 3; click += 1) await counter.click();
    await frame.getByRole('button', { name: 'Clicked 3 times' }).waitFor();
    await cardFrame(page, dev.cardUrl).evaluate(() => Object.assign(window, { frameMarker: 'kept' }));

    // A component edit: the new text, the count still 3, the same document (no reload).
    edit(folder, COUNTER_FILE, (text) => text.replace('Clicked {count} times', 'Pressed {count} times'));
    await frame.getByRole('button', { name: 'Pressed 3 times' }).waitFor({ timeout: 30_000 });
    expect(await cardFrame(page, dev.cardUrl).evaluate(() => (window as { frameMarker?: string }).frameMarker)).toBe(
      'kept',
    );

    // A syntax error: shown in the terminal and over the card, the last good version keeps running.
    edit(folder, COUNTER_FILE, (text) => text.replace('Pressed {count} times', 'Pressed {count times'));
    await page.getByRole('alert', { name: 'Build failed' }).waitFor({ timeout: 30_000 });
    await dev.waitForOutput(/build failed \(Vite\); still serving the last good build:\n {4}src\/Counter\.tsx: /);
    expect(await frame.getByRole('button', { name: 'Pressed 3 times' }).count()).toBe(1);
    edit(folder, COUNTER_FILE, (text) => text.replace('Pressed {count times', 'Tapped {count} times'));
    await frame.getByRole('button', { name: 'Tapped 3 times' }).waitFor({ timeout: 30_000 });
    await page.getByRole('alert', { name: 'Build failed' }).waitFor({ state: 'detached' });

    // A manifest edit reloads the frame (state gone, a new document), the host page stays.
    edit(folder, 'neurosquad-card.json', (text) => text.replace('"version": "0.1.0"', '"version": "0.1.1"'));
    await dev.waitForOutput(/neurosquad-card\.json reloaded\n/);
    await frame.getByRole('button', { name: 'Tapped 0 times' }).waitFor({ timeout: 30_000 });
    await frame.getByText('No agents connected').waitFor();
    expect(await page.evaluate(() => (window as { hostMarker?: string }).hostMarker)).toBe('kept');
    expect(await page.getByText('react-squad 0.1.1').count()).toBe(1);
    expect(dev.output()).not.toMatch(/finding \(csp\)|navigated away/);
    await page.screenshot({ path: join(fixtures.work, 'dev-refresh.png') });
  } finally {
    await page.close();
    dev.press('q');
    await dev.exited;
  }
}, 300_000);
