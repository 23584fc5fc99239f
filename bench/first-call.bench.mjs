// The first checked call of a card in Chromium, from the packed package bundled by Vite as a card builds it and
// served with the app's Content-Security-Policy: a page connects over a MessageChannel to a host in the same page
// and times its first `card.getInfo()` and the second (what loading the check as a chunk would add to the first is
// lazy-check.bench.mjs's figure). `--against <tarball>` bundles another packed SDK the same way and loads the two builds' pages in turn,
// so the ratio and the difference come from one run.
import path from 'node:path';
import { packSdk } from './bundle-size.mjs';
import { buildCardPage, CONNECTED_CARD, launchChromium, pageFigures, serveCardPage } from './card-page.mjs';
import { median, writeResult } from './support.mjs';

const LOADS = Number(process.env.LOADS ?? 25);
const CARD = `import { connect } from '@neurosquad/card-sdk';
${CONNECTED_CARD}
let start = performance.now();
await card.getInfo();
const first = performance.now() - start;
start = performance.now();
await card.getInfo();
const second = performance.now() - start;
const refused = await card.call('card.focus', { cardId: 7 }).catch((error) => error.code);
window.figures = { first, second, refused, resources: performance.getEntriesByType('resource').map((r) => [r.name.split('/').pop(), Math.round(r.startTime), Math.round(r.duration)]) };
`;

const againstAt = process.argv.indexOf('--against');
const builds = { ours: await packSdk() };
if (againstAt > 0) builds.against = path.resolve(process.argv[againstAt + 1]);

const served = {};
for (const [name, tarball] of Object.entries(builds)) {
  const { card, outDir } = await buildCardPage(tarball, { 'main.js': CARD });
  served[name] = { card, ...(await serveCardPage(outDir)), samples: [] };
}
const browser = await launchChromium();
const violations = [];
try {
  const context = await browser.newContext();
  for (let i = 0; i < LOADS; i += 1) {
    for (const [name, site] of Object.entries(served))
      site.samples.push(await pageFigures(context, `${site.origin}/index.html`, violations, name));
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
