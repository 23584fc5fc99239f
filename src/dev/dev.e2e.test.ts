// @vitest-environment node
// `neurosquad-card dev` on both templates, end to end in real Chromium: the page, the sandboxed frame, the
// terminal. Everything is built from this checkout into a temp folder first (a few minutes on a busy machine).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TemplateName } from '../cli/create.js';
import { processesIn, startDev, setUpDevFixtures, type DevFixtures } from './dev-e2e.test-helper.js';

let fixtures: DevFixtures;
let browser: Browser;

setUpDevFixtures(undefined, (built, launched) => {
  fixtures = built;
  browser = launched;
});

// Where each template's card code can be edited, and where its entry page's source is.
const EDITS: Record<TemplateName, { file: string; after: string; html: string; entry: string; empty: string }> = {
  vanilla: {
    file: 'src/main.js',
    after: 'await squad.start();',
    html: 'index.html',
    entry: 'index.html',
    empty: 'No agents connected',
  },
  react: {
    file: 'src/main.tsx',
    after: 'const card = await start();',
    html: 'index.html',
    entry: 'dist/index.html',
    empty: 'No agents connected',
  },
};

function edit(folder: string, file: string, change: (text: string) => string): void {
  const path = join(folder, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

async function openHost(hostUrl: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(hostUrl);
  return page;
}

describe.each(['vanilla', 'react'] as const)('neurosquad-card dev on the %s template', (template) => {
  it('renders the card in the sandboxed frame, drives it from the panel, reloads on save, reports CSP, quits on q', async () => {
    const folder = fixtures.cards[template];
    const spec = EDITS[template];
    const displayName = template === 'react' ? 'React squad' : 'Vanilla squad';
    // The React card is built and reloaded as before with --no-hmr (dev-refresh.e2e.test.ts runs it on Vite).
    const dev = await startDev(folder, fixtures.pageDir, template === 'react' ? ['--no-hmr'] : []);
    expect(dev.output()).toContain(`${template}-squad on the dev host: ${dev.hostUrl}`);
    expect(dev.output()).toContain(template === 'react' ? 'watching npm run watch' : 'no build step: served as it is');
    const page = await openHost(dev.hostUrl);
    try {
      // The card renders inside the sandboxed frame, which has an opaque origin and no same-origin access.
      const iframe = page.locator('iframe[title="Card frame"]');
      expect(await iframe.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
      // The card's files are under the session's secret path segment on the card origin.
      expect(await iframe.getAttribute('src')).toBe(dev.cardUrl);
      expect(dev.cardUrl).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+/[\\w-]{24}/${spec.entry.replace(/[./]/g, '\\$&')}$`),
      );
      const frame = page.frameLocator('iframe[title="Card frame"]');
      await frame.getByText(spec.empty).waitFor({ timeout: 30_000 });
      await page.getByRole('region', { name: `Card ${displayName}` }).waitFor();

      // A tool call from the panel returns the handler's result.
      await page.getByRole('tab', { name: 'Tools' }).click();
      await page.getByRole('button', { name: 'Call squad_summary' }).click();
      await expect
        .poll(() => page.getByRole('region', { name: 'Result' }).innerText())
        .toContain('No agents are connected.');

      // Editing a file reloads the frame: the card logs and sets its chrome; the page draws it.
      edit(folder, spec.file, (text) =>
        text.replace(
          spec.after,
          `${spec.after}\n  card.log.info('e2e ' + card.launch + ' title ' + (card.context.chrome?.title ?? 'none'));\n` +
            "  await card.setTitle('Squad watch');\n  await card.setOverview({ primary: 'watching', tone: 'accent' });",
        ),
      );
      await dev.waitForOutput(/ info {2}e2e reloaded title none\n/, 60_000);
      const region = page.getByRole('region', { name: 'Card Squad watch' });
      await region.getByRole('heading', { name: 'Squad watch' }).waitFor();
      await expect.poll(() => region.getByLabel('Card overview').innerText()).toContain('watching');
      await frame.getByText(spec.empty).waitFor();

      // `r` reloads again; the host keeps the chrome the card had set and hands it back in context.chrome.
      dev.press('r');
      await dev.waitForOutput(/ info {2}e2e reloaded title Squad watch\n/, 30_000);
      await frame.getByText(spec.empty).waitFor();
      expect(await region.getByLabel('Card overview').innerText()).toContain('watching');

      const shot = join(fixtures.work, `dev-${template}.png`);
      await page.screenshot({ path: shot });

      // An inline <script> added to the entry is blocked by the CSP and reported with the file and line.
      edit(folder, spec.html, (text) =>
        text.replace('</body>', '<script>document.title = "inline";</script>\n</body>'),
      );
      const reported = await dev.waitForOutput(/finding \(csp\) [^\n]*blocked an inline script/, 60_000);
      const escaped = spec.entry.replace(/[./]/g, '\\$&');
      expect(reported).toMatch(
        new RegExp(`finding \\(csp\\) ${escaped}:[1-9]\\d*(:\\d+)?: blocked an inline script \\(script-src-elem\\)`),
      );
      expect(await frame.locator('html').evaluate(() => document.title)).not.toBe('inline');

      // q stops everything: the servers and the watch build.
      dev.press('q');
      expect(await dev.exited).toBe(0);
      await expect(fetch(`${dev.hostUrl}__dev/session.json`)).rejects.toThrow();
      await expect(fetch(dev.cardUrl)).rejects.toThrow();
      await expect.poll(() => processesIn(folder), { timeout: 5000 }).toEqual([]);
    } finally {
      await page.close();
      dev.press('q');
      await dev.exited;
    }
  }, 240_000);
});
