#!/usr/bin/env node
// Cards as the published SDK's authors wrote them, built on this SDK from its `npm pack` tarball: each case writes a
// small card into a temp folder with only the dependencies such a card declares, installs it from the tarball, and
// runs `tsc --noEmit` and `vite build`. For each case it prints the copies of TanStack Query and zustand installed
// and bundled, and the bundle's gzip size. Needs the SDK built first (npm run build). Prints "N passed, N failed".
// Usage: node scripts/check-drop-in.mjs [published-react|own-tanstack|vanilla ...] [--pnpm] [--keep] [--json <file>]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const usePnpm = args.includes('--pnpm');
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex >= 0 ? resolve(args[jsonIndex + 1]) : undefined;
const named = args.filter((arg, index) => !arg.startsWith('--') && (jsonIndex < 0 || index !== jsonIndex + 1));

const sdk = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const devVersion = (name) => sdk.devDependencies[name];

/** What a published-style card's toolchain is: the same pins the SDK builds and tests with. */
const toolchain = {
  '@types/react': devVersion('@types/react'),
  '@types/react-dom': devVersion('@types/react-dom'),
  '@vitejs/plugin-react': devVersion('@vitejs/plugin-react'),
  typescript: devVersion('typescript'),
  vite: devVersion('vite'),
};

/** The oldest TanStack Query the peer range admits, as a card that pinned it long ago has it. */
const OLDER_TANSTACK = process.env.OLDER_TANSTACK ?? sdk.peerDependencies['@tanstack/react-query'].replace(/^\^/, '');

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  },
  include: ['src'],
};

const REACT_APP = `import { createRoot } from 'react-dom/client';
import { CardProvider, useCardContext, usePaused, useStorage, useTranslator } from '@neurosquad/card-sdk/react';

const catalog = {
  en: { title: 'Notes', saving: 'Saving…' },
  ru: { title: 'Заметки', saving: 'Сохраняю…' },
};

function App() {
  useCardContext();
  const paused = usePaused();
  const t = useTranslator(catalog);
  const [notes, setNotes, { loading }] = useStorage<string>('notes', '');
  return (
    <main data-paused={paused || undefined}>
      <h1>{t('title')}</h1>
      {loading ? <p>{t('saving')}</p> : null}
      <textarea value={notes} onChange={(event) => setNotes(event.target.value)} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <CardProvider fallback={<p>Connecting…</p>}>
    <App />
  </CardProvider>,
);
`;

/** A card with its own TanStack Query: its QueryClient, handed to the SDK's provider, serves both. */
const OWN_TANSTACK_APP = `import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { CardProvider, useCard, useStorage } from '@neurosquad/card-sdk/react';

const queryClient = new QueryClient();

function Agents() {
  const card = useCard();
  const agents = useQuery({ queryKey: ['my-agents'], queryFn: () => card.agents.list() });
  const [notes, setNotes] = useStorage<string>('notes', '');
  return (
    <main>
      <p>{agents.data?.length ?? 0} agents</p>
      <textarea value={notes} onChange={(event) => setNotes(event.target.value)} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <CardProvider queryClient={queryClient} fallback={<p>Connecting…</p>}>
      <Agents />
    </CardProvider>
  </QueryClientProvider>,
);
`;

const VANILLA_APP = `import { connect } from '@neurosquad/card-sdk';

const card = await connect();
card.setTitle('Vanilla');
document.body.textContent = String((await card.agents.list()).length);
`;

const HTML = (entry) =>
  `<!doctype html>\n<html><head><meta charset="utf-8" /><title>card</title></head>\n<body><div id="root"></div><script type="module" src="/src/${entry}"></script></body></html>\n`;

const VITE_CONFIG_REACT = `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()], base: './', build: { target: 'es2022', sourcemap: 'hidden' } });
`;

const VITE_CONFIG_VANILLA = `import { defineConfig } from 'vite';

export default defineConfig({ base: './', build: { target: 'es2022', sourcemap: 'hidden' } });
`;

