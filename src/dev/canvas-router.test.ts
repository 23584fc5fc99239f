// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { CardManifest } from '../contract/types.js';
import { createMockHost, type MockHost } from '../testing/index.js';
import { README_MANIFEST, settle } from '../testing/fixtures.js';
import { initialBuiltinState } from './canvas-builtins.js';
import { createCanvasRouter, type CanvasRouter, type CanvasWarning, type TrafficEntry } from './canvas-router.js';

const RADAR: CardManifest = {
  manifestVersion: 1,
  name: 'radar',
  displayName: 'Radar',
  version: '1.0.0',
  protocol: 1,
  permissions: [{ id: 'cards.connected', optional: true }],
  ports: {
    inputs: [{ id: 'answer', label: 'Answer', type: 'ns:text', mode: 'request', response: { type: 'ns:json' } }],
    outputs: [
      { id: 'failures', label: 'Failures', type: 'ns:table', retain: true },
      { id: 'count', label: 'Count', type: 'ns:number' },
    ],
  },
};

const READER: CardManifest = {
  manifestVersion: 1,
  name: 'reader',
  displayName: 'Reader',
  version: '1.0.0',
  protocol: 1,
  permissions: [{ id: 'cards.connected', optional: true }],
  ports: {
    inputs: [
      { id: 'doc', label: 'Doc', type: 'ns:markdown', default: true },
      { id: 'short', label: 'Short', type: 'ns:text', schema: { type: 'string', maxLength: 3 } },
    ],
    outputs: [{ id: 'said', label: 'Said', type: 'ns:text' }],
  },
};

const TABLE = { columns: ['test', 'ms'], rows: [['pays', 12]] };

let router: CanvasRouter | undefined;
afterEach(() => router?.close());

async function canvas(grant: string[] = [], readerGrant: string[] = []) {
  const traffic: TrafficEntry[] = [];
  const warnings: CanvasWarning[] = [];
  router = createCanvasRouter({ onTraffic: (entry) => traffic.push(entry), onWarning: (w) => warnings.push(w) });
  const radarHost: MockHost = createMockHost({ manifest: RADAR, grant });
  const readerHost: MockHost = createMockHost({ manifest: READER, grant: readerGrant });
  const radar = await radarHost.connect();
  const reader = await readerHost.connect();
  router.add({ id: 'radar', host: radarHost });
  router.add({ id: 'reader', host: readerHost });
  return { router, radar, reader, radarHost, readerHost, traffic, warnings };
}

