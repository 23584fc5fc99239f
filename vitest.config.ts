import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['{src,hooks,components,test}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.{ts,tsx}', 'node_modules/**', 'templates/**'],
          setupFiles: ['test/setup.ts'],
        },
      },
    ],
  },
});
