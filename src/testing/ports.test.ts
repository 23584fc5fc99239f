// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../contract/limits.js';
import type { CardManifest } from '../contract/types.js';
import { notePeer, settle, todoPeer } from './fixtures.js';
import { createMockHost } from './index.js';
import type { MockPeer } from './index.js';

const MANIFEST: CardManifest = {
  manifestVersion: 1,
  name: 'signal-router',
  displayName: 'Signal router',
  version: '1.0.0',
  protocol: 1,
  permissions: [{ id: 'cards.connected', optional: true }],
  ports: {
    inputs: [
      { id: 'text', label: 'Text', type: 'ns:text', default: true },
      { id: 'count', label: 'Count', type: 'ns:number', schema: { type: 'number', maximum: 10 } },
      { id: 'lookup', label: 'Look up', type: 'ns:text', mode: 'request', response: { type: 'ns:json' } },
    ],
    outputs: [
      { id: 'summary', label: 'Summary', type: 'ns:markdown', retain: true },
      { id: 'table', label: 'Table', type: 'ns:table' },
      { id: 'signal', label: 'Signal', type: 'signal-router/signal', schema: { type: 'object', required: ['level'] } },
    ],
  },
};

const routerPeer: MockPeer = {
  cardId: 'router-2',
  kind: 'custom',
  name: 'Other router',
  type: 'signal-router',
  direction: 'both',
  inputs: [
    { id: 'signal', label: 'Signal', type: 'signal-router/signal', mode: 'stream', retain: false, default: false },
    { id: 'ask', label: 'Ask', type: 'ns:text', mode: 'request', retain: false, default: false },
    {
      id: 'numbers',
      label: 'Numbers',
      type: 'ns:json',
      mode: 'stream',
      retain: false,
      default: false,
      schema: { type: 'array' },
    },
  ],
  outputs: [
    { id: 'signal', label: 'Signal', type: 'signal-router/signal', mode: 'stream', retain: true, default: false },
  ],
  retained: { signal: { level: 2 } },
  respond: (input, data) => ({ input, echo: data }),
};

async function setup(peers: MockPeer[], grant: 'all' | string[] = 'all') {
  const host = createMockHost({ manifest: MANIFEST, peers, grant });
  const card = await host.connect();
  return { host, card };
}

describe('ports.emit and ports.send', () => {
  it('delivers to downstream peers with conversion, skipping upstream ones and missing permissions', async () => {
    const { host, card } = await setup([
      notePeer('note-1', 'downstream'),
      notePeer('note-2', 'upstream'),
      todoPeer('todo-1'),
    ]);
    expect(await card.ports.emit('summary', '# Done\n- [ ] fix it')).toBe(2);
    expect(await card.ports.emit('table', { columns: ['a', 'b'], rows: [[1, null]] })).toBe(1);
    expect(host.deliveries).toEqual([
      { to: 'note-1', output: 'summary', input: 'append', data: '# Done\n- [ ] fix it' },
      { to: 'todo-1', output: 'summary', input: 'add', data: [{ text: '# Done' }, { text: 'fix it' }] },
      { to: 'note-1', output: 'table', input: 'append', data: '| a | b |\n| --- | --- |\n| 1 |  |' },
    ]);
    expect(host.retained.get('summary')).toEqual({ data: '# Done\n- [ ] fix it', at: expect.any(Number) });
    const denied = await setup([notePeer('note-1', 'downstream')], []);
    expect(await denied.card.ports.emit('summary', 'x')).toBe(0);
    await expect(denied.card.ports.send('note-1', 'summary', 'x')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      hostMessage: 'append needs cards.connected',
      data: { permission: 'cards.connected' },
    });
  });

  it('sends to one peer and input, with the errors an explicit send gets', async () => {
    const { host, card } = await setup([notePeer('note-1', 'downstream'), notePeer('note-2', 'upstream'), routerPeer]);
    expect(await card.ports.send('note-1', 'summary', 'All green', { input: 'replace' })).toBe(1);
    expect(host.deliveries.at(-1)).toEqual({ to: 'note-1', output: 'summary', input: 'replace', data: 'All green' });
    await expect(card.ports.send('ghost', 'summary', 'x')).rejects.toMatchObject({
      code: 'NOT_CONNECTED',
      hostMessage: 'card ghost is not connected to this card by an arrow',
    });
    await expect(card.ports.send('note-2', 'summary', 'x')).rejects.toMatchObject({
      code: 'NOT_CONNECTED',
      hostMessage: 'the arrow goes from Note note-2 to this card, not the other way',
    });
    await expect(card.ports.send('note-1', 'summary', 'x', { input: 'nope' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'Note note-1 has no input nope',
    });
    await expect(card.ports.send('router-2', 'summary', 'x', { input: 'numbers' })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'ns:markdown does not fit ns:json',
    });
    await expect(
      card.ports.send('router-2', 'table', { columns: [], rows: [] }, { input: 'numbers' }),
    ).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: "the value does not fit Other router's input numbers",
    });
    expect(await card.ports.send('router-2', 'signal', { level: 1 })).toBe(1);
    expect(host.deliveries.at(-1)).toEqual({ to: 'router-2', output: 'signal', input: 'signal', data: { level: 1 } });
  });

  it('checks the output exists and the value fits it', async () => {
    const { card } = await setup([routerPeer]);
    await expect(card.ports.emit('nope', 1)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'no output port "nope" in the manifest',
    });
    const error = await card.ports.emit('signal', { other: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_PARAMS' });
    expect((error as { hostMessage: string }).hostMessage).toMatch(/^data for signal: /);
  });
});

