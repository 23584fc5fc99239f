#!/usr/bin/env node
// `npm test`: the static checks (lint, format, the layer rule, the API reports, knip, the strict type tests of
// test/types), then every Vitest project (unit in jsdom, browser and stories in Chromium), then the hook and kit
// tests again on React 18.2. Extra arguments go to both Vitest runs. Under CI each Vitest run writes a JSON report to reports/ and the
// checks write reports/checks.json, which .ci/run adds up.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildWhenMissing } from './built-package.mjs';

const extra = process.argv.slice(2);
/** The static checks: each fails on any finding. */
const checks = [
  { name: 'lint', command: ['eslint', '--max-warnings', '0', '.'] },
  { name: 'format', command: ['prettier', '--check', '.'] },
  // The layer rule and no import cycles (.dependency-cruiser.cjs).
  {
    name: 'layers',
    command: ['npm', 'run', '--silent', 'layers'],
  },
  // The public surface of each entry against its committed report under api/ (npm run api:update rewrites them).
  { name: 'api', command: ['node', 'scripts/api-report.mjs'] },
  // No unused files, exports, types or dependencies (knip.config.ts); the entries' exports are public.
  { name: 'knip', command: ['knip', '--no-progress'] },
  // Card code and tests as published cards write them, compiled strictly (noUnusedLocals, Bundler resolution).
  { name: 'types', command: ['tsc', '-p', 'test/types/tsconfig.json'] },
  // A card typed from its manifest (neurosquad-card types), compiled against the built declarations in dist/types.
  { name: 'types-generated', command: ['tsc', '-p', 'test/types/typed-card/tsconfig.json'] },
];
const runs = [
  { config: 'vitest.config.ts', report: 'reports/vitest.json' },
  { config: 'vitest.react18.config.ts', report: 'reports/vitest-react18.json' },
];
// The generated-types check and the CLI tests read the built package: a fresh clone (no dist/) builds it first.
if (!buildWhenMissing(process.cwd(), (line) => console.log(`::: ${line}`))) process.exit(1);
let failed = false;
const tally = { passed: 0, failed: 0, failures: [] };
for (const { name, command } of checks) {
  console.log(`::: ${name}: npx ${command.join(' ')}`);
  const result = spawnSync('npx', command, { stdio: 'inherit' });
  if (result.status === 0) tally.passed += 1;
  else {
    tally.failed += 1;
    tally.failures.push(name);
    failed = true;
    console.log(`::: ${name} FAILED`);
  }
}
if (process.env.CI) {
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/checks.json', `${JSON.stringify(tally)}\n`);
}
for (const { config, report } of runs) {
  const reporters = process.env.CI ? ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : [];
  const result = spawnSync('npx', ['vitest', 'run', '-c', config, ...reporters, ...extra], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
if (tally.failed > 0) console.log(`::: checks failed: ${tally.failures.join(', ')}`);
process.exit(failed ? 1 : 0);
