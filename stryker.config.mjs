// The mutation sweep of the core folders, one folder at a time (4 to 55 minutes each on two cores):
// `STRYKER_REPORT=host STRYKER_TEST_TIMEOUT_MS=8000 npx stryker run --mutate "src/host/**/*.ts,!src/**/*.test.ts"`
// (the transport with STRYKER_TEST_FOLDERS=contract,transport,host,client). Each mutant runs only the tests that
// cover it, with the core's unit tests in Node (vitest.stryker.config.ts); `node scripts/stryker-recheck.mjs
// reports/stryker/host.json` then applies each survivor by hand. `npm run mutate` is the fast, fixed planted list.
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['src/{contract,transport,host}/**/*.ts', '!src/**/*.test.ts', '!src/**/*.test-helper.ts'],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants) need a full test run each; their count is reported as ignored.
  ignoreStatic: true,
  concurrency: 1,
  // Above vitest.stryker.config.ts's test timeout, so a test that waits forever fails rather than times out.
  timeoutMS: 70_000,
  // The sandbox copies only what the tests read.
  ignorePatterns: ['/*', '!/src', '!/test', '!/package.json', '!/tsconfig.json', '!/vitest.stryker.config.ts'],
  reporters: ['clear-text', 'progress-append-only', 'json'],
  // STRYKER_REPORT=host names the report of one folder's sweep.
  jsonReporter: { fileName: `reports/stryker/${process.env.STRYKER_REPORT ?? 'mutation'}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
