// @vitest-environment node
// A hostile card under `neurosquad-card dev` in real Chromium: a frame that navigates itself (after loading, and
// while loading) never gets the host port, and WebRTC sends nothing. The vanilla template is built from this
// checkout into a temp folder first.
import { createSocket, type Socket } from 'node:dgram';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevFixtures, HEADLESS_CHROMIUM, startDev, type DevFixtures } from './dev-e2e.test-helper.js';

let fixtures: DevFixtures;
let browser: Browser;
// A page on another origin that tells this test whenever a window message hands it a MessagePort.
let foreign: Server;
let foreignUrl = '';
const handedPorts: string[] = [];
// Where the card's STUN requests would go.
let stun: Socket;
let stunPort = 0;
let stunPackets = 0;

beforeAll(async () => {
  foreign = createServer((request, response) => {
    if (request.url?.startsWith('/port')) {
      handedPorts.push(request.url);
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><title>elsewhere</title><script>' +
        "addEventListener('message', (event) => { if (event.ports.length > 0) fetch('/port?' + encodeURIComponent(JSON.stringify(event.data))); });" +
        '</script><p>elsewhere</p>',
    );
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as { port: number }).port}/`;
  stun = createSocket('udp4');
  stun.on('message', () => (stunPackets += 1));
  await new Promise<void>((resolve) => stun.bind(0, '127.0.0.1', resolve));
  stunPort = stun.address().port;
  [fixtures, browser] = await Promise.all([buildDevFixtures(['vanilla']), chromium.launch(HEADLESS_CHROMIUM)]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  foreign?.close();
  stun?.close();
  if (fixtures && !process.env.KEEP_DEV_E2E) rmSync(fixtures.work, { recursive: true, force: true });
});

function edit(folder: string, file: string, change: (text: string) => string): void {
  const path = join(folder, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

const AFTER = 'await squad.start();';

describe('a hostile card under neurosquad-card dev', () => {
  it('never hands the host port to a page the frame navigated to, and reports each navigation', async () => {
    const folder = fixtures.cards.vanilla;
    const original = readFileSync(join(folder, 'src/main.js'), 'utf8');
    const html = readFileSync(join(folder, 'index.html'), 'utf8');
    const dev = await startDev(folder, fixtures.pageDir);
    const page = await browser.newPage();
    try {
      await page.goto(dev.hostUrl);
      const frame = page.frameLocator('iframe[title="Card frame"]');
      await frame.getByText('No agents connected').waitFor({ timeout: 30_000 });

      // Once loaded and connected, the card sends its frame elsewhere.
      edit(folder, 'src/main.js', (text) =>
        text.replace(AFTER, `${AFTER}\n  setTimeout(() => { location.href = ${JSON.stringify(foreignUrl)}; }, 300);`),
      );
      await dev.waitForOutput(/finding \(sandbox\) the card frame navigated away from its entry/, 60_000);
      await expect.poll(() => page.frames().some((f) => f.url() === foreignUrl), { timeout: 10_000 }).toBe(true);

      // While it loads (a script in <head>, before the SDK), the entry sends its frame elsewhere.
      writeFileSync(join(folder, 'src/main.js'), original);
      writeFileSync(join(folder, 'src/leave.js'), `location.href = ${JSON.stringify(`${foreignUrl}?early`)};\n`);
      edit(folder, 'index.html', (text) => text.replace('<title>', '<script src="src/leave.js"></script><title>'));
      await expect
        .poll(() => page.frames().some((f) => f.url() === `${foreignUrl}?early`), { timeout: 60_000 })
        .toBe(true);
      await expect
        .poll(() => dev.output().match(/the card frame navigated away from its entry/g)?.length ?? 0, {
          timeout: 10_000,
        })
        .toBeGreaterThanOrEqual(2);
      // Time for a late handshake to land, had one been sent.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(handedPorts).toEqual([]);

      // The card's own entry, loaded by the page again, is served as before.
      writeFileSync(join(folder, 'index.html'), html);
      await frame.getByText('No agents connected').waitFor({ timeout: 60_000 });
      expect(handedPorts).toEqual([]);
    } finally {
      writeFileSync(join(folder, 'src/main.js'), original);
      writeFileSync(join(folder, 'index.html'), html);
      await page.close();
      dev.press('q');
      expect(await dev.exited).toBe(0);
    }
  }, 240_000);

  it('takes WebRTC away from the card (no STUN packet leaves) and reports the attempt', async () => {
    const folder = fixtures.cards.vanilla;
    const original = readFileSync(join(folder, 'src/main.js'), 'utf8');
    edit(folder, 'src/main.js', (text) =>
      text.replace(
        AFTER,
        `${AFTER}\n  try {\n    const peer = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${stunPort}' }] });\n` +
          "    peer.createDataChannel('out');\n    await peer.setLocalDescription(await peer.createOffer());\n" +
          "    card.log.info('webrtc open');\n  } catch (error) {\n    card.log.info('webrtc ' + error.name);\n  }",
      ),
    );
    const dev = await startDev(folder, fixtures.pageDir);
    const page = await browser.newPage();
    try {
      await page.goto(dev.hostUrl);
      await dev.waitForOutput(/ info {2}webrtc /, 60_000);
      expect(dev.output()).toContain(' info  webrtc NotSupportedError\n');
      // The finding comes by the sandbox script's own way to the dev page, not the card's port: it may print after the
      // card's log line.
      await dev.waitForOutput(
        /finding \(sandbox\) [^\n]*RTCPeerConnection is not available: in the app cards reach the network only through card\.net\.fetch/,
        60_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(stunPackets).toBe(0);
    } finally {
      writeFileSync(join(folder, 'src/main.js'), original);
      await page.close();
      dev.press('q');
      expect(await dev.exited).toBe(0);
    }
  }, 240_000);
});