describe('createCanvasRouter', () => {
  it('carries an emit along an arrow, converted to the input the receiver picks, and only that way', async () => {
    const { router, radar, reader, traffic } = await canvas();
    router.setArrows([{ from: 'radar', to: 'reader' }]);
    await settle();
    expect(radar.ports.peers).toMatchObject([{ cardId: 'reader', direction: 'downstream', kind: 'custom' }]);
    expect(reader.ports.peers).toMatchObject([{ cardId: 'radar', direction: 'upstream' }]);
    const got: unknown[] = [];
    reader.ports.onMessage((data, message) => got.push({ data, type: message.type, sourceType: message.sourceType }));
    expect(await radar.ports.emit('failures', TABLE)).toBe(1);
    await settle();
    expect(got).toEqual([
      { data: '| test | ms |\n| --- | --- |\n| pays | 12 |', type: 'ns:markdown', sourceType: 'ns:table' },
    ]);
    expect(traffic.find((entry) => entry.kind === 'message')).toMatchObject({
      from: 'radar',
      to: 'reader',
      output: 'failures',
      input: 'doc',
      conversion: 'table-markdown',
      bytes: JSON.stringify('| test | ms |\n| --- | --- |\n| pays | 12 |').length,
    });
    // Upstream: the reader's output does not go back against the arrow.
    expect(await reader.ports.emit('said', 'hi')).toBe(0);
  });

  it('gives a card connected later the retained value once, and answers ports.read', async () => {
    const { router, radar, reader, traffic } = await canvas();
    await radar.ports.emit('failures', TABLE);
    const got: unknown[] = [];
    reader.ports.onMessage((data) => got.push(data));
    router.setArrows([{ from: 'radar', to: 'reader' }]);
    await settle();
    expect(got).toHaveLength(1);
    expect(await reader.ports.read('radar', 'failures')).toMatchObject({ data: TABLE });
    await settle();
    expect(traffic.map((entry) => entry.kind)).toEqual(['message', 'read']);
  });

  it('passes a request to the other card and brings its answer back, timed', async () => {
    const { router, radar, reader, traffic } = await canvas();
    router.setArrows([{ from: 'radar', to: 'reader' }]);
    radar.ports.onRequest('answer', (question) => ({ echoed: question }));
    await settle();
    await expect(reader.ports.request('radar', 'answer', 'why?')).resolves.toEqual({ echoed: 'why?' });
    expect(traffic.at(-1)).toMatchObject({ kind: 'request', from: 'reader', to: 'radar', result: { echoed: 'why?' } });
    expect(traffic.at(-1)?.ms).toBeGreaterThanOrEqual(0);
  });

  it('skips a note for a card without cards.connected, with a warning naming the permission', async () => {
    const { router, radar, traffic, warnings } = await canvas();
    const note = { id: 'note-1', builtin: 'note' as const, state: initialBuiltinState('note') };
    router.add(note);
    router.setArrows([{ from: 'radar', to: 'note-1' }]);
    expect(await radar.ports.emit('failures', TABLE)).toBe(0);
    await settle();
    // The SDK warns in the card about a skipped peer; the router keeps it in the timeline.
    expect(warnings).toEqual([]);
    expect(traffic.at(-1)).toMatchObject({
      kind: 'skipped',
      to: 'note-1',
      reason: expect.stringContaining('cards.connected'),
    });
    await expect(radar.ports.send('note-1', 'failures', TABLE)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await settle();
    expect(traffic.at(-1)).toMatchObject({ kind: 'refused', to: 'note-1' });
    expect(warnings).toEqual([
      {
        card: 'radar',
        message: expect.stringContaining('was refused by note-1: sending to note-1 needs the "cards.connected"'),
      },
    ]);
    expect(note.state.text).toBe('');
  });

  it('feeds a note with the permission, and the note emits its text to the cards downstream of it', async () => {
    const { router, radar, reader } = await canvas(['cards.connected'], ['cards.connected']);
    const note = { id: 'note-1', builtin: 'note' as const, state: initialBuiltinState('note') };
    router.add(note);
    router.setArrows([
      { from: 'radar', to: 'note-1' },
      { from: 'note-1', to: 'reader' },
    ]);
    const got: unknown[] = [];
    reader.ports.onMessage((data, message) => got.push([data, message.fromKind]));
    expect(await radar.ports.emit('count', 7)).toBe(1);
    expect(await radar.ports.emit('count', 8)).toBe(1);
    await settle();
    expect(note.state.text).toBe('7\n\n8');
    expect(got).toEqual([
      ['7', 'note'],
      ['7\n\n8', 'note'],
    ]);
  });

  it('warns when a value is dropped by the receiving input schema', async () => {
    const { router, radar, warnings, traffic } = await canvas();
    const sticky = { id: 'sticky-1', builtin: 'sticky' as const, state: initialBuiltinState('sticky') };
    router.add(sticky);
    router.setArrows([{ from: 'sticky-1', to: 'reader' }]);
    router.emitFromBuiltin('sticky-1', 'title', 'hello');
    await settle();
    // The sticky's output needs cards.connected on the receiving card, which the reader lacks.
    expect(warnings.at(-1)?.message).toContain('"cards.connected"');
    expect(traffic.at(-1)).toMatchObject({ kind: 'skipped', from: 'sticky-1', to: 'reader' });
    void radar;
  });

  it('refuses a 21st value in one second on an output with RATE_LIMITED when limits are enforced', async () => {
    router = createCanvasRouter();
    const host = createMockHost({ manifest: RADAR, enforceRateLimits: true });
    const card = await host.connect();
    router.add({ id: 'radar', host });
    const sends = Array.from({ length: 21 }, (_, index) => card.ports.emit('count', index));
    const results = await Promise.allSettled(sends);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
  });
});

describe('the timeline of a card’s calls and tool calls', () => {
  it('lists each call with its params, result or error code and time, each tool call with its outcome, and findings', async () => {
    const traffic: TrafficEntry[] = [];
    router = createCanvasRouter({ onTraffic: (entry) => traffic.push(entry) });
    const canvasRouter = router;
    const host = createMockHost({
      manifest: README_MANIFEST,
      grant: [],
      onAnswer: (answer) => canvasRouter.recordAnswer('radar', answer),
    });
    const card = await host.connect();
    router.add({ id: 'radar', host });
    await card.storage.set('count', 3);
    await card.agents.list().catch(() => undefined);
    let calls = 0;
    card.tools.handle<{ filter?: string }>('run_tests', async ({ filter }) => {
      calls += 1;
      if (filter === 'boom') throw new Error('no tests found');
      if (filter === 'slow') await new Promise(() => undefined);
      return { failing: 0, filter };
    });
    const answered = await host.callTool('run_tests', { filter: 'pay' }, { agent: { id: 'a1', name: 'Codex' } });
    expect(answered).toEqual({
      content: [{ type: 'text', text: JSON.stringify({ failing: 0, filter: 'pay' }, null, 2) }],
    });
    await expect(host.callTool('run_tests', { filter: 'boom' })).rejects.toMatchObject({ code: 'INTERNAL' });
    const slow = host.callTool('run_tests', { filter: 'slow' });
    await settle();
    host.cancelTool(slow.callId);
    await slow.catch(() => undefined);
    await settle();
    router.recordFinding('radar', { kind: 'sandbox', message: 'Refused to connect to https://x.test' });
    expect(calls).toBe(3);

    const callsSeen = traffic.filter((entry) => entry.kind === 'call');
    expect(callsSeen.find((entry) => entry.method === 'storage.set')).toMatchObject({
      from: 'radar',
      to: 'host',
      params: { scope: 'instance', key: 'count', value: 3 },
      ms: expect.any(Number),
    });
    expect(callsSeen.find((entry) => entry.method === 'agents.list')).toMatchObject({
      error: { code: 'PERMISSION_DENIED' },
    });
    const tools = traffic.filter((entry) => entry.kind === 'tool');
    // Who called, the arguments (the filter), and the outcome.
    expect(
      tools.map(({ from, to, method, params, result, error }) => [from, to, method, params, result, error]),
    ).toEqual([
      ['Codex', 'radar', 'run_tests', { filter: 'pay' }, answered, undefined],
      [
        'Claude Code',
        'radar',
        'run_tests',
        { filter: 'boom' },
        undefined,
        { code: 'INTERNAL', message: 'no tests found' },
      ],
      [
        'Claude Code',
        'radar',
        'run_tests',
        { filter: 'slow' },
        undefined,
        { code: 'USER_CANCELLED', message: 'the host cancelled the call' },
      ],
    ]);
    expect(traffic.at(-1)).toMatchObject({
      kind: 'finding',
      from: 'radar',
      reason: 'sandbox: Refused to connect to https://x.test',
    });
  });
});
