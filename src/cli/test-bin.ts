// The neurosquad-card bin built from the sources, for tests that run it as a child process.
import { join, resolve } from 'node:path';
import { build } from 'vite';

/**
 * Bundles src/cli/main.ts into one ESM file under node_modules/.cache/<name> (inside the checkout, so it finds
 * the SDK's package.json by walking up, like dist/cli.js does) and returns its path.
 */
export async function buildTestBin(name: string): Promise<string> {
  const root = resolve(import.meta.dirname, '../..');
  const outDir = join(root, 'node_modules', '.cache', name);
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      lib: { entry: { cli: join(root, 'src/cli/main.ts') }, formats: ['es'] },
      rolldownOptions: { external: [/^node:/] },
    },
  });
  return join(outDir, 'cli.js');
}
