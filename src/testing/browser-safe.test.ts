// The ./testing entry runs in a card's browser preview: nothing it loads may need Node or a package.
import { describe, expect, it } from 'vitest';

const SOURCES = import.meta.glob<string>(['../**/*.ts', '!../**/*.test.ts', '!../cli/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The sources by their path under src/ (`testing/index.ts`, `client/connect.ts`). */
const BY_PATH = new Map(
  Object.entries(SOURCES).map(([key, source]) => [
    key.startsWith('./') ? `testing/${key.slice(2)}` : key.slice(3),
    source,
  ]),
);

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.replace(/\.js$/, '.ts').split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Every module the entry loads at run time (type-only imports included: they are erased, but harmless). */
function reachable(entry: string): { files: string[]; bare: string[] } {
  const files: string[] = [];
  const bare: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (files.includes(file)) continue;
    files.push(file);
    const source = BY_PATH.get(file);
    if (source === undefined) throw new Error(`cannot read ${file}`);
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (specifier.startsWith('.')) queue.push(resolve(file, specifier));
      else bare.push(`${file}: ${specifier}`);
    }
  }
  return { files, bare };
}

describe('the testing entry in the browser', () => {
  it('loads only relative modules of the SDK: no node: built-ins and no packages', () => {
    const { files, bare } = reachable('testing/index.ts');
    expect(files).toContain('testing/mock-host.ts');
    expect(files).toContain('host/engine.ts');
    expect(files).toContain('client/connect.ts');
    expect(files).toContain('contract/ports.ts');
    expect(bare).toEqual([]);
  });

  it('keeps every file of src/testing and src/host free of node: imports', () => {
    const own = [...BY_PATH].filter(([file]) => file.startsWith('testing/') || file.startsWith('host/'));
    expect(own.length).toBeGreaterThan(10);
    for (const [file, source] of own) expect(`${file}: ${/['"]node:/.test(source)}`).toBe(`${file}: false`);
  });
});
