#!/usr/bin/env node
// Serves the static Storybook, opens an interactive story in the manager UI, waits for the story's play
// function to deliver a port value, asserts the Host panel lists that delivery and saves a screenshot.
//   node scripts/storybook-host-panel.mjs [--dir storybook-static] [--out reports/storybook-host-panel.png]
//                                         [--story <story id>] [--expect <text in the delivery>]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../test/chromium.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'storybook-static' },
    out: { type: 'string', default: 'reports/storybook-host-panel.png' },
    story: { type: 'string', default: 'hooks-ports--emits-on-click' },
    expect: { type: 'string', default: '"output":"summary"' },
    port: { type: 'string', default: '6007' },
  },
});

const base = `http://127.0.0.1:${values.port}`;
const staticDir = resolve(values.dir);
const out = resolve(values.out);

if (!existsSync(join(staticDir, 'index.html'))) {
  console.error(`no Storybook build in ${staticDir}: run \`npm run build-storybook\` first`);
  process.exit(1);
}

const server = spawn(
  process.execPath,
  [
    fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)),
    'preview',
    '--outDir',
    staticDir,
    '--port',
    values.port,
    '--strictPort',
    '--host',
    '127.0.0.1',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
let serverLog = '';
server.stdout.on('data', (chunk) => (serverLog += chunk));
server.stderr.on('data', (chunk) => (serverLog += chunk));

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (server.exitCode !== null) throw new Error(`preview server exited:\n${serverLog}`);
    try {
      const response = await fetch(`${base}/index.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`preview server did not answer on ${base}:\n${serverLog}`);
}

const profile = mkdtempSync(join(tmpdir(), 'sb-host-panel-'));
let context;
let page;
let failed = false;
try {
  await waitForServer();
  const index = await (await fetch(`${base}/index.json`)).json();
  if (!index.entries?.[values.story]) throw new Error(`no story "${values.story}" in the build`);

  context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 1000 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/?path=/story/${values.story}`);
  await page.getByRole('tab', { name: 'Host' }).click({ timeout: 30_000 });

  const deliveries = page.getByTestId('host-deliveries');
  const item = deliveries.locator('li').filter({ hasText: values.expect });
  await item.first().waitFor({ timeout: 30_000 });
  const text = (await deliveries.innerText()).replace(/\s+/g, ' ');
  if (!text.includes(values.expect)) throw new Error(`the Host panel does not list the delivery: ${text}`);

  const iframe = page.frameLocator('#storybook-preview-iframe');
  await iframe.locator('#storybook-root').waitFor({ timeout: 10_000 });

  mkdirSync(dirname(out), { recursive: true });
  await page.screenshot({ path: out });
  console.log(`Host panel lists the delivery: ${text.slice(0, 200)}`);
  console.log(`screenshot: ${out}`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  if (page) {
    const shot = out.replace(/\.png$/, '') + '-failed.png';
    mkdirSync(dirname(shot), { recursive: true });
    await page.screenshot({ path: shot }).catch(() => {});
    console.error(`screenshot of the failure: ${shot}`);
  }
} finally {
  await context?.close();
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
