import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Library build: one ESM file per public entry. React stays external (a peer); TanStack Query and
// zustand are bundled into ./react so the installed package has zero runtime dependencies.
export default defineConfig({
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
        'react/index': 'hooks/index.ts',
        'components/index': 'components/index.ts',
        'storybook/index': 'storybook/index.ts',
        cli: 'src/cli/main.ts',
        ui: 'src/ui.css',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^node:/],
      onwarn(warning, next) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        next(warning);
      },
    },
  },
});
