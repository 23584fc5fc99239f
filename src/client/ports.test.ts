import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectScripted, flush } from './card.test-helper.js';

afterEach(() => {
  vi.useRealTimers();
});

const request = (requestId: string, input: string, data: unknown, deadline = Date.now() + 30_000) => ({
  requestId,
  from: 'peer-1',
  input,
  data,
  deadline,
});

describe('card.ports sending', () => {
  it('maps emit, send, request and read onto their methods', async () => {
    const { host, card } = await connectScripted();
    host
      .on('ports.emit', () => ({ delivered: 2 }))
      .on('ports.send', () => ({ delivered: 1 }))
      .on('ports.request', () => ({ data: { hits: ['a'] } }))
      .on('ports.read', () => ({ data: [1], at: 5 }));
    await expect(card.ports.emit('failures', [{ text: 'x' }])).resolves.toBe(2);
    await expect(card.ports.send('note-1', 'summary', '# Done', { input: 'replace' })).resolves.toBe(1);
    await card.ports.send('note-1', 'summary', 'plain');
    const answer = await card.ports.request<{ hits: string[] }>('peer-1', 'lookup', 'flaky', { timeoutMs: 10_000 });
    expect(answer.hits).toEqual(['a']);
    await expect(card.ports.read<number[]>('todo-1', 'items')).resolves.toEqual({ data: [1], at: 5 });
    expect(host.params('ports.emit')).toEqual([{ port: 'failures', data: [{ text: 'x' }] }]);
    expect(host.params('ports.send')).toEqual([
      { to: 'note-1', port: 'summary', input: 'replace', data: '# Done' },
      { to: 'note-1', port: 'summary', data: 'plain' },
    ]);
    expect(host.params('ports.request')).toEqual([{ to: 'peer-1', input: 'lookup', data: 'flaky', timeoutMs: 10_000 }]);
    expect(host.params('ports.read')).toEqual([{ from: 'todo-1', port: 'items' }]);
    card.close();
  });

  it('refreshPeers replaces context.peers', async () => {
    const { host, card } = await connectScripted();
    const peers = [{ cardId: 'n', kind: 'note', name: 'N', direction: 'downstream', inputs: [], outputs: [] }];
    host.on('ports.peers', () => peers);
    await card.ports.refreshPeers();
    expect(card.ports.peers).toEqual(peers);
    expect(card.context.peers).toEqual(peers);
    card.close();
  });
});

