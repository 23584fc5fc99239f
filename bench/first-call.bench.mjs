// The first checked call of a card in Chromium, from the packed package bundled by Vite as a card builds it and
// served with the app's Content-Security-Policy: a page connects over a MessageChannel to a host in the same page
// and times its first `card.getInfo()` (the call that loads the params check, when it loads on first use) and the
// second. `--against <tarball>` bundles another packed SDK the same way and loads the two builds' pages in turn,
// so the ratio and the difference come from one run.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { packSdk, scratchCard } from './bundle-size.mjs';
import { median, writeResult } from './support.mjs';

const LOADS = Number(process.env.LOADS ?? 25);
const CARD = `import { connect } from '@neurosquad/card-sdk';
const { port1, port2 } = new MessageChannel();
const context = { protocol: 1, appVersion: '0.0.0', instance: { instanceId: 'card-1', packageId: 'dev:/bench/card',
  name: 'card', displayName: 'Card', version: '1.0.0', commit: null, title: null, size: { w: 420, h: 320 }, dev: true },
  workspace: { id: 'w', name: 'W' }, visibility: 'visible', expanded: false, i18n: { language: 'en', locale: 'en-US' },
  settings: { values: {}, secrets: {} }, permissions: [], ports: { inputs: [], outputs: [] }, peers: [], launch: 'created' };
port1.onmessage = ({ data }) => {
  if (data?.kind !== 'req') return;
  const result = data.method === 'host.ready' ? context : context.instance;
  port1.postMessage({ ns: 'nscard', v: 1, kind: 'res', id: data.id, ok: true, result });
};
const card = await connect({ port: port2, theme: false, syncLang: false, forwardErrors: false });
let start = performance.now();
await card.getInfo();
const first = performance.now() - start;
start = performance.now();
await card.getInfo();
const second = performance.now() - start;
const refused = await card.call('card.focus', { cardId: 7 }).catch((error) => error.code);
window.figures = { first, second, refused, resources: performance.getEntriesByType('resource').map((r) => [r.name.split('/').pop(), Math.round(r.startTime), Math.round(r.duration)]) };
`;

/** The card bundled by Vite into `outDir` (index.html and its chunks), from the SDK in `tarball`. */
async function buildCard(tarball) {
  const card = scratchCard(tarball);
  card.entry('main.js', CARD);
  card.entry('index.html', '<!doctype html><script type="module" src="./main.js"></script>\n');
  const { build } = await import('vite');
  const outDir = path.join(card.folder, 'dist');
  await build({
    configFile: false,
    root: card.folder,
    base: './',
    logLevel: 'silent',
    build: { outDir, target: 'es2022', minify: true },
  });
  return { card, outDir };
}

/** Serves `folder` with the app's card CSP; returns the origin. */
async function serve(folder, csp) {
  const server = createServer((req, res) => {
    const file = path.join(folder, new URL(req.url, 'http://x').pathname.replace(/\/$/, '/index.html'));
    if (!file.startsWith(folder)) return res.writeHead(404).end();
    try {
      const body = readFileSync(file);
      const type = file.endsWith('.html') ? 'text/html' : 'text/javascript';
      res.writeHead(200, { 'content-type': type, 'content-security-policy': csp(origin), 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => server.close() };
}

const { cardContentSecurityPolicy } = await import('../dist/modules/src/dev/csp.js');
const csp = (origin) => cardContentSecurityPolicy(origin, `${origin}/csp-report`);
const againstAt = process.argv.indexOf('--against');
const builds = { ours: await packSdk() };
if (againstAt > 0) builds.against = path.resolve(process.argv[againstAt + 1]);

const served = {};
for (const [name, tarball] of Object.entries(builds)) {
  const { card, outDir } = await buildCard(tarball);
  served[name] = { card, ...(await serve(outDir, csp)), samples: [] };
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const violations = [];
try {
  const context = await browser.newContext();
  for (let i = 0; i < LOADS; i += 1) {
    for (const [name, site] of Object.entries(served)) {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(`${name}: ${message.text()}`);
      });
      await page.goto(`${site.origin}/index.html`);
      site.samples.push(await page.waitForFunction(() => window.figures).then((handle) => handle.jsonValue()));
      await page.close();
    }
  }
} finally {
  await browser.close();
  for (const site of Object.values(served)) {
    site.close();
    site.card.remove();
  }
}
const round = (ms) => Number(ms.toFixed(3));
const result = { loads: LOADS, violations };
for (const [name, site] of Object.entries(served)) {
  result[name] = {
    firstCallMs: round(median(site.samples.map((s) => s.first))),
    secondCallMs: round(median(site.samples.map((s) => s.second))),
    refused: [...new Set(site.samples.map((s) => s.refused))],
    // The files the page fetched (name, start ms, duration ms) in the median-first-call load.
    files: [...site.samples].sort((a, b) => a.first - b.first)[site.samples.length >> 1].resources,
  };
  console.log(
    `${name}: first checked call ${result[name].firstCallMs} ms, second ${result[name].secondCallMs} ms ` +
      `(median of ${LOADS} page loads); a bad call: ${result[name].refused.join(', ')}`,
  );
}
if (result.against) {
  result.firstCallSlowerMs = round(result.ours.firstCallMs - result.against.firstCallMs);
  console.log(`first call: ${result.firstCallSlowerMs} ms slower than the --against build (same run)`);
}
if (violations.length > 0) console.log(`CSP violations: ${violations.join('; ')}`);
writeResult('first-call', result);
