// Min+gzip size of the kit: ui.css, the whole components entry, and a card that imports only Button.
// Fails when Button pulls in the rest of the kit (the components entry must tree-shake).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { transform } from 'lightningcss';
import { logSizes, minifiedBundle, sizes } from './bundle-size.mjs';
import { writeResult } from './support.mjs';

const root = process.cwd();

const css = transform({
  filename: 'ui.css',
  code: readFileSync(path.join(root, 'src/ui.css')),
  minify: true,
}).code.toString();

// A card's entry that imports only Button from the public barrel.
const scratch = mkdtempSync(path.join(tmpdir(), 'kit-size-'));
const buttonEntry = path.join(scratch, 'button-only.js');
writeFileSync(buttonEntry, `export { Button } from ${JSON.stringify(path.join(root, 'components/index.ts'))};\n`);
let kit;
let button;
try {
  kit = await minifiedBundle(path.join(root, 'components/index.ts'));
  button = await minifiedBundle(buttonEntry);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const results = { uiCss: sizes(css), components: sizes(kit), buttonOnly: sizes(button) };
for (const [name, figures] of Object.entries(results)) logSizes(name, figures);
writeResult('kit-size', results);

// Class names and icon data of other components must not be in a Button-only bundle.
const leaked = ['ns-list', 'ns-switch', 'ns-progress', 'ns-field', 'M4.26 10.147'].filter((s) => button.includes(s));
if (leaked.length) {
  console.error(`Button alone ships other components: ${leaked.join(', ')}`);
  process.exit(1);
}
