// The dev host's sandbox script in a sandboxed frame, as the card server injects it before the card's own code.
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_SANDBOX_SCRIPT } from './sandbox-script.js';

interface DevMessage {
  neurosquadDev: 1;
  kind: 'sandbox' | 'error' | 'warning' | 'entry' | 'leaving';
  message: string;
  file?: string;
  line?: number;
  stack?: string;
}

/** Runs `card` (a classic script) in a sandboxed frame after the sandbox script; collects what it posts. */
async function runCard(
  card: string,
  body = '',
  until = 1,
): Promise<{ messages: DevMessage[]; frame: HTMLIFrameElement }> {
  const messages: DevMessage[] = [];
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-forms');
  const listener = (event: MessageEvent): void => {
    const data = event.data as DevMessage | null;
    // The page's life messages (entry, leaving) are the dev page's business; the refusals and errors are counted.
    if (event.source !== frame.contentWindow || data?.neurosquadDev !== 1) return;
    if (data.kind === 'sandbox' || data.kind === 'error' || data.kind === 'warning') messages.push(data);
  };
  window.addEventListener('message', listener);
  frame.srcdoc = `<!doctype html><html><head><script>${DEV_SANDBOX_SCRIPT}</script></head><body>${body}<script>${card}</script></body></html>`;
  document.body.append(frame);
  for (let i = 0; i < 300 && messages.length < until; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 50));
  window.removeEventListener('message', listener);
  return { messages, frame };
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** Resolves once `check` holds, polling every 10 ms for up to 3 s. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the dev sandbox script', () => {
  it('hands the dev page a door with its entry word; a handshake through it reaches the card once, as from the parent', async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts allow-forms');
    let door: MessagePort | undefined;
    const seen: unknown[] = [];
    const listener = (event: MessageEvent): void => {
      if (event.source !== frame.contentWindow) return;
      const data = event.data as { neurosquadDev?: number; kind?: string; card?: unknown } | null;
      if (data?.neurosquadDev === 1 && data.kind === 'entry') door = event.ports[0];
      if (data?.card) seen.push(data.card);
    };
    window.addEventListener('message', listener);
    // The card: reports each handshake it is given, and greets the host through the port.
    const card = `addEventListener('message', (event) => {
      if (!event.data || event.data.type !== 'connect') return;
      event.ports[0].postMessage('hello');
      parent.postMessage({ card: { fromParent: event.source === parent, protocol: event.data.protocol, ports: event.ports.length } }, '*');
    });`;
    frame.srcdoc = `<!doctype html><html><head><script>${DEV_SANDBOX_SCRIPT}</script></head><body><script>${card}</script></body></html>`;
    document.body.append(frame);
    try {
      await until(() => door !== undefined);
      expect(door).toBeInstanceOf(MessagePort);
      const first = new MessageChannel();
      const greeted = new Promise((resolve) => {
        first.port1.onmessage = (event) => resolve(event.data);
      });
      door?.postMessage({ ns: 'nscard', type: 'connect', protocol: 1 }, [first.port2]);
      expect(await greeted).toBe('hello');
      // A second handshake through the door is not given: one per page, as in the app.
      const second = new MessageChannel();
      door?.postMessage({ ns: 'nscard', type: 'connect', protocol: 1 }, [second.port2]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toEqual([{ fromParent: true, protocol: 1, ports: 1 }]);
    } finally {
      window.removeEventListener('message', listener);
    }
  });

  it("passes the SDK's console warnings on to the dev page (the card's own warnings stay in the console)", async () => {
    const { messages } = await runCard(
      `console.warn('my own warning');
       console.warn('[card-sdk] ports.emit("summary") skipped Note: sending to it needs the "cards.connected" permission.');`,
    );
    expect(messages).toEqual([
      expect.objectContaining({
        kind: 'warning',
        message: 'ports.emit("summary") skipped Note: sending to it needs the "cards.connected" permission.',
      }),
    ]);
  });

  it('makes alert, confirm, prompt and window.open do nothing, and reports each', async () => {
    const { messages } = await runCard(
      `document.title = [alert('hi'), confirm('sure?'), prompt('name?'), window.open('https://example.com')].map(String).join(',');
       parent.postMessage({ neurosquadDev: 1, kind: 'sandbox', message: 'title ' + document.title }, '*');`,
      '',
      5,
    );
    expect(messages.map((message) => message.message)).toEqual([
      'alert() does nothing in the app (use card.ui.toast or card.ui.confirm)',
      'confirm() does nothing in the app (use card.ui.toast or card.ui.confirm)',
      'prompt() does nothing in the app (use card.ui.toast or card.ui.confirm)',
      'window.open() does nothing in the app (use card.openLink)',
      'title undefined,false,null,null',
    ]);
    expect(messages.every((message) => message.kind === 'sandbox')).toBe(true);
  });

  it('cancels form submissions the card did not cancel, and makes form.submit() a no-op', async () => {
    const { messages, frame } = await runCard(
      `const [handled, unhandled, stopped] = document.forms;
       handled.addEventListener('submit', (event) => event.preventDefault());
       stopped.addEventListener('submit', (event) => event.stopPropagation());
       handled.requestSubmit(); unhandled.requestSubmit(); stopped.requestSubmit(); unhandled.submit();
       setTimeout(() => parent.postMessage({ neurosquadDev: 1, kind: 'sandbox', message: 'still ' + location.href }, '*'), 200);`,
      '<form action="/next"></form><form action="/next"></form><form action="/next"></form>',
      4,
    );
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringMatching(/^a form submission was cancelled: in the app forms never navigate/),
      expect.stringMatching(/^a form submission was cancelled/),
      'form.submit() does nothing in the app',
      'still about:srcdoc',
    ]);
    expect(frame.isConnected).toBe(true);
  });

  it("keeps copy handlers and execCommand('copy') from running, and removes nested frames", async () => {
    const { messages } = await runCard(
      `let ran = false;
       document.addEventListener('copy', () => { ran = true; });
       document.dispatchEvent(new ClipboardEvent('copy', { bubbles: true, cancelable: true }));
       const copied = document.execCommand('copy');
       document.body.append(document.createElement('iframe'));
       setTimeout(() => parent.postMessage({ neurosquadDev: 1, kind: 'sandbox', message: 'ran ' + ran + ' copied ' + copied + ' frames ' + document.querySelectorAll('iframe').length }, '*'), 50);`,
      '',
      4,
    );
    expect(messages.map((message) => message.message)).toEqual([
      'a copy handler did not run: in the app copy and cut handlers do nothing (use card.copyText())',
      "document.execCommand('copy') does nothing in the app (use card.copyText())",
      'an <iframe> was removed: cards cannot nest frames',
      'ran false copied false frames 0',
    ]);
  });

  it('reports uncaught errors and unhandled rejections with message and stack', async () => {
    const { messages } = await runCard(
      `function render() { throw new TypeError('x is undefined'); }
       setTimeout(render, 0);
       Promise.reject(new Error('load failed'));`,
      '',
      2,
    );
    const error = messages.find((message) => message.message.includes('x is undefined'));
    expect(error).toMatchObject({
      kind: 'error',
      message: 'Uncaught TypeError: x is undefined',
      // The card's first line comes right after the injected script in this page.
      line: DEV_SANDBOX_SCRIPT.split('\n').length,
    });
    expect(error?.stack).toContain('at render');
    expect(messages.find((message) => message.message.startsWith('unhandled rejection'))).toMatchObject({
      kind: 'error',
      message: 'unhandled rejection: Error: load failed',
    });
  });

  it('takes RTCPeerConnection away before the card runs, so the card cannot get it back, and reports the attempt', async () => {
    const { messages } = await runCard(
      `let name = 'none';
       try { new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:3478' }] }); } catch (error) { name = error.name; }
       // A classic script in sloppy mode: the delete and the assignment fail silently.
       delete window.RTCPeerConnection;
       window.RTCPeerConnection = function () {};
       const offer = typeof RTCPeerConnection.prototype.createOffer;
       parent.postMessage({ neurosquadDev: 1, kind: 'sandbox', message: 'caught ' + name + ' ' + offer }, '*');`,
      '',
      2,
    );
    expect(messages.map((message) => message.message)).toEqual([
      'RTCPeerConnection is not available: in the app cards reach the network only through card.net.fetch',
      'caught NotSupportedError undefined',
    ]);
  });
});