/** The three kinds of card the packaging must serve. */
const CASES = {
  'published-react': {
    what: 'React card written for the published SDK: the SDK, react and react-dom only',
    dependencies: { react: devVersion('react'), 'react-dom': devVersion('react-dom') },
    devDependencies: toolchain,
    files: { 'src/main.tsx': REACT_APP, 'index.html': HTML('main.tsx'), 'vite.config.ts': VITE_CONFIG_REACT },
  },
  'own-tanstack': {
    what: 'React card with its own @tanstack/react-query, sharing its QueryClient with the SDK',
    dependencies: {
      '@tanstack/react-query': devVersion('@tanstack/react-query'),
      react: devVersion('react'),
      'react-dom': devVersion('react-dom'),
    },
    devDependencies: toolchain,
    files: { 'src/main.tsx': OWN_TANSTACK_APP, 'index.html': HTML('main.tsx'), 'vite.config.ts': VITE_CONFIG_REACT },
  },
  'older-tanstack': {
    what: `React card pinned to an older TanStack Query (${OLDER_TANSTACK}): one copy, the card's`,
    dependencies: {
      '@tanstack/react-query': OLDER_TANSTACK,
      react: devVersion('react'),
      'react-dom': devVersion('react-dom'),
    },
    devDependencies: toolchain,
    files: { 'src/main.tsx': OWN_TANSTACK_APP, 'index.html': HTML('main.tsx'), 'vite.config.ts': VITE_CONFIG_REACT },
  },
  vanilla: {
    what: 'Vanilla card: the SDK only',
    dependencies: {},
    devDependencies: { typescript: toolchain.typescript, vite: toolchain.vite },
    files: { 'src/main.ts': VANILLA_APP, 'index.html': HTML('main.ts'), 'vite.config.ts': VITE_CONFIG_VANILLA },
  },
};

