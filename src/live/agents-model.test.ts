// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../index.js';
import type { MockHost } from '../testing/index.js';
import { createAgentsModel } from './agents-model.js';
import { agent, connectLive, methodsCalled, until } from './live.test-helper.js';

let open: { host: MockHost; card: Card } | null = null;
afterEach(() => {
  open?.card.close();
  open?.host.close();
  open = null;
});

async function live(options: Parameters<typeof connectLive>[0]) {
  open = await connectLive(options);
  return open;
}

describe('createAgentsModel', () => {
  it('reads nothing until the first subscriber, then the list, and follows status events', async () => {
    const { host, card } = await live({ agents: [agent('a'), agent('b')] });
    const agents = createAgentsModel(card);
    expect(agents.getSnapshot()).toMatchObject({ data: undefined, status: 'pending', isPending: true });
    await until(() => true, 5);
    expect(methodsCalled(host, 'agents.list')).toHaveLength(0);

    let heard = 0;
    const off = agents.subscribe(() => (heard += 1));
    expect(agents.getSnapshot().isFetching).toBe(true);
    await until(() => agents.getSnapshot().isSuccess);
    expect(agents.getSnapshot().data?.map((a) => a.id)).toEqual(['a', 'b']);
    await until(() => host.subscriptions.has('agents.status'));

    const b = agents.agent('b');
    host.setAgentStatus('a', 'working');
    await until(() => agents.agent('a')?.status === 'working');
    expect(agents.agent('a')?.turnStartedAt).toEqual(expect.any(Number));
    // Only the changed agent is a new object.
    expect(agents.agent('b')).toBe(b);
    expect(heard).toBeGreaterThan(0);
    off();
    await until(() => !host.subscriptions.has('agents.status'));
  });

  it('tells a reader of one agent only about that agent', async () => {
    const { host, card } = await live({ agents: [agent('a'), agent('b')] });
    const agents = createAgentsModel(card);
    const seen: string[] = [];
    const offA = agents.subscribeAgent('a', () => seen.push('a'));
    const offB = agents.subscribeAgent('b', () => seen.push('b'));
    await until(() => agents.getStatus().isSuccess);
    await until(() => host.subscriptions.has('agents.status'));
    seen.length = 0;
    host.setAgentStatus('b', 'working');
    await until(() => agents.agent('b')?.status === 'working');
    expect(seen).toEqual(['b']);
    // An agents.changed list equal for `a` keeps its object and stays silent for it.
    const a = agents.agent('a');
    seen.length = 0;
    host.emit('agents.changed', { agents: [agent('a'), agent('b', { status: 'exited' })] });
    await until(() => agents.agent('b')?.status === 'exited');
    expect(agents.agent('a')).toBe(a);
    expect(seen).toEqual(['b']);
    offA();
    offB();
  });

  it('records turns from agents.turn and tells onTurnEnd listeners', async () => {
    const { host, card } = await live({ agents: [agent('a', { status: 'working' })] });
    const agents = createAgentsModel(card);
    const ended: string[] = [];
    const offEnd = agents.onTurnEnd((id) => ended.push(id));
    const off = agents.subscribe(() => undefined);
    await until(() => agents.getStatus().isSuccess && host.subscriptions.has('agents.turn'));
    host.emit('agents.turn', { agentId: 'a', phase: 'start', at: 5 });
    await until(() => agents.agent('a')?.turnStartedAt === 5);
    host.emit('agents.turn', { agentId: 'a', phase: 'end', at: 9 });
    await until(() => ended.length === 1);
    expect(agents.agent('a')?.lastTurn).toEqual({ startedAt: 5, endedAt: 9, endedAs: 'finished' });
    expect(ended).toEqual(['a']);
    off();
    offEnd();
  });

  it('shows a refused read as an error, and reads again once agents.read is granted', async () => {
    const { host, card } = await live({ grant: [] });
    const agents = createAgentsModel(card);
    const off = agents.subscribe(() => undefined);
    await until(() => agents.getSnapshot().isError);
    expect(agents.getSnapshot().error?.code).toBe('PERMISSION_DENIED');
    host.setGrants(['agents.read']);
    await until(() => agents.getSnapshot().isSuccess);
    expect(agents.getSnapshot().error).toBeNull();
    off();
  });

  it('keeps one host subscription when the last subscriber leaves and another comes in the same task', async () => {
    const { host, card } = await live({ agents: [agent('a')] });
    const agents = createAgentsModel(card);
    const first = agents.subscribe(() => undefined);
    await until(() => host.subscriptions.has('agents.status'));
    const subscribed = methodsCalled(host, 'events.subscribe').length;
    first();
    const second = agents.subscribe(() => undefined);
    await until(() => true, 5);
    expect(methodsCalled(host, 'events.subscribe')).toHaveLength(subscribed);
    expect(methodsCalled(host, 'events.unsubscribe')).toHaveLength(0);
    second();
    await until(() => !host.subscriptions.has('agents.status'));
  });
});
