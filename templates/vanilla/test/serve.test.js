import assert from 'node:assert/strict';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createPreviewServer } from '../scripts/serve.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

test('the preview server serves the card, refuses paths outside it and survives a malformed URL', async () => {
  const server = createPreviewServer(root).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const page = await fetch(`${base}/`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html');
    assert.equal((await fetch(`${base}/%zz`)).status, 400);
    assert.equal((await fetch(`${base}/%2e%2e/%2e%2e/etc/passwd`)).status, 404);
    assert.equal((await fetch(`${base}/node_modules/@neurosquad/card-sdk/package.json`)).status, 404);
    assert.equal((await fetch(`${base}/src/main.js`)).status, 200);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
