// A card in a sandboxed frame, served through the public exports only: `./host` and `./testing`'s serveFrame.
import { afterEach, describe, expect, it } from 'vitest';
import { serveCardFrame } from './index.js';
import type { CardHostBindings } from './index.js';
import { createMockHost } from '../testing/index.js';

const MANIFEST = {
  manifestVersion: 1,
  name: 'frame-probe',
  displayName: { en: 'Frame probe', ru: 'Проба' },
  version: '1.0.0',
  protocol: 1,
  entry: 'index.html',
  permissions: ['agents.read'],
  tools: [
    {
      name: 'echo',
      title: 'Echo',
      description: 'Returns what it got.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    },
  ],
};

// The card: the real client from the SDK's sources (the frame has an opaque origin, so the module loads with CORS).
function cardPage(): string {
  const sdk = new URL('/src/index.ts', location.href).href;
  return `<!doctype html><html><body><h1>waiting</h1><script type="module">
import { connect } from '${sdk}';
const card = await connect({ timeoutMs: 4000 });
document.querySelector('h1').textContent = card.instance.displayName + ' ' + card.launch;
card.tools.handle('echo', (args) => ({ content: [{ type: 'text', text: 'echo ' + args.text }] }));
const before = card.context.chrome && card.context.chrome.title;
await card.setTitle(before ? before + '+' : 'first');
card.log.info('rendered ' + card.launch);
</script></body></html>`;
}

function sandboxedFrame(): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-forms');
  document.body.append(frame);
  return frame;
}

// Loads the card page into the frame and, on `load`, hands it to `serve`.
function loadCard(frame: HTMLIFrameElement, serve: (win: Window) => void): Promise<void> {
  return new Promise((resolve) => {
    frame.addEventListener(
      'load',
      () => {
        serve(frame.contentWindow as Window);
        resolve();
      },
      { once: true },
    );
    frame.srcdoc = cardPage();
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('serving a card in a sandboxed frame', () => {
  it('createMockHost().serveFrame(): the drivers reach the framed card, and a reload keeps the state', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    let changes = 0;
    const stop = host.subscribe(() => (changes += 1));
    const frame = sandboxedFrame();

    await loadCard(frame, (win) => host.serveFrame(win));
    await until(() => host.logs.length === 1, 'the first log line');
    expect(host.logs).toEqual([{ level: 'info', message: 'rendered created' }]);
    expect(host.chrome.title).toEqual({ title: 'first' });
    expect(changes).toBeGreaterThan(0);

    const result = await host.callTool('echo', { text: 'hi' });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'echo hi' }] });

    // A frame reload: a new window, the same host; the card sees launch "reloaded" and the chrome it had set.
    await loadCard(frame, (win) => host.serveFrame(win, { launch: 'reloaded' }));
    await until(() => host.logs.length === 2, 'the log line after the reload');
    expect(host.logs[1]).toEqual({ level: 'info', message: 'rendered reloaded' });
    expect(host.chrome.title).toEqual({ title: 'first+' });
    expect(await host.callTool('echo', { text: 'again' })).toMatchObject({ content: [{ text: 'echo again' }] });
    stop();
  });

  it('serveCardFrame() from ./host: the card handshakes with bindings given from outside', async () => {
    const seen: string[] = [];
    const context = createMockHost({ manifest: MANIFEST }).hostContext;
    const bindings: CardHostBindings = {
      dispatch(method, params) {
        seen.push(method);
        if (method === 'host.ready') return { ...context, chrome: { title: 'kept' } };
        if (method === 'host.log') seen.push(`log:${String(params.message)}`);
        return null;
      },
      grants: () => new Set(['agents.read']),
      visibility: () => 'visible',
    };
    const frame = sandboxedFrame();
    let ready = false;
    await loadCard(frame, (win) => {
      const server = serveCardFrame(win, bindings);
      void until(() => server.ready, 'host.ready').then(() => (ready = true));
    });
    await until(() => seen.includes('log:rendered created'), 'the log request');
    expect(ready).toBe(true);
    expect(seen.slice(0, 1)).toEqual(['host.ready']);
    expect(seen).toContain('card.setTitle');
  });
});
