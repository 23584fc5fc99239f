import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME } from '../contract/theme.js';
import type { HandshakeMessageEvent, HandshakeWindow } from '../transport/handshake.js';
import { connectScripted, createScriptedHost, flush, scriptedContext } from './card.test-helper.js';
import { connect } from './connect.js';

afterEach(() => {
  vi.useRealTimers();
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-ns-scheme');
  document.documentElement.lang = '';
});

describe('connect({ port })', () => {
  it('sends host.ready with the SDK version and protocol and takes the result as the context', async () => {
    const { host, card } = await connectScripted({ visibility: 'hidden' });
    expect(host.received[0]).toEqual({
      ns: 'nscard',
      v: 1,
      kind: 'req',
      id: 1,
      method: 'host.ready',
      params: { sdkVersion: '1.3.0', protocol: 1 },
    });
    expect(card.context.visibility).toBe('hidden');
    expect(card.visibility).toBe('hidden');
    expect(card.instanceId).toBe('card-1');
    expect(card.size).toEqual({ w: 420, h: 320 });
    expect(card.language).toBe('en');
    card.close();
  });

  it('wraps PROTOCOL_MISMATCH with the card protocol and closes the channel', async () => {
    const host = createScriptedHost().on('host.ready', () => ({
      error: { code: 'PROTOCOL_MISMATCH', message: 'the host speaks protocol 0', data: { host: 0 } },
    }));
    const error = await connect({ port: host.cardPort, theme: false, forwardErrors: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'PROTOCOL_MISMATCH',
      method: 'host.ready',
      data: { host: 0 },
      hostMessage:
        'this card speaks card protocol 1, which this NeuroSquad does not support yet (the host speaks protocol 0)',
    });
  });

  it('rethrows other handshake errors as they are', async () => {
    const host = createScriptedHost().on('host.ready', () => ({ error: { code: 'INTERNAL', message: 'boom' } }));
    await expect(connect({ port: host.cardPort, theme: false, forwardErrors: false })).rejects.toMatchObject({
      code: 'INTERNAL',
      hostMessage: 'boom',
      method: 'host.ready',
    });
  });

  it('times out host.ready after timeoutMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { port1, port2 } = new MessageChannel();
    const pending = connect({ port: port2, timeoutMs: 500, theme: false, forwardErrors: false }).catch(
      (e: unknown) => e,
    );
    await flush();
    vi.advanceTimersByTime(500);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', hostMessage: 'no answer in 500 ms', method: 'host.ready' });
    port1.close();
  });
});

describe('connect() without a port', () => {
  it('refuses a top-level page with UNAVAILABLE, and retries after a failure', async () => {
    const first = connect();
    expect(connect()).toBe(first);
    await expect(first).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      hostMessage:
        'this page is not inside a NeuroSquad card frame — run it on the local dev host (npx neurosquad-card dev) or preview it with createMockHost()',
    });
    const second = connect();
    expect(second).not.toBe(first);
    await expect(second).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('handshakes in the given window and connects over the handed port', async () => {
    const listeners = new Set<(event: HandshakeMessageEvent) => void>();
    const parent = {};
    const win: HandshakeWindow = {
      parent,
      addEventListener: (_type, listener) => listeners.add(listener),
      removeEventListener: (_type, listener) => listeners.delete(listener),
    };
    const host = createScriptedHost(scriptedContext({ appVersion: '9.9.9' }));
    const connecting = connect({ window: win, theme: false, forwardErrors: false });
    await flush(1);
    for (const listener of [...listeners]) {
      listener({ source: parent, data: { ns: 'nscard', type: 'connect', protocol: 1 }, ports: [host.cardPort] });
    }
    const card = await connecting;
    expect(card.appVersion).toBe('9.9.9');
    card.close();
  });
});

describe('theme and language', () => {
  it('writes the theme to <html> as --ns-* variables with color-scheme and data-ns-scheme, and sets lang', async () => {
    const { host, card } = await connectScripted(
      { i18n: { language: 'ru', locale: 'ru-RU' } },
      { theme: undefined, syncLang: true },
    );
    const html = document.documentElement;
    expect(html.style.getPropertyValue('--ns-accent')).toBe(DEFAULT_THEME.tokens.accent);
    expect(html.style.getPropertyValue('--ns-accent-soft')).toBe(DEFAULT_THEME.tokens['accent-soft']);
    expect(html.style.getPropertyValue('--ns-font-mono')).toBe(DEFAULT_THEME.fontMono);
    expect(html.style.getPropertyValue('color-scheme')).toBe('dark');
    expect(html.dataset.nsScheme).toBe('dark');
    expect(html.lang).toBe('ru');

    host.emit('theme.changed', { scheme: 'light', tokens: { accent: 'red' } });
    host.emit('i18n.changed', { language: 'zh', locale: 'zh-CN' });
    await flush();
    expect(html.style.getPropertyValue('--ns-accent')).toBe('red');
    expect(html.style.getPropertyValue('--ns-background')).toBe(DEFAULT_THEME.tokens.background);
    expect(html.dataset.nsScheme).toBe('light');
    expect(html.lang).toBe('zh');
    expect(card.theme.scheme).toBe('light');
    card.close();
  });

  it('writes to a given element, and leaves the page alone with theme: false and syncLang: false', async () => {
    const target = document.createElement('div');
    const { card } = await connectScripted({}, { theme: target, syncLang: false });
    expect(target.style.getPropertyValue('--ns-accent')).toBe(DEFAULT_THEME.tokens.accent);
    expect(document.documentElement.style.getPropertyValue('--ns-accent')).toBe('');
    expect(document.documentElement.lang).toBe('');
    card.close();
    const { card: plain } = await connectScripted({}, { theme: false });
    expect(document.documentElement.style.getPropertyValue('--ns-accent')).toBe('');
    plain.close();
  });
});

describe('connect() retried after a failed host.ready', () => {
  it('waits for a fresh connect message instead of reusing the closed port', async () => {
    const parent = { name: 'app' };
    const parentSpy = vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    const added = vi.spyOn(window, 'addEventListener');
    const deliver = (port: MessagePort): void => {
      const calls = added.mock.calls.filter(([type]) => type === 'message');
      const listener = calls[calls.length - 1]?.[1] as (event: HandshakeMessageEvent) => void;
      listener({ source: parent, data: { ns: 'nscard', type: 'connect', protocol: 1 }, ports: [port] });
    };
    try {
      const failing = createScriptedHost().on('host.ready', () => ({
        error: { code: 'INTERNAL', message: 'not yet' },
      }));
      const first = connect({ theme: false, syncLang: false, forwardErrors: false });
      await flush(1);
      deliver(failing.cardPort);
      await expect(first).rejects.toMatchObject({ code: 'INTERNAL', hostMessage: 'not yet' });

      const working = createScriptedHost(scriptedContext({ appVersion: '2.0.0' }));
      const second = connect({ theme: false, syncLang: false, forwardErrors: false });
      expect(second).not.toBe(first);
      await flush();
      expect(failing.requests('host.ready')).toHaveLength(1);
      deliver(working.cardPort);
      const card = await second;
      expect(card.appVersion).toBe('2.0.0');
      expect(working.requests('host.ready')).toHaveLength(1);
      expect(connect()).toBe(second);
      card.close();
    } finally {
      parentSpy.mockRestore();
      added.mockRestore();
    }
  });
});
