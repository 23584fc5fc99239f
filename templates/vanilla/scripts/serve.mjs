// A static server for the preview: ES modules do not load from file://. The page runs on the mock host.
import { createServer } from 'node:http';
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

/** A server for the files of `root` (never outside it, never node_modules/). */
export function createPreviewServer(root) {
  return createServer(async (request, response) => {
    let file;
    try {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    } catch {
      // A malformed %-escape: answer it instead of stopping the server.
      response.writeHead(400).end('bad request');
      return;
    }
    if (!file.startsWith(root + sep) || file.includes(`${sep}node_modules${sep}`)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      response
        .writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-store',
        })
        .end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
}

// npm run preview: serve the card folder on this computer only.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 5173);
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  createPreviewServer(root).listen(port, '127.0.0.1', () =>
    console.log(`Preview on the mock host: http://127.0.0.1:${port}/`),
  );
}
