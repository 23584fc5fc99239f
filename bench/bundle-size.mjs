// Shared by the size benchmarks: a minified bundle of one entry and its min / min+gzip byte counts.
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** The minified ESM bundle of one entry, as a card's bundler would produce it (React external). */
export async function minifiedBundle(entry, root = process.cwd()) {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      write: false,
      minify: true,
      lib: { entry: { index: entry }, formats: ['es'] },
      rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
    },
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  return chunks.map((c) => c.code).join('\n');
}

/** Minified and min+gzip (level 9) byte counts of some code. */
export function sizes(code) {
  return { minBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
}

/** Prints one `name  x kB min, y kB min+gzip` line. */
export function logSizes(name, { minBytes, gzipBytes }) {
  console.log(
    `${name.padEnd(11)} ${(minBytes / 1024).toFixed(1)} kB min, ${(gzipBytes / 1024).toFixed(1)} kB min+gzip`,
  );
}
