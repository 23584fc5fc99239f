#!/usr/bin/env node
// `npm test`: the strict type tests of test/types, every Vitest project (unit in jsdom, browser and stories in
// Chromium), then the hook and kit tests again on React 18.2. Extra arguments go to both Vitest runs. Under CI each run also writes a JSON report
// to reports/, which .ci/run adds up.
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const runs = [
  { config: 'vitest.config.ts', report: 'reports/vitest.json' },
  { config: 'vitest.react18.config.ts', report: 'reports/vitest-react18.json' },
];
let failed = false;
// Card code and tests as published cards write them, compiled strictly (noUnusedLocals, Bundler resolution).
const types = spawnSync('npx', ['tsc', '-p', 'test/types/tsconfig.json'], { stdio: 'inherit' });
if (types.status !== 0) failed = true;
for (const { config, report } of runs) {
  const reporters = process.env.CI ? ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : [];
  const result = spawnSync('npx', ['vitest', 'run', '-c', config, ...reporters, ...extra], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
