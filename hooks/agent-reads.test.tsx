import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgentInfo } from '../src/index.js';
import { connectMock, methodsCalled, providerFor, settle } from './mock-card.test-helpers.js';
import { useAgentOutput } from './useAgentOutput.js';
import { useAgentTimeline } from './useAgentTimeline.js';
import { useAgentUsage } from './useAgentUsage.js';
import { useLastReply } from './useLastReply.js';

const claude: AgentInfo = {
  id: 'a',
  name: 'Claude',
  harness: 'claude-code',
  kind: 'ai',
  status: 'idle',
  connected: true,
};

describe('useAgentUsage / useAgentTimeline', () => {
  it('reads usage keeping null token fields null, and reads again when a turn ends', async () => {
    const { host, card } = await connectMock({
      agents: [{ ...claude }],
      agentUsage: { a: { requests: 4, inputTokens: 1200, cacheWriteTokens: null } },
    });
    const { result } = renderHook(() => useAgentUsage('a', 1000), { wrapper: providerFor(card) });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data?.requests).toBe(4));
    expect(result.current.supported).toBe(true);
    expect(result.current.data?.cacheWriteTokens).toBeNull();
    expect(result.current.data?.inputTokens).toBe(1200);
    expect(host.calls.find((c) => c.method === 'agents.usage')?.params).toEqual({ agentId: 'a', since: 1000 });

    await waitFor(() => expect(host.subscriptions.has('agents.turn')).toBe(true));
    host.setAgentUsage('a', { requests: 5 });
    act(() => host.setAgentStatus('a', 'working'));
    act(() => host.setAgentStatus('a', 'finished'));
    await waitFor(() => expect(result.current.data?.requests).toBe(5));
  });

  it('reads a timeline window with until', async () => {
    const { host, card } = await connectMock({ agents: [{ ...claude }], agentTimeline: { a: { truncated: true } } });
    const { result } = renderHook(() => useAgentTimeline('a', 10, 20), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.data?.truncated).toBe(true));
    expect(host.calls.find((c) => c.method === 'agents.timeline')?.params).toEqual({
      agentId: 'a',
      since: 10,
      until: 20,
    });
  });

  it('is unsupported on an app without the method, without calling it', async () => {
    const { host, card } = await connectMock({ agents: [{ ...claude }] });
    host.handle('host.capabilities', () => ({ protocol: 1, methods: [], events: [] }));
    const { result } = renderHook(() => useAgentUsage('a', 0), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.supported).toBe(false));
    expect(result.current.loading).toBe(false);
    expect(result.current.data).toBeNull();
    expect(result.current.error).toBeNull();
    expect(methodsCalled(host, 'agents.usage')).toEqual([]);
  });

  it('reports PERMISSION_DENIED without usage.read', async () => {
    const { card } = await connectMock({ agents: [{ ...claude }], grant: ['agents.read'] });
    const { result } = renderHook(() => useAgentUsage('a', 0), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.error?.code).toBe('PERMISSION_DENIED'));
    expect(result.current.error?.method).toBe('agents.usage');
  });
});

describe('useLastReply', () => {
  it('reads the last reply and reports NOT_CONNECTED for an agent without an arrow', async () => {
    const { card } = await connectMock({
      agents: [{ ...claude }, { ...claude, id: 'b', connected: false }],
      replies: { a: 'All green' },
    });
    const { result } = renderHook(() => ({ a: useLastReply('a'), b: useLastReply('b') }), {
      wrapper: providerFor(card),
    });
    await waitFor(() => expect(result.current.a.text).toBe('All green'));
    expect(result.current.a.at).toEqual(expect.any(Number));
    await waitFor(() => expect(result.current.b.error?.code).toBe('NOT_CONNECTED'));
  });
});

describe('useAgentOutput', () => {
  it('collects output of the watched agents and stops watching on unmount', async () => {
    const { host, card } = await connectMock({ agents: [{ ...claude }] });
    const { result, unmount } = renderHook(() => useAgentOutput(['a'], { limit: 2 }), {
      wrapper: providerFor(card, { strict: true }),
    });
    await waitFor(() => expect(host.subscriptions.has('agents.output')).toBe(true));
    act(() => {
      host.agentOutput('a', 'one');
      host.agentOutput('a', 'two');
      host.agentOutput('a', 'three');
    });
    await waitFor(() => expect(result.current.chunks.map((c) => c.text)).toEqual(['two', 'three']));
    expect(result.current.latest?.text).toBe('three');
    act(() => result.current.clear());
    expect(result.current.chunks).toEqual([]);
    unmount();
    await settle();
    expect(host.subscriptions.has('agents.output')).toBe(false);
  });

  it('reports PERMISSION_DENIED without agents.output and does not subscribe', async () => {
    const { host, card } = await connectMock({ agents: [{ ...claude }], grant: ['agents.read'] });
    const { result } = renderHook(() => useAgentOutput(['a']), { wrapper: providerFor(card) });
    expect(result.current.error?.code).toBe('PERMISSION_DENIED');
    expect(result.current.error?.permission).toBe('agents.output');
    await settle();
    expect(methodsCalled(host, 'events.subscribe')).toEqual([]);
  });
});
