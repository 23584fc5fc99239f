// @vitest-environment node
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

type Output = Rollup.RollupOutput;

/** Builds one library entry the way `npm run build` does and returns its chunks. */
async function buildEntry(entry: string): Promise<Rollup.OutputChunk[]> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: { index: entry }, formats: ['es'] },
      rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/, /^node:/] },
    },
  })) as Output | Output[];
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((o) => o.output.filter((c): c is Rollup.OutputChunk => c.type === 'chunk'));
}

const externalImports = (chunks: Rollup.OutputChunk[]) =>
  [...new Set(chunks.flatMap((c) => [...c.imports, ...c.dynamicImports]))].filter(
    (id) => !chunks.some((c) => c.fileName === id),
  );

describe('bundles', () => {
  it('the core entry imports nothing outside the package', async () => {
    const chunks = await buildEntry('src/index.ts');
    expect(externalImports(chunks)).toEqual([]);
    const code = chunks.map((c) => c.code).join('\n');
    expect(code).not.toMatch(/QueryClient|useSyncExternalStore|zustand/);
  }, 60_000);

  it('the react entry imports only React itself', async () => {
    const chunks = await buildEntry('hooks/index.ts');
    for (const id of externalImports(chunks)) expect(id).toMatch(/^react(-dom)?($|\/)/);
  }, 60_000);

  it('the testing entry runs in a browser: no node built-ins', async () => {
    const chunks = await buildEntry('src/testing/index.ts');
    expect(externalImports(chunks)).toEqual([]);
  }, 60_000);
});
