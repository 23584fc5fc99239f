import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The hook and kit tests again, on React 18.2 (hooks/react18 installs it beside the project's React 19).
const dirname = path.dirname(fileURLToPath(import.meta.url));
const react18 = path.join(dirname, 'hooks/react18/node_modules');

export default defineConfig({
  resolve: {
    // Every import of React, from the hooks, the tests and the inlined libraries below, reaches the 18 copy.
    alias: [
      { find: /^react$/, replacement: path.join(react18, 'react/index.js') },
      { find: /^react\/(.+?)(\.js)?$/, replacement: path.join(react18, 'react/$1.js') },
      { find: /^react-dom$/, replacement: path.join(react18, 'react-dom/index.js') },
      { find: /^react-dom\/(.+?)(\.js)?$/, replacement: path.join(react18, 'react-dom/$1.js') },
      // Its ES build, so that its own React imports go through the aliases above.
      {
        find: /^@testing-library\/react$/,
        replacement: path.join(dirname, 'node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
      },
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'react18',
          environment: 'jsdom',
          include: ['{hooks,components}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.{ts,tsx}', '**/node_modules/**'],
          setupFiles: ['test/setup.ts'],
          env: { CARD_SDK_REACT_MAJOR: '18' },
          // Libraries that import React are bundled through the aliases instead of loading the project's React 19.
          server: { deps: { inline: [/@testing-library\/react/, /@tanstack\/react-query/, /zustand/] } },
        },
      },
    ],
  },
});
