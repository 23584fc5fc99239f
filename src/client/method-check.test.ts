// The params check loads on first use: each test starts from fresh modules, so nothing of it is loaded yet.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedHost, flush } from '../transport/scripted-host.test-helper.js';

let loads = 0;

beforeEach(() => {
  vi.resetModules();
  loads = 0;
  vi.doMock('./method-check.js', async (importOriginal) => {
    loads += 1;
    return importOriginal();
  });
});

afterEach(() => {
  vi.doUnmock('./method-check.js');
});

describe('the params check loaded on first use', () => {
  it('fails the first call at once with INVALID_PARAMS and its path, sending nothing', async () => {
    const { createCardChannel } = await import('./card-channel.js');
    const host = createScriptedHost().on('net.fetch', () => ({ status: 200 }));
    const channel = createCardChannel(host.cardPort);
    const error = await channel.request('net.fetch', { url: 'https://example.com', timeoutMs: 5 }).catch((e) => e);
    expect(error).toMatchObject({
      code: 'INVALID_PARAMS',
      method: 'net.fetch',
      hostMessage: 'invalid params at /timeoutMs: less than 1000',
      data: [{ path: '/timeoutMs', keyword: 'minimum', message: 'less than 1000' }],
    });
    await flush();
    expect(host.received).toEqual([]);
    expect(loads).toBe(1);
    channel.close();
  });

  it('connecting loads nothing of it; the first call loads it once for every card', async () => {
    const { connect } = await import('./connect.js');
    const host = createScriptedHost().on('card.getInfo', () => ({ instanceId: 'card-1' }));
    const other = createScriptedHost();
    const card = await connect({ theme: false, syncLang: false, forwardErrors: false, port: host.cardPort });
    const second = await connect({ theme: false, syncLang: false, forwardErrors: false, port: other.cardPort });
    await flush();
    expect(loads).toBe(0);
    expect(host.received.map((r) => r.method)).toEqual(['host.ready']);
    await expect(card.getInfo()).resolves.toEqual({ instanceId: 'card-1' });
    await expect(second.call('card.focus', { cardId: 7 } as never)).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'invalid params at /cardId: expected string, got integer',
    });
    expect(loads).toBe(1);
    card.close();
    second.close();
  });

  it('sends requests made while it loads in the order they were made, unchecked ones too', async () => {
    const { createCardChannel } = await import('./card-channel.js');
    const host = createScriptedHost()
      .on('card.getInfo', () => ({}))
      .on('host.pong', () => null);
    const channel = createCardChannel(host.cardPort);
    const first = channel.request('card.getInfo');
    const second = channel.request('host.pong', { seq: 1 }, { skipValidation: true });
    const third = channel.request('card.getInfo');
    await Promise.all([first, second, third]);
    expect(host.received.map((r) => [r.id, r.method])).toEqual([
      [1, 'card.getInfo'],
      [2, 'host.pong'],
      [3, 'card.getInfo'],
    ]);
    channel.close();
  });

  it('sends an unchecked request at once when no check is loading, and loads none for it', async () => {
    const { createCardChannel } = await import('./card-channel.js');
    const host = createScriptedHost().on('host.pong', () => null);
    const channel = createCardChannel(host.cardPort);
    await channel.request('host.pong', { seq: 1 }, { skipValidation: true });
    expect(host.received).toHaveLength(1);
    expect(loads).toBe(0);
    channel.close();
  });
});
