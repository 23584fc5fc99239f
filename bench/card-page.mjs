// A card page as the app loads it, for the Chromium benchmarks: the card's files bundled by Vite from a packed SDK
// (as a card builds itself) and served over loopback with the app's card Content-Security-Policy.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { scratchCard } from './bundle-size.mjs';

const { cardContentSecurityPolicy } = await import('../dist/modules/src/dev/csp.js');

/**
 * Page code that makes `card`: a host in the same page answers `host.ready` with a card's context and every other
 * request with its instance, over a MessageChannel, and `connect()` (imported by the page) connects to it.
 */
export const CONNECTED_CARD = `const { port1, port2 } = new MessageChannel();
const context = { protocol: 1, appVersion: '0.0.0', instance: { instanceId: 'card-1', packageId: 'dev:/bench/card',
  name: 'card', displayName: 'Card', version: '1.0.0', commit: null, title: null, size: { w: 420, h: 320 }, dev: true },
  workspace: { id: 'w', name: 'W' }, visibility: 'visible', expanded: false, i18n: { language: 'en', locale: 'en-US' },
  settings: { values: {}, secrets: {} }, permissions: [], ports: { inputs: [], outputs: [] }, peers: [], launch: 'created' };
port1.onmessage = ({ data }) => {
  if (data?.kind !== 'req') return;
  const result = data.method === 'host.ready' ? context : context.instance;
  port1.postMessage({ ns: 'nscard', v: 1, kind: 'res', id: data.id, ok: true, result });
};
const card = await connect({ port: port2, theme: false, syncLang: false, forwardErrors: false });
`;

/**
 * The card's `files` (name → source; `main.js` is the page's module; or a function of the scratch card giving
 * them) bundled by Vite into `outDir` with an index.html, from the SDK in `tarball`. `card.remove()` deletes the
 * scratch folder.
 */
export async function buildCardPage(tarball, files) {
  const card = scratchCard(tarball);
  for (const [name, code] of Object.entries(typeof files === 'function' ? files(card) : files)) card.entry(name, code);
  card.entry('index.html', '<!doctype html><script type="module" src="./main.js"></script>\n');
  const { build } = await import('vite');
  const outDir = path.join(card.folder, 'dist');
  await build({
    configFile: false,
    root: card.folder,
    base: './',
    logLevel: 'silent',
    build: { outDir, target: 'es2022', minify: true },
  });
  return { card, outDir };
}

/** Serves `folder` on loopback with the app's card CSP and no caching; returns the origin and `close()`. */
export async function serveCardPage(folder) {
  let origin = '';
  const server = createServer((req, res) => {
    const file = path.join(folder, new URL(req.url, 'http://x').pathname.replace(/\/$/, '/index.html'));
    if (!file.startsWith(folder)) return res.writeHead(404).end();
    try {
      const body = readFileSync(file);
      const type = file.endsWith('.html') ? 'text/html' : 'text/javascript';
      const csp = cardContentSecurityPolicy(origin, `${origin}/csp-report`);
      res.writeHead(200, { 'content-type': type, 'content-security-policy': csp, 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => server.close() };
}

/** Debian's Chromium (or `CHROMIUM_PATH`), headless, as the browser tests launch it. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

/**
 * Loads `url` in a new page of `context`, waits for the page's `window.figures` and returns them; a console line
 * about the Content-Security-Policy is pushed to `violations` with `label`.
 */
export async function pageFigures(context, url, violations, label) {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(`${label}: ${message.text()}`);
  });
  try {
    await page.goto(url);
    return await page.waitForFunction(() => window.figures).then((handle) => handle.jsonValue());
  } finally {
    await page.close();
  }
}
