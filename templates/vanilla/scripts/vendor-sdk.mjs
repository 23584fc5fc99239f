// Copies the SDK's minified browser build and ui.css from the installed package into vendor/, so the card runs as
// plain ES modules with no bundler. Run it after updating the SDK: npm run build. `client.js` is what the card
// loads while it runs (connect() and its helpers); `live/index.js` holds the live models (`createAgentsModel`,
// `createStorageModel`, …) for a card that wants them; `index.js` (every export) and `testing/index.js` (the mock
// host) serve the preview and the tests, and share client.js's code. Beside each entry goes a declaration file
// that re-exports the installed package's types, so `import … from '../vendor/card-sdk/client.js'` type-checks
// against @neurosquad/card-sdk.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRIES = ['client.js', 'index.js', 'live/index.js', 'testing/index.js'];
/** The package entry whose types each vendored entry has. */
const ENTRY_TYPES = {
  'client.js': '@neurosquad/card-sdk',
  'index.js': '@neurosquad/card-sdk',
  'live/index.js': '@neurosquad/card-sdk/live',
  'testing/index.js': '@neurosquad/card-sdk/testing',
};
/** Entries that export only some of their package entry's values: their declarations name those values. */
const PARTIAL_ENTRIES = new Set(['client.js']);
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/** The value names a minified entry exports, read from its `export { a as name, … }` statement. */
function exportedNames(code) {
  const lists = [...code.matchAll(/export\s*\{([^}]*)\}/g)].map((match) => match[1]);
  return lists
    .flatMap((list) => list.split(','))
    .map((item) =>
      item
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    )
    .filter(Boolean)
    .sort();
}

/** Declarations for a vendored entry: every type of its package entry, and the values it really exports. */
function declarationsFor(path, code) {
  const specifier = ENTRY_TYPES[path];
  if (!PARTIAL_ENTRIES.has(path)) return `export * from '${specifier}';\n`;
  return `export type * from '${specifier}';\nexport { ${exportedNames(code).join(', ')} } from '${specifier}';\n`;
}

/** Copies the entries (`client.js`, `index.js`, `live/index.js`, `testing/index.js`) and every chunk they import from an SDK dist folder's `browser/`, and `ui.css`, and writes the entries' declaration files; returns the written paths. */
export function vendorSdk(distFolder, vendorFolder) {
  const browserFolder = join(distFolder, 'browser');
  if (!existsSync(join(browserFolder, 'index.js')))
    throw new Error(`no SDK browser build in ${browserFolder}: install or build @neurosquad/card-sdk first`);
  const target = join(vendorFolder, 'card-sdk');
  rmSync(target, { recursive: true, force: true });
  const written = [];
  const queue = [...ENTRIES];
  /** The code of every file copied, by its path under browser/. */
  const copied = new Map();
  while (queue.length > 0) {
    const path = queue.shift();
    if (copied.has(path)) continue;
    const code = readFileSync(join(browserFolder, path), 'utf8');
    copied.set(path, code);
    for (const match of code.matchAll(RELATIVE_IMPORT))
      queue.push(posix.normalize(posix.join(posix.dirname(path), match[1])));
    mkdirSync(dirname(join(target, path)), { recursive: true });
    // Source maps are not shipped, so drop the comment that points at them.
    writeFileSync(join(target, path), code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
    written.push(`card-sdk/${path}`);
  }
  for (const path of ENTRIES) {
    const declarations = path.replace(/\.js$/, '.d.ts');
    writeFileSync(join(target, declarations), declarationsFor(path, copied.get(path)));
    written.push(`card-sdk/${declarations}`);
  }
  copyFileSync(join(distFolder, 'ui.css'), join(vendorFolder, 'ui.css'));
  written.push('ui.css');
  return written.sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const card = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const written = vendorSdk(join(card, 'node_modules', '@neurosquad', 'card-sdk', 'dist'), join(card, 'vendor'));
  console.log(`vendor/: ${written.length} files from the installed @neurosquad/card-sdk`);
}
