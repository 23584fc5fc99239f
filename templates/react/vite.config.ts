/// <reference types="vitest/config" />
import { neurosquadCardTypes } from '@neurosquad/card-sdk/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // neurosquadCardTypes() rewrites src/neurosquad-card.d.ts whenever neurosquad-card.json changes.
  plugins: [react(), neurosquadCardTypes()],
  // The app serves the built card from nscard://<id>/dist/…, so every URL must be relative.
  base: './',
  // One React even when the SDK is linked from a local checkout (a second copy breaks hooks: "invalid hook call").
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The card's CSP allows scripts only from the package, so no inline preload polyfill.
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
