// What loading the params check on first use would cost a card's first call, in Chromium. One card page, bundled
// by Vite from the packed SDK and served with the app's card CSP, is loaded in turn in five modes (interleaved, so
// the machine's noise falls on each alike); each connects over a MessageChannel to a host in the same page and
// times its first checked call:
//   bundled    the check in the card's bundle, as the SDK ships it (the baseline);
//   first-use  the check's two modules (method-params, params-check) in a chunk of their own, loaded by import()
//              when the first call needs them;
//   at-start   the same chunk, its import() started before connect() and awaited by the first call;
//   preloaded  the same chunk named by a <link rel="modulepreload"> in the page, so it loads with the page;
//   empty      a chunk of one export loaded on first use: what any fetched chunk costs, whatever it holds.
// The chunk imports the rest of the contract (limits, constants, JSON helpers) from the SDK's own modules, which
// the bundled card already loads, so it holds what a split would move out of the card's bundle.
// Beside the timings, the cards of `connect` alone and of `connect`, `createTranslator` and `isCardSdkError` are
// bundled by both bundlers with the check's two modules stubbed out: the most a split could take off the bytes a
// card loads at start.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bothBundles, emptyModules, packSdk, scratchCard, sizes } from './bundle-size.mjs';
import { buildCardPage, CONNECTED_CARD, launchChromium, pageFigures, serveCardPage } from './card-page.mjs';
import { CONNECT_ONLY, THREE_EXPORTS } from './size-figures.mjs';
import { median, writeResult } from './support.mjs';

const LOADS = Number(process.env.LOADS ?? 25);
const MODES = ['bundled', 'first-use', 'at-start', 'preloaded', 'empty'];
const CONTRACT = 'node_modules/@neurosquad/card-sdk/dist/modules/src/contract';
const MAIN = `import { connect } from '@neurosquad/card-sdk';
const mode = new URLSearchParams(location.search).get('mode');
const early = mode === 'at-start' ? import('./check.js') : null;
${CONNECTED_CARD}
const start = performance.now();
let issues = [];
if (mode === 'empty') await import('./empty.js');
if (mode === 'first-use' || mode === 'at-start' || mode === 'preloaded') {
  const { checkParamsShape, methodParamsTable } = await (early ?? import('./check.js'));
  issues = checkParamsShape(methodParamsTable()['card.getInfo'], {});
}
await card.getInfo();
const first = performance.now() - start;
window.figures = { first, issues: issues.length };
`;

/** The card's files: the page's module, and the check's two modules copied beside it to be split into a chunk. */
function cardFiles(card) {
  const copy = (name) =>
    readFileSync(path.join(card.installed, 'dist/modules/src/contract', name), 'utf8').replace(
      /from "\.\/([\w-]+\.js)"/g,
      (_, file) => `from "./${CONTRACT}/${file}"`,
    );
  return {
    'main.js': MAIN,
    'check.js': `export { checkParamsShape } from './check-params.js';\nexport { methodParamsTable } from './check-table.js';\n`,
    'check-params.js': copy('params-check.js'),
    'check-table.js': copy('method-params.js'),
    'empty.js': 'export const loaded = true;\n',
  };
}

const CARDS = { threeExports: THREE_EXPORTS, connectOnly: CONNECT_ONLY };
const CHECK = ['contract/method-params.js', 'contract/params-check.js'];

/** Each card's gzip bytes in both bundlers, as shipped and with the check stubbed out. */
async function cardSizes(tarball) {
  const card = scratchCard(tarball);
  const figures = (bundles) => ({ vite: bundles.vite.gzipBytes, esbuild: bundles.esbuild.gzipBytes });
  try {
    const sized = {};
    for (const [name, code] of Object.entries(CARDS)) {
      const entry = card.entry(`${name}.js`, code);
      sized[name] = {
        shipped: figures(await bothBundles(card, entry)),
        withoutCheck: figures(await bothBundles(card, entry, { stubs: emptyModules(card, CHECK) })),
      };
    }
    return sized;
  } finally {
    card.remove();
  }
}

const tarball = await packSdk();
const bytes = await cardSizes(tarball);
const { card, outDir } = await buildCardPage(tarball, cardFiles);
const site = await serveCardPage(outDir);
const chunks = readdirSync(path.join(outDir, 'assets')).map((name) => ({
  name,
  gzipBytes: sizes(readFileSync(path.join(outDir, 'assets', name), 'utf8')).gzipBytes,
}));
// The page of the preloaded mode: the built index.html with a modulepreload link to the check's chunk.
const checkChunk = chunks.find((chunk) => chunk.name.startsWith('check-')).name;
const page = readFileSync(path.join(outDir, 'index.html'), 'utf8');
writeFileSync(
  path.join(outDir, 'preload.html'),
  page.replace(/^<!doctype html>/i, `$&<link rel="modulepreload" crossorigin href="./assets/${checkChunk}">`),
);
const samples = Object.fromEntries(MODES.map((mode) => [mode, []]));
const browser = await launchChromium();
const violations = [];
try {
  const context = await browser.newContext();
  for (let i = 0; i < LOADS; i += 1)
    for (const mode of MODES) {
      const file = mode === 'preloaded' ? 'preload.html' : 'index.html';
      samples[mode].push(await pageFigures(context, `${site.origin}/${file}?mode=${mode}`, violations, mode));
    }
} finally {
  await browser.close();
  site.close();
  card.remove();
}
const round = (ms) => Number(ms.toFixed(2));
const firstCallMs = Object.fromEntries(MODES.map((mode) => [mode, round(median(samples[mode].map((s) => s.first)))]));
const slowerMs = Object.fromEntries(
  MODES.slice(1).map((mode) => [mode, round(firstCallMs[mode] - firstCallMs.bundled)]),
);
// Each load's extra time over the bundled median: the spread a card author would see.
const spreadMs = Object.fromEntries(
  MODES.slice(1).map((mode) => {
    const sorted = samples[mode].map((s) => s.first - firstCallMs.bundled).sort((a, b) => a - b);
    return [mode, { fastest: round(sorted[0]), slowest: round(sorted.at(-1)) }];
  }),
);
const result = { loads: LOADS, firstCallMs, slowerMs, spreadMs, chunks, bytes, violations };
for (const mode of MODES.slice(1))
  console.log(
    `${mode}: first checked call ${firstCallMs[mode]} ms against ${firstCallMs.bundled} ms bundled ` +
      `(+${slowerMs[mode]} ms; +${spreadMs[mode].fastest} to +${spreadMs[mode].slowest} ms over ${LOADS} loads)`,
  );
console.log(`chunks (gzip -9): ${chunks.map((c) => `${c.name} ${c.gzipBytes} B`).join(', ')}`);
for (const [name, { shipped, withoutCheck }] of Object.entries(bytes))
  console.log(
    `${name} (gzip -9, Vite / esbuild): ${shipped.vite} / ${shipped.esbuild} B shipped, ` +
      `${withoutCheck.vite} / ${withoutCheck.esbuild} B with the check stubbed out`,
  );
if (violations.length > 0) console.log(`CSP violations: ${violations.join('; ')}`);
writeResult('lazy-check', result);
