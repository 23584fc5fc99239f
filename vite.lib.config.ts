import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

// Packages a card installs beside the SDK: imported from dist/, never bundled into it, so npm installs one
// copy that the card and the SDK share (React, and for ./react the query cache and the store).
const external = [/^react($|\/)/, /^react-dom($|\/)/, /^@tanstack\/react-query($|\/)/, /^zustand($|\/)/, /^node:/];

// Library build (default): one ESM module per source file under dist/, so a card's bundler keeps only the
// modules it reaches. Browser build (--mode browser): the core, the mock host and the card runtime (client.js,
// what a running card imports) minified into dist/browser/, the files the no-build template vendors.
const library: UserConfig = {
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    cssCodeSplit: true,
    lib: {
      entry: {
        index: 'src/index.ts',
        'testing/index': 'src/testing/index.ts',
        'host/index': 'src/host/index.ts',
        'live/index': 'src/live/index.ts',
        'react/index': 'hooks/index.ts',
        'components/index': 'components/index.ts',
        'storybook/index': 'storybook/index.ts',
        cli: 'src/cli/main.ts',
        'vite/index': 'src/vite/index.ts',
        ui: 'src/ui.css',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external,
      output: {
        preserveModules: true,
        preserveModulesRoot: '.',
        entryFileNames: (chunk) => (chunk.isEntry ? '[name].js' : 'modules/[name].js'),
      },
      onwarn(warning, next) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        next(warning);
      },
    },
  },
};

// Not lib mode, which leaves whitespace in minified ES output; the entries keep their exports.
const browser: UserConfig = {
  build: {
    outDir: 'dist/browser',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    modulePreload: false,
    rolldownOptions: {
      input: { index: 'src/index.ts', client: 'src/card-runtime.ts', 'testing/index': 'src/testing/index.ts' },
      preserveEntrySignatures: 'strict',
      external: [/^node:/],
      output: { entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js' },
    },
  },
};

export default defineConfig(({ mode }) => (mode === 'browser' ? browser : library));
