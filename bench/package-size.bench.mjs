// Every size figure, from the installed package (a fresh build, `npm pack`, the tarball in a scratch card,
// bundled by Vite and esbuild), beside the published SDK 1.3's figure as a ratio and the goal it must meet.
// Exits 1 when a figure passes its goal.
import { packSdk } from './bundle-size.mjs';
import { GOALS, PUBLISHED, measureSizes } from './size-figures.mjs';
import { writeResult } from './support.mjs';

const started = performance.now();
const tarball = await packSdk();
const packed = performance.now();
const figures = await measureSizes(tarball);
const measured = performance.now();

const rows = [
  ['Button alone (React external)', figures.buttonOnly.gzipBytes, GOALS.buttonOnly, null],
  [
    'connect+createTranslator+isCardSdkError',
    figures.threeExports.gzipBytes,
    GOALS.threeExports,
    PUBLISHED.threeExports,
  ],
  ['connect alone', figures.connectOnly.gzipBytes, GOALS.connectOnly, null],
  ['  (1.3 as cards ship it: one chunk)', figures.threeExports.gzipBytes, GOALS.threeExports, PUBLISHED.coreChunk],
  ['the core, every export', figures.core.gzipBytes, GOALS.core, PUBLISHED.core],
  ['React card on top of react-dom', figures.reactCard.gzipBytes, GOALS.reactCard, PUBLISHED.reactLayer],
  ['duplicate TanStack Query/zustand', figures.sharingCard.duplicateCopies, GOALS.duplicateCopies, null],
  ['vanilla: SDK loaded at run time', figures.vanillaRuntime.gzipBytes, GOALS.vanillaRuntime, PUBLISHED.coreChunk],
  ['vanilla: pack output (archive B)', figures.vanillaPack.tarballBytes, GOALS.vanillaPack, null],
];
let over = 0;
for (const [name, value, goal, published] of rows) {
  const ok = value <= goal;
  if (!ok) over += 1;
  const ratio = published === null ? '' : `  ${(value / published).toFixed(2)}× of 1.3's ${published}`;
  console.log(`${ok ? '✔' : '✖'} ${name.padEnd(40)} ${String(value).padStart(7)} (goal ≤ ${goal})${ratio}`);
}
for (const name of ['threeExports', 'connectOnly', 'core', 'reactCard', 'buttonOnly'])
  console.log(
    `  ${name}: vite ${figures[name].vite.gzipBytes} B (${figures[name].vite.startGzipBytes ?? '-'} B at start), ` +
      `esbuild ${figures[name].esbuild.gzipBytes} B gzip`,
  );
console.log(`pack ${((packed - started) / 1000).toFixed(1)} s, measure ${((measured - packed) / 1000).toFixed(1)} s`);
writeResult('package-size', {
  published: PUBLISHED,
  goals: GOALS,
  ...figures,
  ratios: {
    threeExportsToPublishedTreeShaken: +(figures.threeExports.gzipBytes / PUBLISHED.threeExports).toFixed(3),
    threeExportsToPublishedChunk: +(figures.threeExports.gzipBytes / PUBLISHED.coreChunk).toFixed(3),
    coreToPublished: +(figures.core.gzipBytes / PUBLISHED.core).toFixed(3),
    reactCardToPublishedReactLayer: +(figures.reactCard.gzipBytes / PUBLISHED.reactLayer).toFixed(3),
    vanillaRuntimeToPublishedChunk: +(figures.vanillaRuntime.gzipBytes / PUBLISHED.coreChunk).toFixed(3),
  },
});
if (over > 0) process.exit(1);
