// Where the bytes of two cards go, the three-export card (`connect`, `createTranslator`, `isCardSdkError`) and the
// card of every core export: each bundled from the packed SDK by Vite and by esbuild (gzip -9), as shipped and with
// parts of the SDK stubbed out (each stub exports the module's names as empty functions), so each part's figure is
// what the card would lose without it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bothBundles, emptyModules, packSdk, scratchCard } from './bundle-size.mjs';
import { EVERY_EXPORT, THREE_EXPORTS } from './size-figures.mjs';
import { writeResult } from './support.mjs';

const CARDS = { threeExports: THREE_EXPORTS, core: EVERY_EXPORT };
// The namespaces of a card (`card.net`, `card.fs`, …), each built on first read but bundled.
const NAMESPACES = ['agents', 'fs', 'lifecycle', 'net', 'permissions', 'ports', 'settings', 'storage', 'terminals']
  .concat(['tools', 'ui'])
  .map((name) => `client/${name}.js`);
const CHECK = ['contract/method-params.js', 'contract/params-check.js'];
// The manifest's rules (`validateManifest`, `MANIFEST_SCHEMA`, its texts, names and permissions, the schema check).
const MANIFEST = ['manifest', 'manifest-schema', 'manifest-texts', 'manifest-permissions', 'manifest-file']
  .concat(['reserved-names', 'schema-check'])
  .map((name) => `contract/${name}.js`);

const card = scratchCard(await packSdk());
const modules = path.join(card.installed, 'dist/modules/src');
const stubs = (files) => emptyModules(card, files);
// The error hints' texts emptied, the rest of errors.js kept.
const errors = readFileSync(path.join(modules, 'contract/errors.js'), 'utf8');
const noHints = errors.replace(
  /((?:ERROR|CODE)_HINTS = \/\* @__PURE__ \*\/ Object\.freeze\(\{)([\s\S]*?)(\n\}\))/g,
  (_, open, body, close) => open + body.replace(/: "(?:[^"\\]|\\.)*"/g, ': ""') + close,
);
if (noHints === errors) throw new Error('size-breakdown: the hint tables of errors.js were not found');
const CHECK_PART = ['the params check (method-params, params-check)', stubs(CHECK)];
const NAMESPACES_PART = ['the eleven namespaces', stubs(NAMESPACES)];
const HINTS_PART = ["the error hints' texts", { 'contract/errors.js': noHints }];
const PARTS = {
  threeExports: [CHECK_PART, NAMESPACES_PART, HINTS_PART],
  core: [
    CHECK_PART,
    ['the manifest rules', stubs(MANIFEST)],
    ['the package and workspace path rules (paths)', stubs(['contract/paths.js'])],
    NAMESPACES_PART,
    HINTS_PART,
  ],
};

/** One card's figures: as shipped, what each part costs it, and the rest with every part stubbed out. */
async function breakdown(name) {
  const entry = card.entry(`${name}.js`, CARDS[name]);
  const figures = async (options) => {
    const { vite, esbuild } = await bothBundles(card, entry, options);
    return { vite: vite.gzipBytes, esbuild: esbuild.gzipBytes };
  };
  const shipped = await figures();
  const parts = {};
  for (const [part, partStubs] of PARTS[name]) {
    const without = await figures({ stubs: partStubs });
    parts[part] = { vite: shipped.vite - without.vite, esbuild: shipped.esbuild - without.esbuild };
  }
  const rest = await figures({ stubs: Object.assign({}, ...PARTS[name].map(([, partStubs]) => partStubs)) });
  console.log(`${name} (gzip -9, Vite / esbuild): ${shipped.vite} / ${shipped.esbuild} B`);
  for (const [part, bytes] of Object.entries(parts)) console.log(`  ${part}: ${bytes.vite} / ${bytes.esbuild} B`);
  console.log(`  the rest: ${rest.vite} / ${rest.esbuild} B`);
  return { shipped, parts, rest };
}

try {
  writeResult('size-breakdown', { threeExports: await breakdown('threeExports'), core: await breakdown('core') });
} finally {
  card.remove();
}
