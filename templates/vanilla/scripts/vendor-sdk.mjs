// Copies the SDK's minified browser build (the core, the mock host and the chunk they share) and ui.css from
// the installed package into vendor/, so the card runs as plain ES modules with no bundler. Run it after
// updating the SDK: npm run build. Beside each entry goes a declaration file that re-exports the installed
// package's types, so `import … from '../vendor/card-sdk/index.js'` type-checks against @neurosquad/card-sdk.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRIES = ['index.js', 'testing/index.js'];
/** The package entry whose types each vendored entry has. */
const ENTRY_TYPES = { 'index.js': '@neurosquad/card-sdk', 'testing/index.js': '@neurosquad/card-sdk/testing' };
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/** Copies `index.js`, `testing/index.js` and every chunk they import from an SDK dist folder's `browser/`, and `ui.css`, and writes the entries' declaration files; returns the written paths. */
export function vendorSdk(distFolder, vendorFolder) {
  const browserFolder = join(distFolder, 'browser');
  if (!existsSync(join(browserFolder, 'index.js')))
    throw new Error(`no SDK browser build in ${browserFolder}: install or build @neurosquad/card-sdk first`);
  const target = join(vendorFolder, 'card-sdk');
  rmSync(target, { recursive: true, force: true });
  const written = [];
  const queue = [...ENTRIES];
  const seen = new Set();
  while (queue.length > 0) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(join(browserFolder, path), 'utf8');
    for (const match of code.matchAll(RELATIVE_IMPORT))
      queue.push(posix.normalize(posix.join(posix.dirname(path), match[1])));
    mkdirSync(dirname(join(target, path)), { recursive: true });
    // Source maps are not shipped, so drop the comment that points at them.
    writeFileSync(join(target, path), code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
    written.push(`card-sdk/${path}`);
  }
  for (const [path, specifier] of Object.entries(ENTRY_TYPES)) {
    const declarations = path.replace(/\.js$/, '.d.ts');
    writeFileSync(join(target, declarations), `export * from '${specifier}';\n`);
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
