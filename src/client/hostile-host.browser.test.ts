// The client against a host that misbehaves, in real Chromium: early messages, a host that never answers, a host
// that goes away. The card and the mock host share the page and talk over a real MessageChannel.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../contract/limits.js';
import { createMockHost } from '../testing/index.js';
import type { MockHost } from '../testing/index.js';

const MANIFEST = {
  manifestVersion: 1,
  name: 'hostile-host-probe',
  displayName: 'Hostile host probe',
  version: '1.0.0',
  protocol: 1,
  entry: 'index.html',
  permissions: ['cards.connected'],
  ports: {
    inputs: [
      { id: 'a', label: 'A', type: 'ns:text' },
      { id: 'b', label: 'B', type: 'ns:text' },
    ],
    outputs: [],
  },
};

const hosts: MockHost[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const host of hosts.splice(0)) host.close();
});

function mock(): MockHost {
  const host = createMockHost({ manifest: MANIFEST });
  hosts.push(host);
  return host;
}

// Lets port traffic flow; a message-channel round trip is not a timer, so it runs under fake timers too.
const settle = async (rounds = 5): Promise<void> => {
  for (let i = 0; i < rounds; i += 1) {
    await new Promise<void>((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = () => {
        port1.close();
        resolve();
      };
      port2.postMessage(null);
    });
  }
};

describe('a misbehaving host, in Chromium', () => {
  it('keeps early port messages for the listener of each input', async () => {
    const host = mock();
    const card = await host.connect();
    for (let i = 0; i < 50; i += 1) {
      host.sendPortMessage('a', `a${i}`);
      host.sendPortMessage('b', `b${i}`);
    }
    await settle();
    const a: string[] = [];
    const b: string[] = [];
    card.ports.onMessage<string>((text) => a.push(text), { input: 'a' });
    await settle();
    card.ports.onMessage<string>((text) => b.push(text), { input: 'b' });
    await settle();
    expect(a).toEqual(Array.from({ length: 50 }, (_, i) => `a${i}`));
    expect(b).toEqual(Array.from({ length: 50 }, (_, i) => `b${i}`));
  });

  it('times out a queued call on time while 64 calls wait for a host that never answers', async () => {
    const host = mock();
    const card = await host.connect();
    host.handle('card.getInfo', () => new Promise(() => undefined));
    const stuck = Array.from({ length: LIMITS.inFlightRequests }, () => card.getInfo().catch(() => 'closed'));
    const started = performance.now();
    const error = await card.call('card.getInfo', {}, { timeoutMs: 300 }).catch((e: unknown) => e);
    const waited = performance.now() - started;
    expect(error).toMatchObject({ code: 'TIMEOUT', hostMessage: 'no answer in 300 ms' });
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(2000);
    card.close();
    expect(new Set(await Promise.all(stuck))).toEqual(new Set(['closed']));
  });

  it('notices a host that stops its heartbeat and closes the port: card.closed turns true, calls end in UNAVAILABLE', async () => {
    // Chromium fires no `close` event on the card's end: the heartbeat is what tells.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const host = mock();
    const card = await host.connect();
    await host.ping();
    host.handle('card.getInfo', () => new Promise(() => undefined));
    const pending = card.getInfo().catch((e: unknown) => e);
    await settle();
    host.close();
    vi.advanceTimersByTime(LIMITS.unresponsiveMs);
    await settle();
    expect(card.closed).toBe(false);
    vi.advanceTimersByTime(LIMITS.heartbeatMs);
    expect(await pending).toMatchObject({
      code: 'UNAVAILABLE',
      hostMessage: `the host stopped answering (no heartbeat in ${LIMITS.unresponsiveMs + LIMITS.heartbeatMs} ms)`,
    });
    expect(card.closed).toBe(true);
    await expect(card.getInfo()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
