// The built Storybook (storybook-static/) served on a free local port, and Chromium to open it: what the scripts
// that check the built Storybook share.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM } from '../test/chromium.mjs';

/** Toolbar titles of the language and theme values, as `cardHostGlobalTypes` names them. */
export const LANGUAGE_TITLES = { en: 'English', ru: 'Русский', zh: '中文' };
export const THEME_TITLES = { dark: 'Dark', light: 'Light' };

/**
 * Serves `dir` on 127.0.0.1 (port 0: a free one unless `port` names one) and opens a headless Chromium profile.
 * Returns the base URL, the build's `index.json`, the browser context and `close()`, which ends both.
 */
export async function openStorybookStatic({
  dir = 'storybook-static',
  port = 0,
  viewport = { width: 1400, height: 1000 },
  colorScheme,
} = {}) {
  const staticDir = resolve(dir);
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`no Storybook build in ${staticDir}: run \`npm run build-storybook\` first`);
  }
  const server = await preview({
    configFile: false,
    logLevel: 'silent',
    root: staticDir,
    build: { outDir: staticDir },
    preview: { host: '127.0.0.1', port: Number(port), strictPort: true, open: false },
  });
  const address = server.httpServer.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  const profile = mkdtempSync(join(tmpdir(), 'sb-static-'));
  let context;
  try {
    const index = await (await fetch(`${base}/index.json`)).json();
    context = await chromium.launchPersistentContext(profile, { ...CHROMIUM, headless: true, viewport, colorScheme });
    return {
      base,
      index,
      context,
      async close() {
        await context.close();
        await server.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context?.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs `check(sb, page)` on a page of the served build, then exits: 0 when it returned, 1 when it threw (its
 * message printed and a screenshot of the page saved beside `out` as `-failed.png`).
 */
export async function runStorybookCheck({ dir, port, out }, check) {
  let sb;
  let page;
  let failed = false;
  try {
    sb = await openStorybookStatic({ dir, port });
    page = sb.context.pages()[0] ?? (await sb.context.newPage());
    await check(sb, page);
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
    if (page) {
      const shot = resolve(out).replace(/\.png$/, '') + '-failed.png';
      mkdirSync(dirname(shot), { recursive: true });
      await page.screenshot({ path: shot }).catch(() => {});
      console.error(`screenshot of the failure: ${shot}`);
    }
  } finally {
    await sb?.close();
  }
  process.exit(failed ? 1 : 0);
}

/** Saves a screenshot of `page` at `out`, creating its folder. */
export async function saveScreenshot(page, out) {
  const path = resolve(out);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
  console.log(`screenshot: ${path}`);
}
