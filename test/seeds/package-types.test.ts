// @vitest-environment node
// A card project that installs only the SDK and what a React card adds (React, TanStack Query, zustand)
// type-checks the README's examples against the declarations the package ships, with library checking on.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = process.cwd();
const tsc = resolve(root, 'node_modules/typescript/bin/tsc');
const project = mkdtempSync(join(tmpdir(), 'ns-seed-consumer-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const CONSUMER = `import { CardProvider, useAgents, useStorage, useTool } from '@neurosquad/card-sdk/react'
import { connect, createTranslator, isCardSdkError, type Card } from '@neurosquad/card-sdk'
import { createMockHost } from '@neurosquad/card-sdk/testing'

export function App() {
  const { agents } = useAgents()
  const [notes, setNotes] = useStorage('notes', '')
  useTool('read_notes', () => notes)
  return <textarea title={String(agents.length)} value={notes} onChange={(e) => setNotes(e.target.value)} />
}

export const tree = <CardProvider fallback={<p>Connecting…</p>}><App /></CardProvider>

export async function start(): Promise<Card> {
  const card = await connect()
  const t = createTranslator({ en: { failed_one: '{{count}} test failed', failed_other: '{{count}} tests failed' } }, card)
  card.ui.toast(t('failed', { count: 3 }))
  const res = await card.net.fetch('https://api.github.com/repos/acme/app/issues', { responseType: 'json' })
  const issues = await res.json<{ title: string }[]>()
  card.log.info(issues.map((issue) => issue.title))
  try {
    await card.agents.prompt('agent-1', 'Run the tests')
  } catch (error) {
    if (!isCardSdkError(error, 'NOT_CONNECTED')) throw error
  }
  return card
}

export const preview = () => createMockHost().connect()
`;

function writeConsumer(): void {
  const sdk = join(project, 'node_modules/@neurosquad/card-sdk');
  mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  // The declarations exactly as `npm run build` emits them into the package.
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', join(sdk, 'dist/types')], {
    cwd: root,
    stdio: 'pipe',
  });
  cpSync(join(root, 'package.json'), join(sdk, 'package.json'));
  mkdirSync(join(project, 'node_modules/@tanstack'), { recursive: true });
  for (const name of ['react', '@tanstack/react-query', '@tanstack/query-core', 'zustand'])
    symlinkSync(join(root, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  symlinkSync(join(root, 'node_modules/@types/react'), join(project, 'node_modules/@types/react'), 'dir');
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: [],
      },
      include: ['src'],
    }),
  );
  writeFileSync(join(project, 'src/App.tsx'), CONSUMER);
}

describe('the shipped type declarations', () => {
  it("type-check the README examples in a project that installs only the SDK and a React card's peers", () => {
    writeConsumer();
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, stdio: 'pipe', encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 180_000);
});