describe('ports.request, read and peers', () => {
  it('asks a peer that answers, and refuses the wrong inputs', async () => {
    const { card } = await setup([routerPeer, notePeer('note-1', 'downstream')]);
    expect(await card.ports.request('router-2', 'ask', 'flaky')).toEqual({ input: 'ask', echo: 'flaky' });
    await expect(card.ports.request('router-2', 'signal', 'x')).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'signal is not a request input',
    });
    await expect(card.ports.request('router-2', 'zzz', 'x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const slow = await setup([{ ...routerPeer, respond: () => new Promise(() => {}) }]);
    await expect(slow.card.ports.request('router-2', 'ask', 'x', { timeoutMs: 100 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      hostMessage: 'Other router did not answer in 100 ms',
    });
    const { respond: _r, ...silent } = routerPeer;
    const other = await setup([silent]);
    await expect(other.card.ports.request('router-2', 'ask', 'x')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      hostMessage: 'Other router does not answer requests in this mock',
    });
  });

  it('reads retained values and hides retained/respond from the card', async () => {
    const { card, host } = await setup([routerPeer]);
    expect(await card.ports.read('router-2', 'signal')).toEqual({ data: { level: 2 }, at: expect.any(Number) });
    expect(await card.ports.read('router-2', 'other')).toBeNull();
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await card.ports.read('router-2', name)).toBeNull();
    }
    const peers = await card.ports.refreshPeers();
    expect(peers[0]).not.toHaveProperty('retained');
    expect(peers[0]).not.toHaveProperty('respond');
    expect(card.ports.peers[0]?.cardId).toBe('router-2');
    const seen: string[][] = [];
    card.ports.onPeersChanged((list) => seen.push(list.map((p) => p.cardId)));
    host.setPeers([notePeer('note-9', 'downstream')]);
    await settle();
    expect(seen).toEqual([['note-9']]);
    expect(card.ports.peers.map((p) => p.cardId)).toEqual(['note-9']);
  });
});

