import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  listenAgain,
  listenForHost,
  waitForHost,
  type HandshakeMessageEvent,
  type HandshakeWindow,
} from './handshake.js';

/** A window stand-in whose `message` listeners the test calls directly. */
function fakeWindow(): HandshakeWindow & { send(event: HandshakeMessageEvent): void; listenerCount(): number } {
  const listeners = new Set<(event: HandshakeMessageEvent) => void>();
  const parent = { name: 'app' };
  return {
    parent,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    send: (event) => {
      for (const listener of [...listeners]) listener(event);
    },
    listenerCount: () => listeners.size,
  };
}

const connectMessage = { ns: 'nscard', type: 'connect', protocol: 1 };

afterEach(() => {
  vi.useRealTimers();
});

describe('window handshake', () => {
  it('accepts the connect message from window.parent and hands over ports[0]', async () => {
    const win = fakeWindow();
    const { port1 } = new MessageChannel();
    const waiting = waitForHost(win, 1000);
    win.send({ source: win.parent, data: connectMessage, ports: [port1] });
    await expect(waiting).resolves.toEqual({ port: port1, protocol: 1 });
    expect(win.listenerCount()).toBe(0);
    port1.close();
  });

  it('ignores forged sources, wrong ns or type, a non-numeric protocol and a missing port', async () => {
    const win = fakeWindow();
    const { port1, port2 } = new MessageChannel();
    let handed: unknown = null;
    void waitForHost(win, 1000).then((handoff) => {
      handed = handoff;
    });
    win.send({ source: { name: 'another card' }, data: connectMessage, ports: [port2] });
    win.send({ source: null, data: connectMessage, ports: [port2] });
    win.send({ source: win.parent, data: { ...connectMessage, ns: 'other' }, ports: [port2] });
    win.send({ source: win.parent, data: { ...connectMessage, type: 'hello' }, ports: [port2] });
    win.send({ source: win.parent, data: { ...connectMessage, protocol: '1' }, ports: [port2] });
    win.send({ source: win.parent, data: 'connect', ports: [port2] });
    win.send({ source: win.parent, data: connectMessage, ports: [] });
    win.send({ source: win.parent, data: connectMessage });
    await Promise.resolve();
    expect(handed).toBeNull();
    expect(win.listenerCount()).toBe(1);
    win.send({ source: win.parent, data: { ...connectMessage, protocol: 2 }, ports: [port1] });
    await Promise.resolve();
    expect(handed).toEqual({ port: port1, protocol: 2 });
    port1.close();
    port2.close();
  });

  it('keeps a handoff that came before connect() for the first wait, and listens once per window', async () => {
    const win = fakeWindow();
    listenForHost(win);
    listenForHost(win);
    expect(win.listenerCount()).toBe(1);
    const { port1 } = new MessageChannel();
    win.send({ source: win.parent, data: connectMessage, ports: [port1] });
    expect(win.listenerCount()).toBe(0);
    await expect(waitForHost(win, 10)).resolves.toMatchObject({ port: port1 });
    port1.close();
  });

  it('hands each port to one attempt only: the next attempt waits for a fresh connect message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const win = fakeWindow();
    const first = new MessageChannel();
    const second = new MessageChannel();
    listenForHost(win);
    win.send({ source: win.parent, data: connectMessage, ports: [first.port1] });
    await expect(waitForHost(win, 100)).resolves.toMatchObject({ port: first.port1 });
    const stale = waitForHost(win, 100).catch((e: unknown) => e);
    vi.advanceTimersByTime(100);
    expect(await stale).toMatchObject({ code: 'UNAVAILABLE' });
    const retry = waitForHost(win, 100);
    win.send({ source: win.parent, data: { ...connectMessage, protocol: 2 }, ports: [second.port1] });
    await expect(retry).resolves.toEqual({ port: second.port1, protocol: 2 });
    first.port1.close();
    second.port1.close();
  });

  it('keeps listening after a wait timed out, so a late connect message serves the next attempt', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const win = fakeWindow();
    const late = new MessageChannel();
    const expired = waitForHost(win, 50).catch((e: unknown) => e);
    vi.advanceTimersByTime(50);
    expect(await expired).toMatchObject({ code: 'UNAVAILABLE' });
    win.send({ source: win.parent, data: connectMessage, ports: [late.port1] });
    expect(win.listenerCount()).toBe(0);
    await expect(waitForHost(win, 50)).resolves.toMatchObject({ port: late.port1 });
    late.port1.close();
  });

  it('listenAgain() catches a connect message posted before the retry asks for it', async () => {
    const win = fakeWindow();
    const first = new MessageChannel();
    const second = new MessageChannel();
    listenForHost(win);
    win.send({ source: win.parent, data: connectMessage, ports: [first.port1] });
    await waitForHost(win, 10);
    expect(win.listenerCount()).toBe(0);
    listenAgain(win);
    expect(win.listenerCount()).toBe(1);
    win.send({ source: win.parent, data: connectMessage, ports: [second.port1] });
    await expect(waitForHost(win, 10)).resolves.toMatchObject({ port: second.port1 });
    first.port1.close();
    second.port1.close();
  });

  it('gives concurrent waits one handoff each, in order', async () => {
    const win = fakeWindow();
    const first = new MessageChannel();
    const second = new MessageChannel();
    const a = waitForHost(win, 1000);
    const b = waitForHost(win, 1000);
    win.send({ source: win.parent, data: connectMessage, ports: [first.port1] });
    expect(win.listenerCount()).toBe(1);
    win.send({ source: win.parent, data: connectMessage, ports: [second.port1] });
    expect(win.listenerCount()).toBe(0);
    await expect(a).resolves.toMatchObject({ port: first.port1 });
    await expect(b).resolves.toMatchObject({ port: second.port1 });
    first.port1.close();
    second.port1.close();
  });

  it('rejects with UNAVAILABLE when no host answers in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const win = fakeWindow();
    const waiting = waitForHost(win, 300).catch((e: unknown) => e);
    vi.advanceTimersByTime(300);
    expect(await waiting).toMatchObject({
      code: 'UNAVAILABLE',
      hostMessage: 'no NeuroSquad host answered in 300 ms — is this page running inside a card frame?',
    });
  });

  it('refuses a top-level window', async () => {
    const win = fakeWindow();
    (win as { parent: unknown }).parent = win;
    await expect(waitForHost(win, 10)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it.each([
    ['without a parent (null)', { parent: null }],
    ['without a parent (undefined)', { parent: undefined }],
    ['without addEventListener', { addEventListener: undefined }],
  ])('refuses a window %s as not framed, without listening', async (_case, patch) => {
    const win = Object.assign(fakeWindow(), patch);
    await expect(waitForHost(win, 10)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      hostMessage: expect.stringMatching(/^this page is not inside a NeuroSquad card frame/),
    });
  });

  it('ignores a connect message once the frame has lost its parent, even one whose source is missing too', async () => {
    const win = fakeWindow();
    const { port1 } = new MessageChannel();
    let handed: unknown = null;
    void waitForHost(win, 1000).then((handoff) => {
      handed = handoff;
    });
    (win as { parent: unknown }).parent = null;
    win.send({ source: null, data: connectMessage, ports: [port1] });
    (win as { parent: unknown }).parent = undefined;
    win.send({ source: undefined, data: connectMessage, ports: [port1] });
    await Promise.resolve();
    expect(handed).toBeNull();
    port1.close();
  });
});
