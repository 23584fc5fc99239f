import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PortInfo } from '../src/index.js';
import { settle as flushPorts } from '../src/testing/fixtures.js';
import type { MockPeer } from '../src/testing/index.js';
import { connectMock, methodsCalled, providerFor, settle } from './mock-card.test-helpers.js';
import { useCardEvent } from './useCardEvent.js';
import { useEmit } from './useEmit.js';
import { usePort } from './usePort.js';
import { usePortQuery } from './usePortQuery.js';
import { usePortRequest } from './usePortRequest.js';
import { useTool } from './useTool.js';

const textPort: PortInfo = { id: 'out', label: 'Out', type: 'ns:text', mode: 'stream', retain: true, default: true };
const upstream: MockPeer = {
  cardId: 'writer-1',
  kind: 'custom',
  name: 'Writer',
  direction: 'upstream',
  inputs: [],
  outputs: [textPort],
  retained: { out: 'kept text' },
};
const note: MockPeer = {
  cardId: 'note-1',
  kind: 'custom',
  name: 'Sink',
  direction: 'downstream',
  inputs: [{ id: 'in', label: 'In', type: 'ns:markdown', mode: 'stream', retain: false, default: true }],
  outputs: [],
};
const answering: MockPeer = {
  cardId: 'search-1',
  kind: 'custom',
  name: 'Search',
  direction: 'downstream',
  inputs: [{ id: 'ask', label: 'Ask', type: 'ns:text', mode: 'request', retain: false, default: false }],
  outputs: [],
  respond: (_input, data) => `answer to ${String(data)}`,
};

describe('usePort', () => {
  it('fails with NOT_FOUND naming the declared inputs for an undeclared input', async () => {
    const { card } = await connectMock();
    const { result } = renderHook(() => usePort<string>('txt'), { wrapper: providerFor(card) });
    expect(result.current.error?.code).toBe('NOT_FOUND');
    expect(result.current.error?.method).toBe('usePort');
    expect(result.current.error?.hint).toBe(
      'Declared inputs: "text", "lookup". Use one of them, or add "txt" to "ports.inputs" in neurosquad-card.json.',
    );
    const declared = renderHook(() => usePort<string>('text'), { wrapper: providerFor(card) });
    expect(declared.result.current.error).toBeNull();
  });

  it('shows the retained value, then newer messages with their metadata', async () => {
    const { host, card } = await connectMock({ peers: [upstream] });
    const { result } = renderHook(() => usePort<string>('text'), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.value).toBe('kept text'));
    expect(result.current.retained).toMatchObject({ from: 'writer-1', output: 'out', data: 'kept text' });
    expect(result.current.message).toBeNull();
    act(() => host.sendPortMessage('text', 'fresh', { cardId: 'writer-1' }));
    await waitFor(() => expect(result.current.value).toBe('fresh'));
    expect(result.current.message).toMatchObject({ from: 'writer-1', input: 'text', type: 'ns:text', data: 'fresh' });
  });

  it('receives a message that arrived before it mounted, in StrictMode', async () => {
    const { host, card } = await connectMock();
    host.sendPortMessage('text', 'early');
    await settle();
    const { result } = renderHook(() => usePort<string>('text'), { wrapper: providerFor(card, { strict: true }) });
    await waitFor(() => expect(result.current.value).toBe('early'));
  });

  it('calls onMessage for every message, in order, with the newest callback', async () => {
    const { host, card } = await connectMock();
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ tag }) =>
        usePort<string>('text', { onMessage: (text, message) => seen.push(`${tag}:${text}:${message.input}`) }),
      { wrapper: providerFor(card, { strict: true }), initialProps: { tag: 'a' } },
    );
    act(() => {
      host.sendPortMessage('text', 'one');
      host.sendPortMessage('text', 'two');
      host.sendPortMessage('lookup', 'other input');
    });
    await waitFor(() => expect(result.current.value).toBe('two'));
    rerender({ tag: 'b' });
    act(() => host.sendPortMessage('text', 'three'));
    await waitFor(() => expect(result.current.value).toBe('three'));
    expect(seen).toEqual(['a:one:text', 'a:two:text', 'b:three:text']);
  });

  it('without retained values starts empty', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => usePort<string>(), { wrapper: providerFor(card) });
    expect(result.current.value).toBeUndefined();
    act(() => host.sendPortMessage('text', 'hello'));
    await waitFor(() => expect(result.current.value).toBe('hello'));
    expect(methodsCalled(host, 'ports.read')).toEqual([]);
  });
});

