import { defineConfig } from 'vitest/config';

// The mutation sweep's tests (`npx stryker run`): the core folders' own unit tests in Node, without jsdom or the
// built package, so each mutant runs in seconds. STRYKER_TEST_FOLDERS=contract,transport,host,client adds the
// client's tests, which exercise the transport's request channel from the card's side.
const folders = process.env.STRYKER_TEST_FOLDERS ?? 'contract,transport,host';

export default defineConfig({
  test: {
    include: [`src/{${folders}}/**/*.test.ts`],
    // connect() and the card log write to a DOM: their tests need jsdom, which the sweep leaves out.
    exclude: ['**/*.browser.test.ts', '**/node_modules/**', 'src/client/connect.test.ts', 'src/client/log.test.ts'],
    environment: 'node',
    // Instrumented code runs slower: a deep-recursion test needs more than the default 5 s (8 s was too little on a
    // loaded machine); a mutant that makes a test wait forever still fails it before Stryker's own timeout
    // (stryker.config.mjs), which would restart the test runner. The catalog's max-length rows (a whole fs.write payload
    // scanned by instrumented code) took over 15 s in the dry run of src/contract on a loaded machine.
    // STRYKER_TEST_TIMEOUT_MS sets it for a folder whose tests are quick (src/transport: a mutant that stops a reply
    // makes a test wait out the whole timeout, so 60 s each made its sweep take hours).
    testTimeout: Number(process.env.STRYKER_TEST_TIMEOUT_MS ?? 60_000),
  },
});
