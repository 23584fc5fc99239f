// Shared by the size benchmarks and the size test: the SDK as a card installs it (a fresh build, `npm pack`,
// the tarball unpacked into a scratch card's node_modules beside React, TanStack Query and zustand), and the
// card's entry bundled by Vite and by esbuild (production, minified, es2022) with min and gzip -9 byte counts.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SDK = '@neurosquad/card-sdk';
// What a card installs beside the SDK (its own dependencies, and the SDK's peers).
const CARD_PACKAGES = ['react', 'react-dom', 'scheduler', '@tanstack/react-query', '@tanstack/query-core', 'zustand'];

/** Minified and gzip -9 byte counts of some code. */
export function sizes(code) {
  return { minBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
}

/**
 * Builds the package into a staging folder (the repository's own dist/ is left alone), packs it with
 * `npm pack` and returns the tarball's path. `SDK_TARBALL` in the environment reuses a tarball already packed
 * in this run (bench/run.mjs packs once for every benchmark).
 */
export async function packSdk() {
  if (process.env.SDK_TARBALL && existsSync(process.env.SDK_TARBALL)) return process.env.SDK_TARBALL;
  const stage = mkdtempSync(path.join(tmpdir(), 'ns-sdk-pack-'));
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const entry of pkg.files)
    if (entry !== 'dist' && existsSync(path.join(root, entry)))
      cpSync(path.join(root, entry), path.join(stage, entry), { recursive: true });
  writeFileSync(path.join(stage, 'package.json'), JSON.stringify({ ...pkg, scripts: {} }, null, 2));
  // In a child process: a production build whatever NODE_ENV the caller runs under (Vitest sets "test").
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  for (const [mode, outDir] of [
    ['production', 'dist'],
    ['browser', 'dist/browser'],
  ]) {
    const args = ['build', '-c', 'vite.lib.config.ts', '--mode', mode, '--outDir', path.join(stage, outDir)];
    execFileSync(process.execPath, [vite, ...args, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const out = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', stage], {
    cwd: stage,
    encoding: 'utf8',
  });
  return path.join(stage, out.trim().split('\n').pop());
}

/**
 * Stubs for `files` of the SDK installed in `card` (paths under its `dist/modules/src/`, such as
 * `contract/params-check.js`), each exporting the module's names as empty functions: a bundle with them shows what
 * the card would weigh without those modules.
 */
export function emptyModules(card, files) {
  const modules = path.join(card.installed, 'dist/modules/src');
  const emptied = (file) =>
    /^export \{([^}]*)\}/m
      .exec(readFileSync(path.join(modules, file), 'utf8'))[1]
      .split(',')
      .map((name) => `export const ${name.trim().split(' as ').pop()} = () => ({});`)
      .join('\n');
  return Object.fromEntries(files.map((file) => [file, emptied(file)]));
}

/** A scratch card folder with the packed SDK installed in node_modules; `remove()` deletes it. */
export function scratchCard(tarball) {
  const card = mkdtempSync(path.join(tmpdir(), 'ns-size-card-'));
  const installed = path.join(card, 'node_modules', SDK);
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  for (const name of CARD_PACKAGES) {
    const target = path.join(card, 'node_modules', name);
    mkdirSync(path.dirname(target), { recursive: true });
    symlinkSync(path.join(root, 'node_modules', name), target, 'dir');
  }
  writeFileSync(path.join(card, 'package.json'), '{ "name": "scratch-card", "private": true, "type": "module" }\n');
  return {
    folder: card,
    installed,
    /** Writes a card entry file and returns its path. */
    entry(name, code) {
      const file = path.join(card, name);
      writeFileSync(file, code);
      return file;
    },
    remove: () => rmSync(card, { recursive: true, force: true }),
  };
}

