// Where the bytes of the three-export card (`connect`, `createTranslator`, `isCardSdkError`) go: the card bundled
// from the packed SDK by Vite and by esbuild (gzip -9), as shipped and with parts of the SDK stubbed out (each
// stub exports the module's names as empty functions), so each part's figure is what the card would lose without it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bothBundles, packSdk, scratchCard } from './bundle-size.mjs';
import { writeResult } from './support.mjs';

const CARD = `import { connect, createTranslator, isCardSdkError } from '@neurosquad/card-sdk';
globalThis.keep = [connect, createTranslator, isCardSdkError];
`;
// The namespaces of a card (`card.net`, `card.fs`, …), each built on first read but bundled.
const NAMESPACES = ['agents', 'fs', 'lifecycle', 'net', 'permissions', 'ports', 'settings', 'storage', 'terminals']
  .concat(['tools', 'ui'])
  .map((name) => `client/${name}.js`);
const CHECK = ['contract/method-params.js', 'contract/params-check.js'];

const card = scratchCard(await packSdk());
const modules = path.join(card.installed, 'dist/modules/src');
/** A module whose every export is an empty function. */
const emptied = (file) => {
  const names = /^export \{([^}]*)\}/m.exec(readFileSync(path.join(modules, file), 'utf8'))[1];
  return names
    .split(',')
    .map((name) => `export const ${name.trim()} = () => ({});`)
    .join('\n');
};
const stubs = (files) => Object.fromEntries(files.map((file) => [file, emptied(file)]));
// The error hints' texts emptied, the rest of errors.js kept.
const errors = readFileSync(path.join(modules, 'contract/errors.js'), 'utf8');
const noHints = errors.replace(
  /((?:ERROR|CODE)_HINTS = \/\* @__PURE__ \*\/ Object\.freeze\(\{)([\s\S]*?)(\n\}\))/g,
  (_, open, body, close) => open + body.replace(/: "(?:[^"\\]|\\.)*"/g, ': ""') + close,
);
const PARTS = {
  'the params check (method-params, params-check)': stubs(CHECK),
  'the eleven namespaces': stubs(NAMESPACES),
  "the error hints' texts": { 'contract/errors.js': noHints },
};

const entry = card.entry('three.js', CARD);
const figures = async (options) => {
  const { vite, esbuild } = await bothBundles(card, entry, options);
  return { vite: vite.gzipBytes, esbuild: esbuild.gzipBytes };
};
try {
  const shipped = await figures();
  const parts = {};
  for (const [part, partStubs] of Object.entries(PARTS)) {
    const without = await figures({ stubs: partStubs });
    parts[part] = { vite: shipped.vite - without.vite, esbuild: shipped.esbuild - without.esbuild };
  }
  const rest = await figures({ stubs: Object.assign({}, ...Object.values(PARTS)) });
  const result = { shipped, parts, rest };
  console.log(`three exports (gzip -9, Vite / esbuild): ${shipped.vite} / ${shipped.esbuild} B`);
  for (const [part, bytes] of Object.entries(parts)) console.log(`  ${part}: ${bytes.vite} / ${bytes.esbuild} B`);
  console.log(
    `  the rest (handshake, channel, card, errors, translator, chrome, context): ${rest.vite} / ${rest.esbuild} B`,
  );
  writeResult('size-breakdown', result);
} finally {
  card.remove();
}
