// knip (`npx knip`, run by `npm test`): no unused files, exports, types or dependencies. The package's entries
// (package.json `exports` and `bin`, mapped from dist/ back to their sources) are public: their exports count as
// used. Vite, Vitest, Storybook, ESLint, Prettier and dependency-cruiser configs are read by knip's plugins.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Benches and repository scripts run by `npm run …` and .ci/run.
    'bench/*.mjs',
    'scripts/*.mjs',
    // The browser build's card runtime (dist/browser/client.js), which the vanilla template vendors.
    'src/card-runtime.ts',
    // The Host panel's manager entry, named by its preset's `managerEntries` and built on its own (vite.lib.config.ts).
    'storybook/host-panel/manager.tsx',
    // The mutation sweep's Vitest config, named by stryker.config.mjs.
    'vitest.stryker.config.ts',
  ],
  project: ['**/*.{ts,tsx,mts,mjs,cjs,js,mdx}'],
  // Each template is a card project of its own, with its own package.json, lock file and checks.
  ignore: ['templates/**'],
  ignoreDependencies: [
    // Installs React 18.2 into hooks/react18/node_modules, which vitest.react18.config.ts aliases React to.
    '@neurosquad/card-sdk-react18-runtime',
    // A required peer kept for drop-in (a card written for a layer on zustand still installs it); the hooks read
    // the card context with React's useSyncExternalStore and import it no more.
    'zustand',
  ],
  // The CLI tests make named pipes with the system's mkfifo to check that validate and pack skip them.
  ignoreBinaries: ['mkfifo'],
};

export default config;
