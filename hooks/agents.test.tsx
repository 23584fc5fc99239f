import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AgentInfo, AgentStatus } from '../src/index.js';
import { connectMock, methodsCalled, providerFor, settle, settleUntil } from './mock-card.test-helpers.js';
import { cardQueryKeys } from './query-keys.js';
import { agentsQueryOptions } from './query-options.js';
import { useAgent } from './useAgent.js';
import { useAgents } from './useAgents.js';
import { useAgentStatus } from './useAgentStatus.js';

function agent(id: string, extra: Partial<AgentInfo> = {}): AgentInfo {
  return { id, name: `Agent ${id}`, harness: 'claude-code', kind: 'ai', status: 'idle', connected: true, ...extra };
}

describe('useAgents, useAgent, useAgentStatus', () => {
  it('reads the agents once and follows status events', async () => {
    const { host, card } = await connectMock({ agents: [agent('a'), agent('b', { connected: false })] });
    const { result } = renderHook(
      () => ({
        all: useAgents(),
        connected: useAgents({ connected: true }),
        a: useAgent('a'),
        status: useAgentStatus('a'),
      }),
      { wrapper: providerFor(card) },
    );
    expect(result.current.all.loading).toBe(true);
    await waitFor(() => expect(result.current.all.agents.map((x) => x.id)).toEqual(['a', 'b']));
    expect(result.current.connected.agents.map((x) => x.id)).toEqual(['a']);
    expect(result.current.a.agent?.name).toBe('Agent a');
    expect(result.current.status).toBe('idle');
    expect(methodsCalled(host, 'agents.list')).toHaveLength(1);

    await waitFor(() => expect(host.subscriptions.has('agents.status')).toBe(true));
    act(() => host.setAgentStatus('a', 'working'));
    await waitFor(() => expect(result.current.status).toBe('working'));
    expect(result.current.a.agent?.turnStartedAt).toEqual(expect.any(Number));
    act(() => host.setAgentStatus('a', 'finished'));
    await waitFor(() => expect(result.current.a.agent?.lastTurn?.endedAs).toBe('finished'));
    expect(methodsCalled(host, 'agents.list')).toHaveLength(1);
  });

  it('takes the list from agents.changed', async () => {
    const { host, card } = await connectMock({ agents: [agent('a')] });
    const { result } = renderHook(() => useAgents(), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.agents).toHaveLength(1));
    await waitFor(() => expect(host.subscriptions.has('agents.changed')).toBe(true));
    act(() => host.emit('agents.changed', { agents: [agent('a'), agent('c', { status: 'working' })] }));
    await waitFor(() => expect(result.current.agents.map((x) => x.id)).toEqual(['a', 'c']));
  });

  it('filters with a predicate and by status', async () => {
    const { card } = await connectMock({
      agents: [agent('a'), agent('b', { status: 'working' }), agent('s', { kind: 'shell', harness: 'shell-bash' })],
    });
    const { result } = renderHook(
      () => ({
        working: useAgents({ status: ['working', 'needs-input'] }),
        shells: useAgents((x) => x.kind === 'shell'),
      }),
      { wrapper: providerFor(card) },
    );
    await waitFor(() => expect(result.current.working.agents.map((x) => x.id)).toEqual(['b']));
    expect(result.current.shells.agents.map((x) => x.id)).toEqual(['s']);
  });

  it('reports PERMISSION_DENIED without agents.read and reads again once granted', async () => {
    const { host, card } = await connectMock({ agents: [agent('a')], grant: [] });
    const { result } = renderHook(() => useAgents(), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.error?.code).toBe('PERMISSION_DENIED'));
    expect(result.current.error?.method).toBe('agents.list');
    expect(result.current.agents).toEqual([]);
    expect(host.subscriptions.size).toBe(0);
    act(() => host.setGrants(['agents.read']));
    await waitFor(() => expect(result.current.agents.map((x) => x.id)).toEqual(['a']));
    expect(result.current.error).toBeNull();
  });

  it('unsubscribes the agent topics on unmount', async () => {
    const { host, card } = await connectMock({ agents: [agent('a')] });
    const { result, unmount } = renderHook(() => useAgentStatus('a'), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current).toBe('idle'));
    await waitFor(() => expect(host.subscriptions.size).toBe(3));
    unmount();
    await settle();
    const topics = host.calls
      .filter((c) => c.method === 'events.unsubscribe')
      .flatMap((c) => (c.params as { topics: string[] }).topics);
    expect(topics.sort()).toEqual(['agents.changed', 'agents.status', 'agents.turn']);
    expect(host.subscriptions.size).toBe(0);
  });

  it('subscribes each topic once in StrictMode, however many components read agents', async () => {
    const { host, card } = await connectMock({ agents: [agent('a'), agent('b')] });
    function Row({ id }: { id: string }) {
      return <li>{`${id}:${useAgentStatus(id) ?? '?'}`}</li>;
    }
    render(
      <ul>
        <Row id="a" />
        <Row id="b" />
      </ul>,
      { wrapper: providerFor(card, { strict: true }) },
    );
    await screen.findByText('a:idle');
    await settle();
    const topics = host.calls
      .filter((c) => c.method === 'events.subscribe')
      .flatMap((c) => (c.params as { topics: string[] }).topics);
    expect(topics.sort()).toEqual(['agents.changed', 'agents.status', 'agents.turn']);
    expect(methodsCalled(host, 'events.unsubscribe')).toHaveLength(0);
    expect(methodsCalled(host, 'agents.list')).toHaveLength(1);
    act(() => host.setAgentStatus('b', 'working'));
    await screen.findByText('b:working');
  });

  // Waits count rounds of host traffic, not milliseconds, so a loaded machine only makes it slower (the timeout
  // below is a hang guard for 200 rows and 1,000 events, not a speed check).
  it('with 200 agents, 1,000 status events re-render only the rows of the agents that changed', async () => {
    const agents = Array.from({ length: 200 }, (_, i) => agent(`a${i}`));
    const { host, card } = await connectMock({ agents });
    const renders = new Map<string, number>();
    function Row({ id }: { id: string }) {
      renders.set(id, (renders.get(id) ?? 0) + 1);
      return <li data-testid={id}>{useAgentStatus(id) ?? 'unknown'}</li>;
    }
    render(
      <ul>
        {agents.map((a) => (
          <Row key={a.id} id={a.id} />
        ))}
      </ul>,
      { wrapper: providerFor(card) },
    );
    await settleUntil(() => screen.queryByTestId('a199')?.textContent === 'idle');
    await settleUntil(() => host.subscriptions.has('agents.status'));
    const before = new Map(renders);

    const changed = ['a3', 'a50', 'a101', 'a150', 'a199'];
    const cycle: AgentStatus[] = ['working', 'needs-input', 'working', 'finished'];
    await act(async () => {
      for (let i = 0; i < 1000; i += 1) {
        host.setAgentStatus(changed[i % changed.length], cycle[Math.floor(i / changed.length) % cycle.length]);
        if (i % 100 === 99) await settle(2);
      }
      await settle();
    });
    await settleUntil(() => screen.queryByTestId('a199')?.textContent === 'finished');

    for (const a of agents) {
      const extra = (renders.get(a.id) ?? 0) - (before.get(a.id) ?? 0);
      if (changed.includes(a.id)) expect(extra, a.id).toBeGreaterThan(0);
      else expect(extra, a.id).toBe(0);
    }
  }, 60_000);

  it('reads the list again when an author invalidates cardQueryKeys.agents()', async () => {
    const { host, card } = await connectMock({ agents: [agent('a')] });
    const queryClient = new QueryClient();
    const { result } = renderHook(() => useAgents(), { wrapper: providerFor(card, { queryClient }) });
    await waitFor(() => expect(result.current.agents).toHaveLength(1));
    host.agents.push(agent('z'));
    await act(() => queryClient.invalidateQueries({ queryKey: cardQueryKeys.agents() }));
    await waitFor(() => expect(result.current.agents.map((x) => x.id)).toEqual(['a', 'z']));
    expect(methodsCalled(host, 'agents.list')).toHaveLength(2);
  });

  it("keeps an author's own useQuery(agentsQueryOptions(card)) current from agent events", async () => {
    const { host, card } = await connectMock({ agents: [agent('a')] });
    const queryClient = new QueryClient();
    const { result } = renderHook(() => useQuery(agentsQueryOptions(card), queryClient), {
      wrapper: providerFor(card, { queryClient }),
    });
    await waitFor(() => expect(result.current.data?.map((a) => a.status)).toEqual(['idle']));
    await waitFor(() => expect(host.subscriptions.has('agents.status')).toBe(true));
    act(() => host.setAgentStatus('a', 'working'));
    await waitFor(() => expect(result.current.data?.[0]?.status).toBe('working'));
  });

  it('useAgent re-renders for its own agent only', async () => {
    const { host, card } = await connectMock({ agents: [agent('a'), agent('b')] });
    let renders = 0;
    const wrapper = providerFor(card);
    const { result } = renderHook(
      () => {
        renders += 1;
        return useAgent('a');
      },
      { wrapper },
    );
    const other = renderHook(() => useAgentStatus('b'), { wrapper });
    await waitFor(() => expect(result.current.agent?.status).toBe('idle'));
    await waitFor(() => expect(host.subscriptions.has('agents.status')).toBe(true));
    const before = renders;
    act(() => host.setAgentStatus('b', 'working'));
    act(() => host.emit('agents.changed', { agents: [agent('a'), agent('b', { status: 'exited' })] }));
    await waitFor(() => expect(other.result.current).toBe('exited'));
    await settle();
    expect(renders).toBe(before);
    act(() => host.setAgentStatus('a', 'working'));
    await waitFor(() => expect(result.current.agent?.status).toBe('working'));
  });

  it('throws an error naming CardProvider without a provider', () => {
    expect(() => renderHook(() => useAgentStatus('a'))).toThrow(
      /useAgentStatus\(\) must be used inside <CardProvider>/,
    );
  });
});
