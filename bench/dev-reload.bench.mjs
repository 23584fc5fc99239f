// neurosquad-card dev on the vanilla template: the time from starting `dev` to the card's first render in the
// sandboxed frame, and from a file save to the reloaded frame's first render (goal: under 1 s). Baseline in the
// same run, interleaved: the page reloading the same frame itself (the App tab's Reload card: no save, no file
// watch, no event), so the ratio is what the dev loop adds to a frame reload.
// Needs the built package (bench/run.mjs builds it). Writes bench/results/dev-reload.json.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../test/chromium.mjs';
import { runCli as runCliIn, stopDev } from './cli-run.mjs';
import { median, writeResult } from './support.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist', 'cli.js');
const ROUNDS = 7;
const work = mkdtempSync(path.join(tmpdir(), 'ns-dev-bench-'));
const card = path.join(work, 'card');

const runCli = (args) => runCliIn(cli, work, args);

const created = runCli(['create', card, '--sdk', 'registry', '--name', 'bench-squad']);
if ((await created.exited) !== 0) throw new Error(created.output());

const browser = await chromium.launch({ ...CHROMIUM, headless: true });
const page = await browser.newPage();
// The empty state's heading lives in the catalog: editing it is a save the card shows at once.
const view = path.join(card, 'src', 'i18n.js');
const original = readFileSync(view, 'utf8');
if (!original.includes("heading: 'No agents connected'")) throw new Error(`${view} has no empty-state heading to edit`);
const figures = { startToFirstRenderMs: [], saveToRenderMs: [], frameReloadMs: [] };
let dev;
try {
  const started = performance.now();
  dev = runCli(['dev', card, '--no-open', '--port', '0']);
  const [, hostUrl] = await dev.waitFor(/dev host: (http:\/\/127\.0\.0\.1:\d+\/)/);
  await page.goto(hostUrl);
  const frame = page.frameLocator('iframe[title="Card frame"]');
  await frame.getByText('No agents connected').waitFor({ timeout: 30_000 });
  figures.startToFirstRenderMs.push(Math.round(performance.now() - started));
  await page.getByRole('tab', { name: 'App' }).click();

  for (let round = 1; round <= ROUNDS; round += 1) {
    // Interleaved: one save-to-render, then one plain load of the same page.
    const text = `No agents connected (${round})`;
    const saved = performance.now();
    writeFileSync(view, original.replace("heading: 'No agents connected'", `heading: '${text}'`));
    await frame.getByText(text).waitFor({ timeout: 10_000 });
    figures.saveToRenderMs.push(Math.round(performance.now() - saved));

    const loading = performance.now();
    await frame.locator('#root').evaluate((root) => root.replaceChildren());
    // Through the page, which hands the reloaded entry its port (a src set behind its back gets none).
    await page.getByRole('button', { name: 'Reload card' }).click();
    await frame.getByText(text).waitFor({ timeout: 10_000 });
    figures.frameReloadMs.push(Math.round(performance.now() - loading));
  }
} finally {
  // A failed round, or a dev that did not take `q`, must not leave the server running.
  if (dev) await stopDev(dev);
  writeFileSync(view, original);
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}

const saveToRender = median(figures.saveToRenderMs);
const baselineLoad = median(figures.frameReloadMs);
const result = {
  template: 'vanilla',
  rounds: ROUNDS,
  startToFirstRenderMs: figures.startToFirstRenderMs[0],
  saveToRenderMedianMs: saveToRender,
  frameReloadMedianMs: baselineLoad,
  saveToRenderVsBaseline: Math.round((saveToRender / baselineLoad) * 100) / 100,
  goalSaveToRenderMs: 1000,
  goalMet: saveToRender < 1000,
  samples: figures,
};
writeResult('dev-reload', result);
console.log(
  `dev start → first render ${result.startToFirstRenderMs} ms; save → reloaded render ${saveToRender} ms (median of ${ROUNDS}; ` +
    `the frame reloading itself ${baselineLoad} ms, ×${result.saveToRenderVsBaseline}); goal < 1000 ms: ${result.goalMet ? 'met' : 'not met'}`,
);
