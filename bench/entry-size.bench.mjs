// Min+gzip size of each JavaScript entry, bundled as a card's bundler would see it (React external).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
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
for (const [name, entry] of Object.entries(entries)) {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: { index: entry }, formats: ['es'] },
      rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
    },
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  const code = chunks.map((c) => c.code).join('\n');
  results[name] = { minBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
  console.log(`${name.padEnd(11)} ${(results[name].minBytes / 1024).toFixed(1)} kB min, ${(results[name].gzipBytes / 1024).toFixed(1)} kB min+gzip`);
}
writeResult('entry-size', results);