describe('card.ports receiving', () => {
  it('onMessage filters by input and replays messages that arrived before', async () => {
    const { host, card } = await connectScripted();
    host.emit('ports.message', { from: 'p', input: 'notes', data: 'early' });
    await flush();
    const notes: string[] = [];
    card.ports.onMessage<string>((text, message) => notes.push(`${message.input}:${text}`), { input: 'notes' });
    host.emit('ports.message', { from: 'p', input: 'other', data: 'skip' });
    host.emit('ports.message', { from: 'p', input: 'notes', data: 'late' });
    await flush();
    expect(notes).toEqual(['notes:early', 'notes:late']);
    card.close();
  });

  it('hands each onMessage listener the early messages for its input and keeps the rest for later listeners', async () => {
    const { host, card } = await connectScripted();
    for (let i = 0; i < 50; i += 1) {
      host.emit('ports.message', { from: 'p', input: 'a', data: `a${i}` });
      host.emit('ports.message', { from: 'p', input: 'b', data: `b${i}` });
    }
    await flush();
    const a: string[] = [];
    const b: string[] = [];
    const all: string[] = [];
    card.ports.onMessage<string>((text) => a.push(text), { input: 'a' });
    await flush();
    expect(a).toEqual(Array.from({ length: 50 }, (_, i) => `a${i}`));
    // A message only the missing listener would take is kept too, after the early ones.
    host.emit('ports.message', { from: 'p', input: 'b', data: 'b-late' });
    await flush();
    card.ports.onMessage<string>((text) => b.push(text), { input: 'b' });
    card.ports.onMessage<string>((text) => all.push(text));
    await flush();
    expect(b).toEqual([...Array.from({ length: 50 }, (_, i) => `b${i}`), 'b-late']);
    expect(all).toEqual([]);
    card.close();
  });

  it('keeps at most 100 early messages nobody takes, the newest', async () => {
    const { host, card } = await connectScripted();
    for (let i = 0; i < 130; i += 1) host.emit('ports.message', { from: 'p', input: 'b', data: i });
    await flush();
    card.ports.onMessage<number>(() => undefined, { input: 'a' });
    const b: number[] = [];
    card.ports.onMessage<number>((value) => b.push(value), { input: 'b' });
    await flush();
    expect(b).toEqual(Array.from({ length: 100 }, (_, i) => i + 30));
    card.close();
  });

  it('onRequest answers with the handler value, and with an error when it throws', async () => {
    const { host, card } = await connectScripted();
    const contexts: unknown[] = [];
    card.ports.onRequest<string>('lookup', async (query, ctx) => {
      contexts.push({ requestId: ctx.requestId, from: ctx.from, input: ctx.input, aborted: ctx.signal.aborted });
      if (query === 'bad') throw new Error('no such thing');
      return query === 'none' ? undefined : { query };
    });
    host.emit('ports.request', request('req-1', 'lookup', 'flaky'));
    host.emit('ports.request', request('req-2', 'lookup', 'bad'));
    host.emit('ports.request', request('req-3', 'lookup', 'none'));
    await flush();
    expect(host.params('ports.respond')).toEqual([
      { requestId: 'req-1', data: { query: 'flaky' } },
      { requestId: 'req-2', error: 'no such thing' },
      { requestId: 'req-3', data: null },
    ]);
    expect(contexts[0]).toEqual({ requestId: 'req-1', from: 'peer-1', input: 'lookup', aborted: false });
    expect(() => card.ports.onRequest('lookup', () => 1)).toThrow(
      'a request handler for input "lookup" is already registered',
    );
    card.close();
  });

  it('runs waiting requests on registration', async () => {
    const { host, card } = await connectScripted();
    host.emit('ports.request', request('req-1', 'lookup', 2));
    await flush();
    expect(host.requests('ports.respond')).toEqual([]);
    card.ports.onRequest<number>('lookup', (n) => n * 2);
    await flush();
    expect(host.params('ports.respond')).toEqual([{ requestId: 'req-1', data: 4 }]);
    card.close();
  });

  it('answers "no handler" 50 ms before the deadline when nobody registers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { host, card } = await connectScripted();
    host.emit('ports.request', request('req-1', 'lookup', 'q', Date.now() + 1000));
    await flush();
    vi.advanceTimersByTime(949);
    await flush();
    expect(host.requests('ports.respond')).toEqual([]);
    vi.advanceTimersByTime(1);
    await flush();
    expect(host.params('ports.respond')).toEqual([{ requestId: 'req-1', error: 'no handler for input "lookup"' }]);
    card.close();
  });

  it('does not route a request whose input is no name: no timer throws when its deadline comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { host, card } = await connectScripted();
    host.emit('ports.request', { ...request('req-1', 'x', 'q', Date.now() + 1000), input: { toString: 1 } });
    await flush();
    expect(() => vi.advanceTimersByTime(2000)).not.toThrow();
    await flush();
    expect(host.requests('ports.respond')).toEqual([]);
    card.close();
  });

  it('aborts the handler at the deadline with TIMEOUT and sends nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { host, card } = await connectScripted();
    let reason: unknown;
    card.ports.onRequest(
      'slow',
      (_data, ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener('abort', () => {
            reason = ctx.signal.reason;
            resolve('late');
          });
        }),
    );
    host.emit('ports.request', request('req-1', 'slow', null, Date.now() + 500));
    await flush();
    vi.advanceTimersByTime(500);
    await flush();
    expect(reason).toMatchObject({ code: 'TIMEOUT', hostMessage: 'the request passed its deadline' });
    expect(host.requests('ports.respond')).toEqual([]);
    card.close();
  });

  it('falls back to an "invalid reply" error when the reply cannot be sent', async () => {
    const { host, card } = await connectScripted();
    card.ports.onRequest('odd', () => ({ when: new Date(0) }));
    host.emit('ports.request', request('req-1', 'odd', null));
    await flush();
    const replies = host.params('ports.respond');
    expect(replies).toHaveLength(1);
    expect(replies[0].error).toMatch(/^invalid reply: /);
    card.close();
  });

  it('onPeersChanged passes the new peers', async () => {
    const { host, card } = await connectScripted();
    const seen: unknown[] = [];
    card.ports.onPeersChanged((peers) => seen.push(peers.length));
    host.emit('ports.peersChanged', []);
    await flush();
    expect(seen).toEqual([0]);
    card.close();
  });
});