describe('useEmit', () => {
  it('fails with NOT_FOUND naming the declared outputs for an undeclared output, before any send', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => useEmit<string>('sumary'), { wrapper: providerFor(card) });
    expect(result.current.error?.code).toBe('NOT_FOUND');
    expect(result.current.error?.hint).toBe(
      'Declared outputs: "summary". Use one of them, or add "sumary" to "ports.outputs" in neurosquad-card.json.',
    );
    await act(async () => {
      await expect(result.current.emit('# Done')).resolves.toBeUndefined();
    });
    expect(result.current.error?.hint).toMatch(/^Declared outputs: "summary"/);
    expect(methodsCalled(host, 'ports.emit')).toHaveLength(1);
  });

  it('sends on an output and reports the delivery count', async () => {
    const { host, card } = await connectMock({ peers: [note] });
    const { result } = renderHook(() => useEmit<string>('summary'), { wrapper: providerFor(card) });
    let delivered: number | undefined;
    await act(async () => {
      delivered = await result.current.emit('# Done');
    });
    expect(delivered).toBe(1);
    await waitFor(() => expect(result.current.delivered).toBe(1));
    expect(host.deliveries).toEqual([{ to: 'note-1', output: 'summary', input: 'in', data: '# Done' }]);
  });

  it('puts a refusal in error instead of throwing', async () => {
    const { card } = await connectMock();
    const { result } = renderHook(() => useEmit('nope'), { wrapper: providerFor(card) });
    let delivered: number | undefined = 7;
    await act(async () => {
      delivered = await result.current.emit('x');
    });
    expect(delivered).toBeUndefined();
    await waitFor(() => expect(result.current.error?.code).toBe('NOT_FOUND'));
    expect(result.current.error?.method).toBe('ports.emit');
  });
});

describe('usePortRequest', () => {
  it('answers requests with the latest handler and unregisters on unmount', async () => {
    const { host, card } = await connectMock();
    let suffix = 'v1';
    const { rerender, unmount } = renderHook(() => usePortRequest<string>('lookup', (query) => `${query} ${suffix}`), {
      wrapper: providerFor(card),
    });
    await expect(host.requestPort('lookup', 'q')).resolves.toBe('q v1');
    suffix = 'v2';
    rerender();
    await expect(host.requestPort('lookup', 'q')).resolves.toBe('q v2');
    unmount();
    // With the handler gone the client refuses shortly before the deadline (a faked clock keeps that exact).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const answer = host.requestPort('lookup', 'q', { timeoutMs: 200 });
      const refused = expect(answer).rejects.toThrow(/no handler for input "lookup"/);
      await flushPorts();
      vi.advanceTimersByTime(150);
      await flushPorts();
      await refused;
    } finally {
      vi.useRealTimers();
    }
  });

  it('registers once in StrictMode and reports a second registration as an error', async () => {
    const { host, card } = await connectMock();
    const wrapper = providerFor(card, { strict: true });
    const { result } = renderHook(
      () => ({ first: usePortRequest('lookup', () => 'one'), second: usePortRequest('lookup', () => 'two') }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.second.error?.message).toMatch(/already registered/));
    expect(result.current.first.error).toBeNull();
    await expect(host.requestPort('lookup', 'q')).resolves.toBe('one');
  });
});