/** Vite's and esbuild's forms of a list of packages a bundle leaves as imports (each package and its subpaths). */
function externals(names) {
  return {
    vite: names.map((name) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}($|/)`)),
    esbuild: names.flatMap((name) => [name, `${name}/*`]),
  };
}
const production = { 'process.env.NODE_ENV': '"production"' };

/**
 * The card's entry as Vite's production build ships it: every output chunk's code, and the bundled package paths.
 * `stubs` maps modules of the SDK to the code that stands in for them (see `stubFor`), to measure a bundle without
 * them.
 */
export async function viteBundle(card, entry, { external = [], stubs = {} } = {}) {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    root: card.folder,
    logLevel: 'silent',
    define: production,
    plugins: [{ name: 'sdk-stubs', enforce: 'pre', load: (id) => stubFor(stubs, id) }],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: { input: entry, external: externals(external).vite },
    },
  });
  const chunks = (Array.isArray(result) ? result : [result]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  return {
    code: chunks.map((c) => c.code).join('\n'),
    // What the page loads at start: the entry chunk and the chunks it imports statically (not the lazy ones).
    startCode: startChunks(chunks)
      .map((c) => c.code)
      .join('\n'),
    modules: chunks.flatMap((c) => Object.keys(c.modules)),
  };
}

/** The entry chunks and, transitively, the chunks they import statically. */
function startChunks(chunks) {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const start = new Set(chunks.filter((c) => c.isEntry));
  for (const chunk of start) for (const name of chunk.imports) if (byName.has(name)) start.add(byName.get(name));
  return [...start];
}

/**
 * The code that stands in for module `id` (a file path), from `stubs` keyed by the end of a path under the SDK's
 * modules (`method-params.js`, or `client/ports.js` where a name is in two folders), if any.
 */
function stubFor(stubs, id) {
  const file = id.split('?')[0].replaceAll('\\', '/');
  if (!file.includes(`${SDK}/dist/`)) return undefined;
  const key = Object.keys(stubs).find((end) => file.endsWith(`/${end}`));
  return key === undefined ? undefined : stubs[key];
}

/** The card's entry as esbuild bundles it (the same options a card's esbuild script would use); `stubs` as Vite's. */
export async function esbuildBundle(card, entry, { external = [], stubs = {} } = {}) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: card.folder,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    define: production,
    external: externals(external).esbuild,
    plugins: [
      {
        name: 'sdk-stubs',
        setup(build) {
          build.onLoad({ filter: /\.js$/ }, ({ path: id }) => {
            const contents = stubFor(stubs, id);
            return contents === undefined ? undefined : { contents, loader: 'js' };
          });
        },
      },
    ],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return {
    code: result.outputFiles.map((f) => f.text).join('\n'),
    modules: Object.keys(result.metafile.inputs).map((p) => path.resolve(card.folder, p)),
  };
}

/** Both bundlers' gzip figures for one entry, and the larger of the two (what a goal is checked against). */
export async function bothBundles(card, entry, options) {
  const vite = await viteBundle(card, entry, options);
  const esbuild = await esbuildBundle(card, entry, options);
  // The whole bundle (lazy chunks included), and what loads at start in `startGzipBytes`.
  const viteSizes = { ...sizes(vite.code), startGzipBytes: sizes(vite.startCode).gzipBytes };
  const esbuildSizes = sizes(esbuild.code);
  return {
    vite: viteSizes,
    esbuild: esbuildSizes,
    gzipBytes: Math.max(viteSizes.gzipBytes, esbuildSizes.gzipBytes),
    code: { vite: vite.code, esbuild: esbuild.code },
    modules: { vite: vite.modules, esbuild: esbuild.modules },
  };
}

/** Package folders (…/node_modules/<name>) that a list of bundled module paths comes from, for a package name. */
export function copiesOf(modules, name) {
  const marker = `node_modules/${name}/`;
  const roots = new Set();
  for (const id of modules) {
    const at = id.replaceAll('\\', '/').lastIndexOf(marker);
    if (at >= 0) roots.add(id.slice(0, at + marker.length));
  }
  return roots.size;
}
