// Every size figure, from the installed package (a fresh build, `npm pack`, the tarball in a scratch card,
// bundled by Vite and esbuild), each bundler's figure beside the published SDK 1.3's figure from the same bundler,
// and the goal both must meet.
// Exits 1 when a figure passes its goal.
import { packSdk } from './bundle-size.mjs';
import { GOALS, PUBLISHED, measureSizes } from './size-figures.mjs';
import { writeResult } from './support.mjs';

const started = performance.now();
const tarball = await packSdk();
const packed = performance.now();
const figures = await measureSizes(tarball);
const measured = performance.now();

// [figure key, name, goal, published 1.3 per bundler or null]: a goal holds for both bundlers; each bundler's figure is
// divided by the published figure of the same bundler.
const rows = [
  ['buttonOnly', 'Button alone (React external)', GOALS.buttonOnly, null],
  ['threeExports', 'connect+createTranslator+isCardSdkError', GOALS.threeExports, PUBLISHED.threeExports],
  ['connectOnly', 'connect alone', GOALS.connectOnly, PUBLISHED.connectOnly],
  ['core', 'the core, every export', GOALS.core, PUBLISHED.core],
  ['reactSdkShare', 'React card: the SDK share', GOALS.reactSdkShare, PUBLISHED.reactSdkShare],
  ['reactCard', 'React card with TanStack Query+zustand', GOALS.reactCard, null],
];
const ratios = {};
let over = 0;
for (const [key, name, goal, published] of rows) {
  const figure = figures[key];
  const cells = ['vite', 'esbuild'].map((tool) => {
    const value = figure[tool].gzipBytes;
    const ratio = published === null ? '' : ` = ${(value / published[tool]).toFixed(2)}× 1.3's ${published[tool]}`;
    return `${tool} ${String(value).padStart(6)}${ratio}`;
  });
  const ok = figure.gzipBytes <= goal;
  if (!ok) over += 1;
  if (published !== null) {
    ratios[key] = {
      vite: +(figure.vite.gzipBytes / published.vite).toFixed(3),
      esbuild: +(figure.esbuild.gzipBytes / published.esbuild).toFixed(3),
    };
  }
  console.log(`${ok ? '✔' : '✖'} ${name.padEnd(40)} (goal ≤ ${goal}) ${cells.join(', ')}`);
}
for (const [name, value, goal, against] of [
  ['duplicate TanStack Query/zustand', figures.sharingCard.duplicateCopies, GOALS.duplicateCopies, ''],
  [
    'vanilla: SDK loaded at run time',
    figures.vanillaRuntime.gzipBytes,
    GOALS.vanillaRuntime,
    // Both are Vite output: ours built into vendor/, 1.3's the one chunk its vanilla cards vendored.
    `  ${(figures.vanillaRuntime.gzipBytes / PUBLISHED.coreChunk).toFixed(2)}× 1.3's chunk ${PUBLISHED.coreChunk}`,
  ],
  ['vanilla: pack output (archive B)', figures.vanillaPack.tarballBytes, GOALS.vanillaPack, ''],
]) {
  const ok = value <= goal;
  if (!ok) over += 1;
  console.log(`${ok ? '✔' : '✖'} ${name.padEnd(40)} ${String(value).padStart(7)} (goal ≤ ${goal})${against}`);
}
console.log(
  `vite: whole bundle; at start (entry and its static imports): ` +
    ['threeExports', 'connectOnly', 'core'].map((name) => `${name} ${figures[name].vite.startGzipBytes} B`).join(', '),
);
console.log(`pack ${((packed - started) / 1000).toFixed(1)} s, measure ${((measured - packed) / 1000).toFixed(1)} s`);
writeResult('package-size', {
  published: PUBLISHED,
  goals: GOALS,
  ...figures,
  ratios: {
    ...ratios,
    vanillaRuntimeToPublishedChunk: +(figures.vanillaRuntime.gzipBytes / PUBLISHED.coreChunk).toFixed(3),
  },
});
if (over > 0) process.exit(1);
