import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM } from './test/chromium.mjs';
import { hookReferencePlugin } from './.storybook/hook-docs/vite-plugin.js';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// A fresh object per project: Vitest names each project's browser instance after the project.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: CHROMIUM }),
  instances: [{ browser: 'chromium' as const }],
});

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['{src,hooks,components,test,storybook,dev-host}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.{ts,tsx}', '**/node_modules/**', 'templates/**'],
          setupFiles: ['test/setup.ts'],
          globalSetup: ['test/built-package.ts'],
        },
      },
      {
        extends: true,
        // Card frames in these tests have an opaque origin: their module scripts load with CORS (`Origin: null`).
        server: { cors: true },
        test: {
          name: 'browser',
          include: ['{src,hooks,components,test,dev-host}/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['test/setup.ts'],
          browser: browser(),
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') }), hookReferencePlugin(dirname)],
        test: { name: 'storybook', browser: browser() },
      },
    ],
  },
});
