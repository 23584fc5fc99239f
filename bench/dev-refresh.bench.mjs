// neurosquad-card dev on the React template with Fast Refresh: the time from saving a component to the updated
// DOM in the sandboxed frame with React state kept (a counter clicked 3 times still says 3; goal ≤ 150 ms).
// Baseline in the same run, interleaved: a save Fast Refresh cannot apply (the entry module), which reloads the
// frame through the host, to the reloaded card's first render.
// Needs the built package (bench/run.mjs builds it). Writes bench/results/dev-refresh.json.
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../test/chromium.mjs';
import { addCounter, COUNTER_FILE } from '../test/refresh-counter.mjs';
import { runCli as runCliIn, stopDev } from './cli-run.mjs';
import { median, writeResult } from './support.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist', 'cli.js');
const ROUNDS = 7;
const GOAL_MS = 150;
const work = mkdtempSync(path.join(tmpdir(), 'ns-refresh-bench-'));
const card = path.join(work, 'card');

const runCli = (args) => runCliIn(cli, work, args);

const created = runCli(['create', card, '--template', 'react', '--sdk', 'registry', '--name', 'bench-squad']);
if ((await created.exited) !== 0) throw new Error(created.output());
// Installed as npm would: this build of the SDK copied into the card, its other packages linked from this checkout.
const modules = path.join(card, 'node_modules');
const sdk = path.join(modules, '@neurosquad', 'card-sdk');
mkdirSync(sdk, { recursive: true });
copyFileSync(path.join(root, 'package.json'), path.join(sdk, 'package.json'));
cpSync(path.join(root, 'dist'), path.join(sdk, 'dist'), { recursive: true });
for (const folder of ['schema', 'templates']) symlinkSync(path.join(root, folder), path.join(sdk, folder));
for (const entry of readdirSync(path.join(root, 'node_modules'))) {
  if (entry !== '@neurosquad' && entry !== '.vite')
    symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
}
addCounter(card);

const browser = await chromium.launch({ ...CHROMIUM, headless: true });
const page = await browser.newPage();
const counterPath = path.join(card, COUNTER_FILE);
const counterSource = readFileSync(counterPath, 'utf8');
const entryPath = path.join(card, 'src', 'main.tsx');
const entrySource = readFileSync(entryPath, 'utf8');
const figures = { startToFirstRenderMs: [], saveToRefreshMs: [], saveToRefreshSeenMs: [], saveToReloadMs: [] };
let dev;
try {
  const started = performance.now();
  dev = runCli(['dev', card, '--no-open', '--port', '0']);
  const [, hostUrl] = await dev.waitFor(/dev host: (http:\/\/127\.0\.0\.1:\d+\/)/);
  await dev.waitFor(/served by Vite with Fast Refresh/);
  await page.goto(hostUrl);
  const frame = page.frameLocator('iframe[title="Card frame"]');
  const counter = frame.getByRole('button', { name: /^Clicked \d+ times/ });
  const cardFrame = () => page.frames().find((candidate) => candidate.parentFrame() !== null);
  await counter.waitFor({ timeout: 60_000 });
  figures.startToFirstRenderMs.push(Math.round(performance.now() - started));

  for (let round = 1; round <= ROUNDS; round += 1) {
    for (let click = 0; click < 3; click += 1) await counter.click();
    await frame.getByRole('button', { name: new RegExp(`^Clicked 3 times`) }).waitFor();

    // A component edit: the new text with the count kept. The frame notes when its DOM shows it (same clock).
    const expected = `Clicked 3 times (${round})`;
    await cardFrame().evaluate((text) => {
      const note = () => {
        if (![...document.querySelectorAll('button')].some((button) => button.textContent === text)) return;
        observer.disconnect();
        window.benchSeenAt = performance.timeOrigin + performance.now();
      };
      const observer = new MutationObserver(note);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, expected);
    let saved = performance.now();
    const savedAt = performance.timeOrigin + saved;
    writeFileSync(counterPath, counterSource.replace('Clicked {count} times', `Clicked {count} times (${round})`));
    await frame.getByRole('button', { name: expected }).waitFor({ timeout: 10_000 });
    figures.saveToRefreshSeenMs.push(Math.round(performance.now() - saved));
    figures.saveToRefreshMs.push(Math.round((await cardFrame().evaluate(() => window.benchSeenAt)) - savedAt));

    // An entry edit Fast Refresh cannot apply: the host reloads the frame, the count starts again.
    saved = performance.now();
    writeFileSync(entryPath, entrySource.replace('try {', `// round ${round}\ntry {`));
    await frame.getByRole('button', { name: `Clicked 0 times (${round})` }).waitFor({ timeout: 20_000 });
    figures.saveToReloadMs.push(Math.round(performance.now() - saved));
  }
} finally {
  // A failed round, or a dev that did not take `q`, must not leave the server running.
  if (dev) await stopDev(dev);
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}

const refresh = median(figures.saveToRefreshMs);
const refreshSeen = median(figures.saveToRefreshSeenMs);
const reload = median(figures.saveToReloadMs);
const result = {
  template: 'react',
  rounds: ROUNDS,
  startToFirstRenderMs: figures.startToFirstRenderMs[0],
  saveToRefreshMedianMs: refresh,
  saveToRefreshSeenByPlaywrightMedianMs: refreshSeen,
  saveToReloadMedianMs: reload,
  refreshVsReload: Math.round((refreshSeen / reload) * 100) / 100,
  goalSaveToRefreshMs: GOAL_MS,
  goalMet: refresh <= GOAL_MS,
  samples: figures,
};
writeResult('dev-refresh', result);
console.log(
  `dev (React, Fast Refresh) start → first render ${result.startToFirstRenderMs} ms; save → refreshed DOM with state ` +
    `kept ${refresh} ms in the frame, ${refreshSeen} ms seen by Playwright (median of ${ROUNDS}; a save that reloads ` +
    `the frame, seen by Playwright, ${reload} ms, ×${result.refreshVsReload}); ` +
    `goal ≤ ${GOAL_MS} ms: ${result.goalMet ? 'met' : 'not met'}`,
);
