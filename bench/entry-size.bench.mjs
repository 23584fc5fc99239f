// Min+gzip size of each JavaScript entry, bundled as a card's bundler would see it (React external).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logSizes, minifiedBundle, sizes } from './bundle-size.mjs';
import { writeResult } from './support.mjs';

// What a card ships when it imports only connect(): the tree-shaken core.
const scratch = mkdtempSync(path.join(tmpdir(), 'ns-size-'));
const connectOnly = path.join(scratch, 'connect-only.ts');
writeFileSync(connectOnly, `export { connect } from ${JSON.stringify(path.resolve('src/index.ts'))};\n`);

const entries = {
  connectOnly,
  core: 'src/index.ts',
  react: 'hooks/index.ts',
  testing: 'src/testing/index.ts',
  components: 'components/index.ts',
};
const results = {};
try {
  for (const [name, entry] of Object.entries(entries)) {
    results[name] = sizes(await minifiedBundle(entry));
    logSizes(name, results[name]);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
writeResult('entry-size', results);