const chosen = named.length > 0 ? named : Object.keys(CASES);
for (const name of chosen) {
  if (!CASES[name]) {
    console.error(`check-drop-in: unknown case "${name}" (known: ${Object.keys(CASES).join(', ')})`);
    process.exit(2);
  }
}
if (!existsSync(join(root, 'dist', 'index.js'))) {
  console.error('check-drop-in: dist/ is missing; run npm run build first');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const env = { ...process.env, NO_COLOR: '1', CI: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
const work = mkdtempSync(join(tmpdir(), 'ns-drop-in-'));

function run(command, commandArgs, cwd) {
  const result = spawnSync(command, commandArgs, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ?? ''}` };
}

const packed = run('npm', ['pack', '--silent', '--pack-destination', work], root);
const tarball = packed.output.trim().split('\n').pop();
if (!packed.ok || !tarball || !existsSync(join(work, tarball))) {
  console.log(`npm pack failed:\n${packed.output}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/** Every installed copy of a package (its package.json version), wherever the package manager put it. */
function installedCopies(folder, packageName) {
  const found = [];
  const walk = (modules, depth) => {
    if (depth > 8 || !existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry === '.bin') continue;
      if (entry.startsWith('@')) {
        for (const scoped of readdirSync(join(modules, entry)))
          visit(join(modules, entry, scoped), `${entry}/${scoped}`, depth);
      } else if (entry === '.pnpm') {
        for (const store of readdirSync(join(modules, entry)))
          walk(join(modules, entry, store, 'node_modules'), depth + 1);
      } else visit(join(modules, entry), entry, depth);
    }
  };
  const visit = (folderPath, name, depth) => {
    if (name === packageName) {
      try {
        found.push(`${JSON.parse(readFileSync(join(folderPath, 'package.json'), 'utf8')).version}`);
      } catch {
        // a link to a package that is elsewhere in the store is read there
      }
    }
    walk(join(folderPath, 'node_modules'), depth + 1);
  };
  walk(join(folder, 'node_modules'), 0);
  return [...new Set(found)];
}

/** The packages whose copies in a bundle matter: each folder a bundled module came from counts as one copy. */
const COUNTED = ['@tanstack/query-core', '@tanstack/react-query', 'zustand', 'react', 'react-dom'];

/** Bundle size (gzip -9 of every JS chunk) and the copies of each counted package, read off the hidden source maps. */
function bundleFacts(card) {
  const assets = join(card, 'dist', 'assets');
  const files = existsSync(assets) ? readdirSync(assets) : [];
  const code = files
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
  const folders = Object.fromEntries(COUNTED.map((lib) => [lib, new Set()]));
  for (const file of files.filter((name) => name.endsWith('.js.map'))) {
    const { sources = [] } = JSON.parse(readFileSync(join(assets, file), 'utf8'));
    for (const source of sources) {
      for (const lib of COUNTED) {
        const at = source.lastIndexOf(`node_modules/${lib}/`);
        if (at >= 0) folders[lib].add(source.slice(0, at + `node_modules/${lib}/`.length));
      }
    }
  }
  return {
    gzip: gzipSync(Buffer.from(code), { level: 9 }).length,
    copies: Object.fromEntries(COUNTED.map((lib) => [lib, folders[lib].size])),
  };
}

let passed = 0;
let failed = 0;
const results = [];
for (const name of chosen) {
  const spec = CASES[name];
  const card = join(work, name);
  mkdirSync(join(card, 'src'), { recursive: true });
  writeFileSync(
    join(card, 'package.json'),
    `${JSON.stringify(
      {
        name: `drop-in-${name}`,
        version: '1.0.0',
        private: true,
        type: 'module',
        scripts: { build: 'tsc --noEmit && vite build' },
        dependencies: { '@neurosquad/card-sdk': `file:../${tarball}`, ...spec.dependencies },
        devDependencies: spec.devDependencies,
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(join(card, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  for (const [file, text] of Object.entries(spec.files)) writeFileSync(join(card, file), text);

  console.log(`${name}: ${spec.what}`);
  const install = usePnpm
    ? run('npx', ['--yes', 'pnpm@9', 'install', '--config.auto-install-peers=true'], card)
    : run('npm', ['install', '--no-audit', '--no-fund'], card);
  const steps = [['install', install]];
  if (install.ok) {
    steps.push(['tsc --noEmit', run('npx', ['--no-install', 'tsc', '--noEmit', '-p', '.'], card)]);
    steps.push(['vite build', run('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], card)]);
  }
  const outcome = { name, steps: {}, installed: {}, bundle: undefined };
  for (const [label, result] of steps) {
    outcome.steps[label] = result.ok;
    if (result.ok) {
      passed += 1;
      console.log(`  ok      ${label}`);
    } else {
      failed += 1;
      console.log(`  FAILED  ${label}`);
      console.log(
        result.output
          .trim()
          .split('\n')
          .slice(-25)
          .map((line) => `          ${line}`)
          .join('\n'),
      );
    }
  }
  for (const lib of ['@tanstack/react-query', '@tanstack/query-core', 'zustand', 'react', 'react-dom']) {
    outcome.installed[lib] = installedCopies(card, lib);
  }
  console.log(
    `  installed: ${Object.entries(outcome.installed)
      .map(([lib, versions]) => `${lib} ${versions.length === 0 ? 'none' : versions.join('+')}`)
      .join(', ')}`,
  );
  if (outcome.steps['vite build']) {
    outcome.bundle = bundleFacts(card);
    const copies = Object.entries(outcome.bundle.copies)
      .map(([lib, count]) => `${lib} ${count}`)
      .join(', ');
    console.log(`  bundle: ${outcome.bundle.gzip} B gzip; copies bundled: ${copies}`);
  }
  results.push(outcome);
}
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify({ tarball, results }, null, 2)}\n`);
if (!keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