describe('usePortQuery', () => {
  it('asks a peer through the cache and refetches on demand', async () => {
    const { host, card } = await connectMock({ peers: [answering] });
    const { result } = renderHook(() => usePortQuery<string>('search-1', 'ask', 'cats'), {
      wrapper: providerFor(card),
    });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data).toBe('answer to cats'));
    await act(() => result.current.refetch());
    expect(methodsCalled(host, 'ports.request')).toHaveLength(2);
  });

  it('reports NOT_CONNECTED for a card without an arrow', async () => {
    const { card } = await connectMock();
    const { result } = renderHook(() => usePortQuery('ghost', 'ask', 1), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.error?.name).toBe('CardSdkError');
    expect(result.current.error?.method).toBe('ports.request');
  });

  it('cancels a request in flight', async () => {
    const slow: MockPeer = { ...answering, respond: () => new Promise(() => undefined) };
    const { card } = await connectMock({ peers: [slow] });
    const { result } = renderHook(() => usePortQuery('search-1', 'ask', 'x'), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.fetching).toBe(true));
    await act(() => result.current.cancel());
    await waitFor(() => expect(result.current.fetching).toBe(false));
    expect(result.current.data).toBeUndefined();
  });
});

describe('useTool', () => {
  it('answers tool calls with the latest handler', async () => {
    const { host, card } = await connectMock();
    let notes = 'first';
    const { rerender } = renderHook(() => useTool('read_notes', () => notes), { wrapper: providerFor(card) });
    await expect(host.callTool('read_notes', {})).resolves.toEqual({ content: [{ type: 'text', text: 'first' }] });
    notes = 'second';
    rerender();
    await expect(host.callTool('read_notes', {})).resolves.toEqual({ content: [{ type: 'text', text: 'second' }] });
  });

  it('registers once in StrictMode (no duplicate-handler error) and unregisters on unmount', async () => {
    const { host, card } = await connectMock();
    const { result, unmount } = renderHook(() => useTool('read_notes', () => 'ok'), {
      wrapper: providerFor(card, { strict: true }),
    });
    await expect(host.callTool('read_notes', {})).resolves.toEqual({ content: [{ type: 'text', text: 'ok' }] });
    expect(result.current.error).toBeNull();
    unmount();
    // A fresh registration succeeds only if the old handler is gone.
    expect(() => card.tools.handle('read_notes', () => 'again')()).not.toThrow();
  });

  it('a misspelt useTool fails the call within 1 s, naming the declared and the registered tools', async () => {
    const { host, card } = await connectMock();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderHook(() => useTool('read_note', () => 'never'), { wrapper: providerFor(card) });
    const started = performance.now();
    const error = await host.callTool('read_notes', {}).catch((failure: unknown) => failure);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: expect.stringMatching(
        /^mock host: the card registered no handler for tool "read_notes" \(card.tools.handle or useTool\) \(declared: "read_notes"; registered: "read_note"\); is "read_note" a misspelling of "read_notes"\?$/,
      ),
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the manifest declares no tool "read_note"'));
    warn.mockRestore();
  });
});

describe('useCardEvent', () => {
  it('calls the latest handler for a host event and subscribes topics while mounted', async () => {
    const { host, card } = await connectMock({
      agents: [{ id: 'a', name: 'A', harness: 'claude-code', kind: 'ai', status: 'idle', connected: true }],
    });
    const seen: string[] = [];
    let tag = 'one';
    const { rerender, unmount } = renderHook(
      () => useCardEvent('agents.turn', (turn) => seen.push(`${tag}:${turn.phase}`)),
      { wrapper: providerFor(card, { strict: true }) },
    );
    await waitFor(() => expect(host.subscriptions.has('agents.turn')).toBe(true));
    await settle();
    expect(methodsCalled(host, 'events.subscribe')).toHaveLength(1);
    act(() => host.setAgentStatus('a', 'working'));
    await waitFor(() => expect(seen).toEqual(['one:start']));
    tag = 'two';
    rerender();
    act(() => host.setAgentStatus('a', 'finished'));
    await waitFor(() => expect(seen).toEqual(['one:start', 'two:end']));
    unmount();
    await settle();
    expect(host.subscriptions.has('agents.turn')).toBe(false);
  });
});
