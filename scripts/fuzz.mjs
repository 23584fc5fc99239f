#!/usr/bin/env node
// `npm run fuzz`: the seeded fuzz suite of test/fuzz/ at full size (100,000 inputs per surface unless
// `--runs N`), then bench/results/fuzz.json with each surface's inputs, crashes, hangs, prototype pollution,
// uncoded refusals, wrongly accepted inputs, wrong outcomes (a code other than the contract's, an answered call
// settled otherwise) and seed, and a table of them. CI runs the same suite at its small default size as part of
// the unit tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeResult } from '../bench/support.mjs';

const flag = process.argv.indexOf('--runs');
const runs = flag >= 0 ? Number(process.argv[flag + 1]) : 100_000;
if (!Number.isSafeInteger(runs) || runs < 1) {
  console.error('usage: npm run fuzz [-- --runs N]');
  process.exit(2);
}
const folder = mkdtempSync(path.join(tmpdir(), 'card-sdk-fuzz-'));
const started = Date.now();
const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', 'test/fuzz/'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_RESULTS: folder },
});
const surfaces = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')))
  .sort((a, b) => a.seed - b.seed);
rmSync(folder, { recursive: true, force: true });
writeResult('fuzz', {
  runs,
  node: process.version,
  minutes: Math.round((Date.now() - started) / 6000) / 10,
  surfaces,
});
console.log('\nsurface | seed | inputs | crashes | hangs | pollution | uncoded | accepted | wrong');
for (const s of surfaces) {
  console.log(
    `${s.surface} | ${s.seed} | ${s.inputs} | ${s.crashes} | ${s.hangs} | ${s.pollution} | ${s.uncoded} | ${s.accepted} | ${s.wrong}`,
  );
}
console.log('written to bench/results/fuzz.json');
process.exit(run.status ?? 1);
