import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockHost } from '../../src/testing/index.js';
import { createMcpChannel, createMcpLink } from './mcp-link.js';
import { FakeEventSource } from './fake-event-source.test-helper.js';

const manifest = {
  manifestVersion: 1,
  protocol: 1,
  name: 'link-test',
  displayName: 'Link test',
  version: '1.0.0',
  tools: [
    { name: 'count', description: 'Counts.', inputSchema: { type: 'object', properties: { to: { type: 'integer' } } } },
    { name: 'fail', description: 'Fails.', inputSchema: { type: 'object' } },
  ],
};

const posts: { url: string; body: Record<string, unknown> }[] = [];
const bodies = (kind: string) => posts.filter((post) => kind in post.body).map((post) => post.body[kind]);

beforeEach(() => {
  posts.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      posts.push({ url, body: JSON.parse(init?.body as string) as Record<string, unknown> });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function linked() {
  const host = createMockHost({ manifest });
  const card = await host.connect();
  const link = createMcpLink(host, 'tok');
  const stop = link.start();
  const stream = FakeEventSource.last as FakeEventSource;
  stream.send('hello', { link: 'link-1' });
  return { host, card, link, stop, stream };
}

describe('the page end of the MCP endpoint', () => {
  it("reports the card's tools, whether its frame is loaded and what it disabled", async () => {
    const { card, link, stream, stop } = await linked();
    expect(stream.url).toBe('/__dev/mcp/card?token=tok');
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.url).toBe('/__dev/mcp/card?token=tok&link=link-1');
    expect(bodies('state')[0]).toEqual({
      name: 'link-test',
      tools: manifest.tools,
      enabled: {},
      loaded: false,
    });
    link.setLoaded(true);
    await card.tools.setEnabled('fail', false);
    await vi.waitFor(() => expect(bodies('state')).toHaveLength(3));
    expect(bodies('state')[2]).toMatchObject({ enabled: { fail: false }, loaded: true });
    stop();
    expect(stream.closed).toBe(true);
  });

  it("runs a call through the host's callTool: the card's progress, then its result or its error message", async () => {
    const { card, link, stream } = await linked();
    link.setLoaded(true);
    card.tools.handle('count', async ({ to }: { to: number }, call) => {
      call.progress(`counting to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `counted to ${to} for ${call.agent.name}`;
    });
    card.tools.handle('fail', () => {
      throw new Error('no luck');
    });
    stream.send('call', {
      call: 'mcp-1',
      card: 'link-test',
      tool: 'count',
      args: { to: 2 },
      agent: { id: 'mcp-a', name: 'Agent' },
    });
    stream.send('call', { call: 'mcp-2', card: 'link-test', tool: 'fail', args: {} });
    stream.send('call', { call: 'mcp-3', card: 'link-test', tool: 'count', args: { to: 'x' } });
    await vi.waitFor(() => expect(bodies('result')).toHaveLength(1));
    await vi.waitFor(() => expect(bodies('error')).toHaveLength(2));
    expect(bodies('progress')).toEqual([{ call: 'mcp-1', message: 'counting to 2' }]);
    // The progress was posted before the result.
    const order = posts.map((post) => Object.keys(post.body)[0]);
    expect(order.indexOf('progress')).toBeLessThan(order.indexOf('result'));
    expect(bodies('result')).toEqual([
      { call: 'mcp-1', result: { content: [{ type: 'text', text: 'counted to 2 for Agent' }] } },
    ]);
    expect(bodies('error')).toContainEqual({ call: 'mcp-2', message: 'no luck' });
    expect(bodies('error')).toContainEqual({
      call: 'mcp-3',
      message: expect.stringMatching(/^mock host: invalid tool args — \/to: /) as string,
    });
  });

  it('cancels a call the client cancels, and ends running calls when the frame goes away', async () => {
    const { host, card, link, stream } = await linked();
    link.setLoaded(true);
    card.tools.handle(
      'count',
      (_args, call) => new Promise((resolve) => call.signal.addEventListener('abort', resolve)),
    );
    stream.send('call', { call: 'mcp-1', card: 'link-test', tool: 'count', args: { to: 1 } });
    stream.send('cancel', { call: 'mcp-1' });
    await vi.waitFor(() => expect(host.events.map((event) => event.event)).toContain('tools.cancel'));
    stream.send('call', { call: 'mcp-2', card: 'link-test', tool: 'count', args: { to: 1 } });
    await vi.waitFor(() => expect(host.events.filter((event) => event.event === 'tools.call')).toHaveLength(2));
    link.setLoaded(false);
    await vi.waitFor(() => expect(bodies('error')).toHaveLength(1));
    expect(bodies('error')[0]).toEqual({
      call: 'mcp-2',
      message: 'the card frame reloaded or went away before the card answered',
    });
    // A cancelled call answers nothing more: the server already answered the client.
    expect(bodies('result')).toEqual([]);
  });
});

describe('one MCP channel for every card of a canvas page', () => {
  it('opens one stream, reports each card, runs a call on the card it names, and withdraws a card that leaves', async () => {
    const radar = createMockHost({ manifest: { ...manifest, name: 'radar' } });
    const reader = createMockHost({ manifest: { ...manifest, name: 'reader' } });
    const radarCard = await radar.connect();
    const readerCard = await reader.connect();
    radarCard.tools.handle('count', () => 'radar counted');
    readerCard.tools.handle('count', () => 'reader counted');
    const channel = createMcpChannel('tok');
    const radarLink = channel.join(radar);
    const readerLink = channel.join(reader);
    const stopRadar = radarLink.start();
    readerLink.start();
    const stopChannel = channel.start();
    const streams = FakeEventSource.last as FakeEventSource;
    streams.send('hello', { link: 'link-7' });
    radarLink.setLoaded(true);
    readerLink.setLoaded(true);
    await vi.waitFor(() =>
      expect(bodies('state')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'radar', loaded: true }),
          expect.objectContaining({ name: 'reader', loaded: true }),
        ]),
      ),
    );
    expect(new Set(posts.map((post) => post.url))).toEqual(new Set(['/__dev/mcp/card?token=tok&link=link-7']));

    streams.send('call', { call: 'mcp-1', card: 'reader', tool: 'count', args: {} });
    await vi.waitFor(() => expect(bodies('result')).toHaveLength(1));
    expect(JSON.stringify(bodies('result')[0])).toContain('reader counted');
    expect(radar.events.some((event) => event.event === 'tools.call')).toBe(false);

    // The radar's host goes (its frame's manifest changed): the server hears it has no tools loaded.
    stopRadar();
    await vi.waitFor(() => expect(bodies('state').at(-1)).toMatchObject({ name: 'radar', loaded: false }));
    stopChannel();
    expect(streams.closed).toBe(true);
  });
});