describe('sendPortMessage and requestPort drivers', () => {
  it('delivers a converted value from an upstream peer', async () => {
    const { host, card } = await setup([notePeer('note-1', 'downstream'), routerPeer]);
    const messages: unknown[] = [];
    card.ports.onMessage((data, message) => messages.push([data, message]));
    host.sendPortMessage('text', 'plain', { type: 'ns:markdown' });
    host.sendPortMessage('count', 4, { cardId: 'router-2', output: 'signal', type: 'ns:number', kind: 'custom' });
    await settle();
    expect(messages[0]).toEqual([
      'plain',
      {
        from: 'router-2',
        fromKind: 'custom',
        output: 'signal',
        input: 'text',
        type: 'ns:text',
        sourceType: 'ns:markdown',
        data: 'plain',
        at: expect.any(Number),
      },
    ]);
    expect((messages[1] as [number])[0]).toBe(4);
  });

  it('throws at the test for a wrong input, sender, conversion or value', () => {
    const host = createMockHost({ manifest: MANIFEST, peers: [notePeer('note-1', 'downstream'), routerPeer] });
    expect(() => host.sendPortMessage('nope', 1)).toThrow('mock host: the card has no input "nope"');
    expect(() => host.sendPortMessage('text', 'x', { cardId: 'ghost' })).toThrow(
      'mock host: ghost is not connected to this card',
    );
    expect(() => host.sendPortMessage('text', 'x', { cardId: 'note-1' })).toThrow(
      'mock host: the arrow goes from this card to Note note-1; it cannot send here',
    );
    expect(() => host.sendPortMessage('count', 'x', { type: 'ns:text' })).toThrow(
      /^mock host: ns:text does not convert to ns:number: /,
    );
    expect(() => host.sendPortMessage('count', 11, { type: 'ns:number' })).toThrow(
      /^mock host: the value does not fit input "count" — /,
    );
  });

  it('asks a request input and gets the answer, the error or a timeout', async () => {
    const { host, card } = await setup([routerPeer]);
    card.ports.onRequest<string>('lookup', async (query) => {
      if (query === 'boom') throw new Error('lookup failed');
      return { query, hits: 2 };
    });
    expect(await host.requestPort('lookup', 'flaky')).toEqual({ query: 'flaky', hits: 2 });
    await expect(host.requestPort('lookup', 'boom')).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(host.events.find((e) => e.event === 'ports.request')?.data).toMatchObject({
      requestId: 'req-1',
      from: 'peer-1',
      input: 'lookup',
    });
    const offline = createMockHost({ manifest: MANIFEST });
    await expect(offline.requestPort('lookup', 'x', { timeoutMs: 5 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      hostMessage: 'no reply to req-1',
    });
    await expect(card.call('ports.respond', { requestId: 'req-99', data: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('port limits', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a retained value over retainedValueBytes with TOO_LARGE, retaining and delivering nothing', async () => {
    const { host, card } = await setup([notePeer('note-1', 'downstream'), routerPeer]);
    const big = 'x'.repeat(LIMITS.retainedValueBytes);
    const error = await card.ports.emit('summary', big).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'TOO_LARGE',
      method: 'ports.emit',
      hostMessage: `retained value larger than ${LIMITS.retainedValueBytes} bytes`,
    });
    expect(host.retained.has('summary')).toBe(false);
    expect(host.deliveries).toEqual([]);
    // the cap is for retained outputs only
    expect(await card.ports.emit('signal', { level: 1, note: big })).toBe(1);
    expect(await card.ports.emit('summary', big.slice(2))).toBe(1);
    expect(host.retained.get('summary')?.data).toBe(big.slice(2));
  });

  it('throttles each output to portMessagesPerSecond when rate limits are enforced', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'));
    const host = createMockHost({
      manifest: MANIFEST,
      peers: [notePeer('note-1', 'downstream')],
      grant: 'all',
      enforceRateLimits: true,
    });
    const card = await host.connect();
    for (let i = 0; i < LIMITS.portMessagesPerSecond; i += 1) {
      expect(await card.ports.emit('summary', `#${i}`)).toBe(1);
      vi.advanceTimersByTime(10);
    }
    const error = await card.ports.emit('summary', 'one too many').catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      hostMessage: 'summary: 20 messages per second',
      retryAfterMs: 800,
    });
    expect(host.deliveries).toHaveLength(LIMITS.portMessagesPerSecond);
    expect(host.retained.get('summary')?.data).toBe('#19');
    expect(await card.ports.emit('table', { columns: ['a'], rows: [] })).toBe(1);
    vi.advanceTimersByTime(800);
    expect(await card.ports.emit('summary', 'again')).toBe(1);
  });

  it('lets any number of port messages through when rate limits are not enforced', async () => {
    const { host, card } = await setup([notePeer('note-1', 'downstream')]);
    for (let i = 0; i <= LIMITS.portMessagesPerSecond * 2; i += 1) await card.ports.emit('summary', `#${i}`);
    expect(host.deliveries).toHaveLength(LIMITS.portMessagesPerSecond * 2 + 1);
  });
});
