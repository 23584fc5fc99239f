import { defineConfig } from 'vitest/config';

// The mutation sweep's tests (`npx stryker run`): the core folders' own unit tests in Node, without jsdom or the
// built package, so each mutant runs in seconds.
export default defineConfig({
  test: {
    include: ['src/{contract,transport,host}/**/*.test.ts'],
    exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
    environment: 'node',
    // Instrumented code runs slower: a deep-recursion test needs more than the default 5 s (8 s was too little on a
    // loaded machine); a mutant that makes a test wait forever still fails it before Stryker's own timeout
    // (stryker.config.mjs), which would restart the test runner. The catalog's max-length rows (a whole fs.write payload
    // scanned by instrumented code) took over 15 s in the dry run of src/contract on a loaded machine.
    testTimeout: 60_000,
  },
});
