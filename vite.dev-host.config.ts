import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// The page of `neurosquad-card dev`, built into dist/dev-host/ with relative URLs so the dev server can serve it
// from any path. Only its own folder is emptied: the library build owns the rest of dist/.
export default defineConfig({
  root: path.join(dirname, 'dev-host'),
  base: './',
  plugins: [react()],
  build: {
    outDir: path.join(dirname, 'dist/dev-host'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    copyPublicDir: false,
  },
});
