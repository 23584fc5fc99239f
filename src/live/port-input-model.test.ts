// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../index.js';
import type { MockHost, MockPeer } from '../testing/index.js';
import { connectLive, methodsCalled, until } from './live.test-helper.js';
import { createPortInputModel } from './port-input-model.js';

const writer: MockPeer = {
  cardId: 'writer-1',
  kind: 'custom',
  name: 'Writer',
  direction: 'upstream',
  inputs: [],
  outputs: [{ id: 'out', label: 'Out', type: 'ns:text', mode: 'stream', retain: true, default: true }],
  retained: { out: 'kept text' },
};

let open: { host: MockHost; card: Card } | null = null;
afterEach(() => {
  open?.card.close();
  open?.host.close();
  open = null;
});

async function live(options: Parameters<typeof connectLive>[0] = {}) {
  open = await connectLive(options);
  return open;
}

describe('createPortInputModel', () => {
  it('shows the retained value, then newer messages with their metadata', async () => {
    const { host, card } = await live({ peers: [writer] });
    const text = createPortInputModel<string>(card, 'text');
    const off = text.subscribe(() => undefined);
    await until(() => text.getSnapshot().value === 'kept text');
    expect(text.getSnapshot()).toMatchObject({ isSuccess: true, loading: false, message: null });
    expect(text.getSnapshot().retained).toMatchObject({ from: 'writer-1', output: 'out', data: 'kept text' });
    host.sendPortMessage('text', 'fresh', { cardId: 'writer-1' });
    await until(() => text.getSnapshot().value === 'fresh');
    expect(text.getSnapshot().message).toMatchObject({ from: 'writer-1', input: 'text', data: 'fresh' });
    off();
  });

  it('calls onMessage for every message of its input, in order, including those that came before', async () => {
    const { host, card } = await live();
    host.sendPortMessage('text', 'early');
    await until(() => true, 5);
    const text = createPortInputModel<string>(card, 'text');
    const seen: string[] = [];
    const off = text.onMessage((data, message) => seen.push(`${data}:${message.input}`));
    host.sendPortMessage('text', 'one');
    host.sendPortMessage('count', 3);
    host.sendPortMessage('text', 'two');
    await until(() => seen.length === 3);
    expect(seen).toEqual(['early:text', 'one:text', 'two:text']);
    expect(text.getSnapshot().value).toBe('two');
    off();
  });

  it('is settled without retaining peers and reads nothing', async () => {
    const { host, card } = await live();
    const any = createPortInputModel(card);
    const off = any.subscribe(() => undefined);
    expect(any.getSnapshot()).toMatchObject({ value: undefined, isPending: false, isSuccess: true, loading: false });
    host.sendPortMessage('count', 7);
    await until(() => any.getSnapshot().value === 7);
    expect(methodsCalled(host, 'ports.read')).toEqual([]);
    off();
  });

  it('fails with NOT_FOUND naming the declared inputs for an undeclared input', async () => {
    const { card } = await live();
    const nope = createPortInputModel(card, 'nope');
    const off = nope.subscribe(() => undefined);
    expect(nope.getSnapshot()).toMatchObject({ isError: true, status: 'error' });
    expect(nope.getSnapshot().error?.code).toBe('NOT_FOUND');
    expect(nope.getSnapshot().error?.message).toMatch(/text/);
    off();
  });
});
