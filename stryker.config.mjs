// The mutation sweep of the core folders, one folder at a time (a full sweep takes hours on two cores):
// `STRYKER_REPORT=host npx stryker run --mutate "src/host/**/*.ts,!src/**/*.test.ts"`. Each mutant runs only the tests that cover it, with
// the core's unit tests in Node (vitest.stryker.config.ts). `npm run mutate` is the fast, fixed planted list.
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
