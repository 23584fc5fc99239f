#!/usr/bin/env node
// Runs every benchmark in bench/ (files named *.bench.mjs), one after another, on a fresh build of the package.
// Each writes its own figures to bench/results/<name>.json; this runner then prints a summary.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
// Always rebuild: figures taken on a stale dist/ would describe older code.
const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const only = process.argv.slice(2);
// The size benchmarks measure one `npm pack` of this build, packed once here for all of them.
const { packSdk } = await import('./bundle-size.mjs');
process.env.SDK_TARBALL = await packSdk();
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n▶ ${file}`);
  const run = spawnSync(process.execPath, ['--expose-gc', path.join(here, file)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
const resultsDir = path.join(here, 'results');
if (existsSync(resultsDir)) {
  console.log('\nResults (bench/results):');
  for (const f of readdirSync(resultsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    console.log(`  ${f}: ${readFileSync(path.join(resultsDir, f), 'utf8').trim().slice(0, 400)}`);
  }
}
process.exit(failed ? 1 : 0);
