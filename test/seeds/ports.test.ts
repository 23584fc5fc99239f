// @vitest-environment node
// Every example of the "Ports: cards talking to cards" documentation, run unchanged against the mock host.
import { describe, expect, it, vi } from 'vitest';
import {
  BUILTIN_CARD_PORTS,
  coercePortValue,
  hasDownstreamPeer,
  isCardSdkError,
  NS_PORT_TYPES,
  permissionForPeer,
  pickInputFor,
  portCoercion,
  portsCompatible,
  requestPermissions,
  type Card,
  type CardManifest,
  type CardSdkError,
  type PeerInfo,
  type PortMessage,
  type PortTypeId,
} from '../../src/index.js';
import { createMockHost, type MockHostOptions } from '../../src/testing/index.js';
import { agentPeer, customPeer, manifestWith, notePeer, port, rejectionOf, settle, todoPeer } from './seed-fixtures.js';

/** A card with the ports the examples use. */
const PORTS_MANIFEST: CardManifest = manifestWith({
  permissions: ['cards.connected'],
  ports: {
    inputs: [
      { id: 'notes', label: 'Notes', type: 'ns:text' },
      { id: 'lookup', label: 'Look up', type: 'ns:text', mode: 'request', response: { type: 'ns:json' } },
      { id: 'tasks', label: 'Tasks', type: 'ns:tasks' },
      { id: 'brief', label: 'Brief', type: 'ns:markdown' },
      { id: 'go', label: 'Go', type: 'ns:trigger' },
      { id: 'anything', label: 'Anything', type: 'ns:any' },
    ],
    outputs: [
      { id: 'failures', label: 'Failures', type: 'ns:tasks', retain: true },
      { id: 'summary', label: 'Summary', type: 'ns:markdown' },
      {
        id: 'coverage',
        label: 'Coverage',
        type: 'seed-card/coverage',
        schema: {
          type: 'object',
          required: ['percent'],
          properties: { percent: { type: 'number', minimum: 0, maximum: 100 } },
        },
      },
    ],
  },
});

async function setup(options: MockHostOptions = {}) {
  const host = createMockHost({ manifest: PORTS_MANIFEST, ...options });
  const card = await host.connect();
  return { host, card };
}

function recorder() {
  const rendered: unknown[][] = [];
  return { rendered, render: (...args: unknown[]): void => void rendered.push(args) };
}

describe('Direction', () => {
  it('lists every connected card with its direction', async () => {
    const peers = [notePeer('note-1', 'downstream'), todoPeer('todo-1', 'upstream'), customPeer('radar-2', 'both')];
    const { card } = await setup({ peers });
    expect(card.ports.peers.map((p) => [p.cardId, p.direction])).toEqual([
      ['note-1', 'downstream'],
      ['todo-1', 'upstream'],
      ['radar-2', 'both'],
    ]);
  });
});

describe('Sending: emit', () => {
  async function emitFailures(card: Card): Promise<number> {
    const delivered = await card.ports.emit('failures', [
      { text: 'checkout › pays with a saved card', status: 'error' },
      { text: 'auth › logs in with SSO', status: 'error' },
    ]);
    if (delivered === 0) card.ui.toast('Connect me to a todo list to track these');
    return delivered;
  }

  it('delivers to every downstream peer with a compatible input, converting per peer', async () => {
    const { host, card } = await setup({
      peers: [
        todoPeer('todo-1'),
        notePeer('note-1'),
        notePeer('note-up', 'upstream'),
        customPeer('other', 'downstream'),
      ],
    });
    await expect(emitFailures(card)).resolves.toBe(2);
    await settle();
    expect(host.deliveries).toEqual([
      {
        to: 'todo-1',
        output: 'failures',
        input: 'add',
        data: [
          { text: 'checkout › pays with a saved card', status: 'error' },
          { text: 'auth › logs in with SSO', status: 'error' },
        ],
      },
      {
        to: 'note-1',
        output: 'failures',
        input: 'append',
        data: '- [ ] checkout › pays with a saved card\n- [ ] auth › logs in with SSO',
      },
    ]);
    expect(host.toasts).toEqual([]);
  });

  it('toasts when nobody takes the failures', async () => {
    const { host, card } = await setup();
    await expect(emitFailures(card)).resolves.toBe(0);
    await settle();
    expect(host.toasts).toEqual([{ message: 'Connect me to a todo list to track these' }]);
  });

  it('picks the default input, else one of the same type, else the first compatible; never a request input', async () => {
    const peers = [
      customPeer('with-default', 'downstream', {
        inputs: [port('plain', 'ns:markdown'), port('main', 'ns:text', { default: true })],
      }),
      customPeer('same-type', 'downstream', { inputs: [port('text', 'ns:text'), port('md', 'ns:markdown')] }),
      customPeer('first', 'downstream', { inputs: [port('a', 'ns:any'), port('b', 'ns:text')] }),
      customPeer('ask-only', 'downstream', { inputs: [port('ask', 'ns:markdown', { mode: 'request' })] }),
    ];
    const { host, card } = await setup({ peers });
    await expect(card.ports.emit('summary', '# Done')).resolves.toBe(3);
    expect(host.deliveries.map((d) => [d.to, d.input])).toEqual([
      ['with-default', 'main'],
      ['same-type', 'md'],
      ['first', 'a'],
    ]);
  });

  it('aims at one peer and one input with send', async () => {
    const noteId = 'note-1';
    const { host, card } = await setup({ peers: [notePeer(noteId), notePeer('note-2')] });
    await expect(
      card.ports.send(noteId, 'summary', '## Nightly run\n\nAll green.', { input: 'replace' }),
    ).resolves.toBe(1);
    expect(host.deliveries).toEqual([
      { to: 'note-1', output: 'summary', input: 'replace', data: '## Nightly run\n\nAll green.' },
    ]);
  });

  it('refuses sends against the arrow, to strangers, to missing inputs and without the input permission', async () => {
    const { card } = await setup({ peers: [notePeer('note-up', 'upstream'), notePeer('note-1')] });
    const against = await rejectionOf(card.ports.send('note-up', 'summary', 'x'));
    expect(isCardSdkError(against, 'NOT_CONNECTED')).toBe(true);
    expect((against as CardSdkError).hostMessage).toBe(
      'the arrow goes from Note note-up to this card, not the other way',
    );
    await expect(card.ports.send('nobody', 'summary', 'x')).rejects.toMatchObject({
      code: 'NOT_CONNECTED',
      hostMessage: 'card nobody is not connected to this card by an arrow',
    });
    await expect(card.ports.send('note-1', 'summary', 'x', { input: 'title' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(card.ports.emit('nothing', 'x')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'no output port "nothing" in the manifest',
    });

    const { host: bare, card: ungranted } = await setup({ peers: [notePeer('note-1')], grant: [] });
    const denied = await rejectionOf(ungranted.ports.send('note-1', 'summary', 'x'));
    expect(isCardSdkError(denied, 'PERMISSION_DENIED')).toBe(true);
    expect((denied as CardSdkError).permission).toBe('cards.connected');
    await expect(ungranted.ports.emit('summary', 'x')).resolves.toBe(0);
    expect(bare.deliveries).toEqual([]);
  });
});

describe('Receiving', () => {
  it('hands the data and the message to the listener of one input', async () => {
    const { host, card } = await setup({ peers: [notePeer('note-up', 'upstream')] });
    const { rendered, render } = recorder();
    const messages: PortMessage<string>[] = [];

    card.ports.onMessage<string>(
      (text, message) => {
        messages.push(message);
        render(`${message.fromKind} card ${message.from} sent ${message.type} on ${message.output}`, text);
      },
      { input: 'notes' },
    );

    host.sendPortMessage('notes', '# Plan\n\nShip it', { cardId: 'note-up' });
    host.sendPortMessage('brief', 'not for this listener', { cardId: 'note-up' });
    await settle();

    expect(rendered).toEqual([['note card note-up sent ns:text on text', '# Plan\n\nShip it']]);
    expect(messages).toEqual([
      {
        from: 'note-up',
        fromKind: 'note',
        output: 'text',
        input: 'notes',
        type: 'ns:text',
        sourceType: 'ns:markdown',
        data: '# Plan\n\nShip it',
        at: expect.any(Number),
      },
    ]);
  });

  it('receives on all inputs without `input`, with your own interfaces as the generic', async () => {
    interface Task {
      text: string;
      status?: 'pending' | 'active' | 'done' | 'error';
    }
    const { host, card } = await setup({ peers: [todoPeer('todo-up', 'upstream')] });
    const seen: string[] = [];
    const open: Task[] = [];
    card.ports.onMessage<Task[]>((tasks, message) => {
      seen.push(message.input);
      if (message.input === 'tasks') open.push(...tasks.filter((task) => task.status !== 'done'));
    });
    host.sendPortMessage(
      'tasks',
      [
        { text: 'ship', status: 'done' },
        { text: 'test', status: 'pending' },
      ],
      { cardId: 'todo-up' },
    );
    host.sendPortMessage('go', null, { cardId: 'todo-up', type: 'ns:trigger' });
    await settle();
    expect(seen).toEqual(['tasks', 'go']);
    expect(open).toEqual([{ text: 'test', status: 'pending' }]);
  });

  it('sends from "peer-1" when the test names no sender and no peer is upstream', async () => {
    const { host, card } = await setup();
    const messages: PortMessage[] = [];
    card.ports.onMessage((_, message) => messages.push(message));
    host.sendPortMessage('notes', 'hello');
    await settle();
    expect(messages).toEqual([
      {
        from: 'peer-1',
        fromKind: 'custom',
        output: 'out',
        input: 'notes',
        type: 'ns:text',
        sourceType: 'ns:text',
        data: 'hello',
        at: expect.any(Number),
      },
    ]);
  });

  it('keeps up to 100 messages that arrive before the first listener', async () => {
    const { host, card } = await setup({ peers: [notePeer('note-up', 'upstream')] });
    for (let i = 1; i <= 105; i += 1) host.sendPortMessage('notes', `message ${i}`, { cardId: 'note-up' });
    await settle();
    const texts: string[] = [];
    card.ports.onMessage<string>((text) => texts.push(text), { input: 'notes' });
    await settle();
    expect(texts).toHaveLength(100);
    expect(texts.at(-1)).toBe('message 105');
  });

  it('checks that the sender is upstream and the value fits the input', async () => {
    const { host } = await setup({ peers: [notePeer('note-down', 'downstream')] });
    expect(() => host.sendPortMessage('notes', 'x', { cardId: 'note-down' })).toThrow(
      'mock host: the arrow goes from this card to Note note-down; it cannot send here',
    );
    expect(() => host.sendPortMessage('nope', 'x')).toThrow('mock host: the card has no input "nope"');
    expect(() => host.sendPortMessage('notes', 42, { type: 'ns:text' })).toThrow(
      /^mock host: the value does not fit input "notes" — /,
    );
  });
});

describe('Conversion between types', () => {
  async function received(input: string, sourceType: string, data: unknown): Promise<unknown> {
    const { host, card } = await setup();
    const got: unknown[] = [];
    card.ports.onMessage((value) => got.push(value), { input });
    host.sendPortMessage(input, data, { type: sourceType });
    await settle();
    return got[0];
  }

  it('converts into ns:text', async () => {
    expect(await received('notes', 'ns:markdown', '**bold**')).toBe('**bold**');
    expect(await received('notes', 'ns:url', 'https://example.com/')).toBe('https://example.com/');
    expect(await received('notes', 'ns:number', 42)).toBe('42');
    expect(await received('notes', 'ns:boolean', true)).toBe('true');
    expect(await received('notes', 'ns:json', { a: 1 })).toBe('{\n  "a": 1\n}');
  });

  it('converts into ns:markdown', async () => {
    expect(await received('brief', 'ns:text', 'plain')).toBe('plain');
    expect(await received('brief', 'ns:number', 7)).toBe('7');
    expect(await received('brief', 'ns:json', [1, 2])).toBe('```json\n[\n  1,\n  2\n]\n```');
    expect(
      await received('brief', 'ns:table', {
        columns: ['name', 'ok'],
        rows: [
          ['auth', true],
          ['pay', null],
        ],
      }),
    ).toBe('| name | ok |\n| --- | --- |\n| auth | true |\n| pay |  |');
    expect(
      await received('brief', 'ns:tasks', [
        { text: 'done one', status: 'done' },
        { text: 'open one', status: 'pending' },
      ]),
    ).toBe('- [x] done one\n- [ ] open one');
  });

  it('converts into ns:tasks, ns:trigger and ns:any', async () => {
    expect(await received('tasks', 'ns:task', { text: 'one' })).toEqual([{ text: 'one' }]);
    expect(await received('tasks', 'ns:markdown', '- [ ] first\n\n* [x] second\n3. third\n')).toEqual([
      { text: 'first' },
      { text: 'second' },
      { text: 'third' },
    ]);
    expect(await received('go', 'ns:event', { type: 'click', data: { x: 1 } })).toEqual({});
    expect(await received('go', 'ns:number', 5)).toEqual({});
    expect(await received('anything', 'seed-card/coverage', { percent: 80 })).toEqual({ percent: 80 });
  });

  it('refuses what has no conversion', async () => {
    const { host } = await setup();
    expect(() => host.sendPortMessage('tasks', 3, { type: 'ns:number' })).toThrow(
      /^mock host: ns:number does not convert to ns:tasks: /,
    );
  });

  it('exports the helpers to reason about it yourself', () => {
    expect(portsCompatible('ns:markdown', 'ns:text')).toBe(true);
    expect(portsCompatible('ns:text', 'ns:number')).toBe(false);
    expect(portsCompatible('test-radar/coverage', 'test-radar/coverage')).toBe(true);
    expect(portsCompatible('test-radar/coverage', 'ns:any')).toBe(true);
    expect(portsCompatible('test-radar/coverage', 'ns:json')).toBe(false);
    expect(portCoercion('ns:number', 'ns:text')).not.toBeNull();
    expect(portCoercion('ns:text', 'ns:number')).toBeNull();
    expect(coercePortValue<string>([{ text: 'a', status: 'done' }], 'ns:tasks', 'ns:markdown')).toBe('- [x] a');
    expect(coercePortValue('fix it', 'ns:text', 'ns:trigger')).toEqual({});
    const inputs = [port('append', 'ns:markdown', { default: true }), port('replace', 'ns:markdown')];
    expect(pickInputFor('ns:tasks', inputs)?.id).toBe('append');
    expect(pickInputFor('ns:image', inputs)).toBeNull();
  });
});

describe('Requests: ask and answer', () => {
  const search = async (q: string, signal: AbortSignal): Promise<string[]> => {
    expect(signal).toBeInstanceOf(AbortSignal);
    return [`${q} #1`, `${q} #2`];
  };

  it('answers a request input', async () => {
    const { host, card } = await setup();
    // The answering card:
    card.ports.onRequest<string>('lookup', async (query, request) => {
      const hits = await search(query, request.signal); // request.signal aborts at the deadline
      return { query, hits }; // checked against response.type
    });
    await expect(host.requestPort('lookup', 'flaky tests')).resolves.toEqual({
      query: 'flaky tests',
      hits: ['flaky tests #1', 'flaky tests #2'],
    });
  });

  it('asks a connected card and types the answer', async () => {
    const peerId = 'searcher';
    const asked: unknown[] = [];
    const peer = customPeer(peerId, 'upstream', {
      inputs: [port('lookup', 'ns:text', { mode: 'request', response: { type: 'ns:json' } })],
      respond: (input, data) => {
        asked.push([input, data]);
        return { query: data, hits: ['checkout.spec.ts', 'auth.spec.ts'] };
      },
    });
    const { host, card } = await setup({ peers: [peer] });
    const { rendered, render } = recorder();

    // The asking card (connected to it by an arrow, either direction):
    const answer = await card.ports.request<{ hits: string[] }>(peerId, 'lookup', 'flaky tests', {
      timeoutMs: 10_000,
    });
    render(answer.hits);

    expect(rendered).toEqual([[['checkout.spec.ts', 'auth.spec.ts']]]);
    expect(asked).toEqual([['lookup', 'flaky tests']]);
    expect(host.calls.find((c) => c.method === 'ports.request')?.params).toEqual({
      to: 'searcher',
      input: 'lookup',
      data: 'flaky tests',
      timeoutMs: 10_000,
    });
  });

  it('sends an error back when the handler throws', async () => {
    const { host, card } = await setup();
    card.ports.onRequest<string>('lookup', () => {
      throw new Error('index not built yet');
    });
    const error = await rejectionOf(host.requestPort('lookup', 'q'));
    expect(isCardSdkError(error, 'INTERNAL')).toBe(true);
    expect((error as Error).message).toContain('index not built yet');
  });

  it('lets requests that arrive before the handler wait for it', async () => {
    const { host, card } = await setup();
    const answer = host.requestPort('lookup', 'early');
    await settle();
    card.ports.onRequest<string>('lookup', (query) => ({ query, hits: [] }));
    await expect(answer).resolves.toEqual({ query: 'early', hits: [] });
  });

  it('answers "no handler" shortly before the deadline when nobody registers', async () => {
    // The clock is faked so the answer's timing is exact however busy the machine is; port traffic still flows.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { host } = await setup();
      let outcome: unknown = 'pending';
      host.requestPort('lookup', 'q', { timeoutMs: 300 }).then(
        (value: unknown) => (outcome = value),
        (error: unknown) => (outcome = error),
      );
      await settle();
      vi.advanceTimersByTime(249);
      await settle();
      expect(outcome).toBe('pending');
      vi.advanceTimersByTime(1);
      await settle();
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).message).toContain('no handler for input "lookup"');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses asking a stream input, a stranger, a card that cannot answer, and a timeout over 120 s', async () => {
    const peer = customPeer('p', 'downstream', {
      inputs: [port('lookup', 'ns:text', { mode: 'request' }), port('feed', 'ns:text')],
    });
    const { card } = await setup({ peers: [peer] });
    await expect(card.ports.request('p', 'feed', 'q')).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'feed is not a request input',
    });
    await expect(card.ports.request('nobody', 'lookup', 'q')).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    await expect(card.ports.request('p', 'lookup', 'q')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const tooLong = await rejectionOf(card.ports.request('p', 'lookup', 'q', { timeoutMs: 120_001 }));
    expect(tooLong).toMatchObject({ code: 'INVALID_PARAMS', method: 'ports.request' });
    expect((tooLong as CardSdkError).hostMessage).toMatch(/^invalid params at \/timeoutMs: /);
  });
});

describe('Retained values', () => {
  it('reads a peer’s retained value, or null', async () => {
    const todoId = 'todo-1';
    const items = [{ text: 'write docs' }, { text: 'ship', status: 'done' }];
    const { card } = await setup({
      peers: [todoPeer(todoId, 'upstream', { retained: { items } }), todoPeer('todo-2')],
    });
    const { rendered, render } = recorder();

    const last = await card.ports.read<{ text: string }[]>(todoId, 'items');
    if (last) render(`${last.data.length} items, as of ${new Date(last.at).toLocaleTimeString()}`);

    expect(last).toEqual({ data: items, at: expect.any(Number) });
    expect(rendered).toEqual([[expect.stringMatching(/^2 items, as of /)]]);
    await expect(card.ports.read('todo-2', 'items')).resolves.toBeNull();
    await expect(card.ports.read('nobody', 'items')).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
  });

  it('keeps the last value of a retained output', async () => {
    const { host, card } = await setup();
    await card.ports.emit('failures', [{ text: 'a' }]);
    await card.ports.emit('failures', [{ text: 'b' }]);
    expect(host.retained.get('failures')).toEqual({ data: [{ text: 'b' }], at: expect.any(Number) });
    await card.ports.emit('summary', 'not retained');
    expect(host.retained.has('summary')).toBe(false);
  });
});

describe('Discovering peers', () => {
  function describePeer(peer: PeerInfo): string {
    const ins = peer.inputs.map((p) => `${p.id}:${p.type}`).join(', ') || 'none';
    const outs = peer.outputs.map((p) => `${p.id}:${p.type}`).join(', ') || 'none';
    return `${peer.name} (${peer.kind}, ${peer.direction}) — in: ${ins}; out: ${outs}`;
  }

  it('describes peers, follows changes and finds a task list downstream', async () => {
    const { host, card } = await setup({
      peers: [notePeer('note-1', 'upstream', { retained: { text: 'secret' } }), agentPeer('agent-1')],
    });
    const { rendered, render } = recorder();

    card.ports.peers.forEach((peer) => render(describePeer(peer)));
    card.ports.onPeersChanged((peers) => render(peers.map(describePeer)));

    // Is there a checklist downstream that takes tasks?
    const findTaskSink = () =>
      card.ports.peers.find((p) => p.direction !== 'upstream' && p.inputs.some((i) => i.type === 'ns:tasks'));
    render(findTaskSink()?.name ?? 'no task list connected');

    host.setPeers([todoPeer('todo-1')]);
    await settle();
    render(findTaskSink()?.name ?? 'no task list connected');

    expect(rendered).toEqual([
      ['Note note-1 (note, upstream) — in: append:ns:markdown, replace:ns:markdown; out: text:ns:markdown'],
      ['Claude Code (agent, downstream) — in: prompt:ns:text; out: status:ns:event, reply:ns:markdown'],
      ['no task list connected'],
      [['Todo todo-1 (todo, downstream) — in: add:ns:tasks, update:ns:task-patch; out: items:ns:tasks']],
      ['Todo todo-1'],
    ]);
  });

  it('shows PeerInfo without the mock’s retained values and answer functions', async () => {
    const { card } = await setup({
      peers: [notePeer('note-1', 'upstream', { retained: { text: 'x' }, respond: () => 1 })],
    });
    expect(card.ports.peers[0]).toEqual({
      cardId: 'note-1',
      kind: 'note',
      name: 'Note note-1',
      direction: 'upstream',
      inputs: notePeer('note-1').inputs,
      outputs: notePeer('note-1').outputs,
    });
    await expect(card.ports.refreshPeers()).resolves.toEqual(card.ports.peers);
  });

  it('describes the card’s own ports', async () => {
    const { card } = await setup();
    expect(card.ports.inputs.map((p) => [p.id, p.type, p.mode])).toEqual([
      ['notes', 'ns:text', 'stream'],
      ['lookup', 'ns:text', 'request'],
      ['tasks', 'ns:tasks', 'stream'],
      ['brief', 'ns:markdown', 'stream'],
      ['go', 'ns:trigger', 'stream'],
      ['anything', 'ns:any', 'stream'],
    ]);
    expect(card.ports.outputs.find((p) => p.id === 'failures')).toMatchObject({
      retain: true,
      default: false,
      label: 'Failures',
    });
    await expect(card.ports.describe()).resolves.toEqual({ inputs: card.ports.inputs, outputs: card.ports.outputs });
  });
});

describe('The three helpers before sending', () => {
  const OPTIONAL_MANIFEST = manifestWith({
    permissions: [{ id: 'cards.connected', optional: true }],
    ports: { outputs: [{ id: 'summary', label: 'Summary', type: 'ns:markdown' }] },
  });

  function sendSummaryOf(card: Card) {
    return async function sendSummary(text: string): Promise<void> {
      if (!hasDownstreamPeer(card.ports.peers)) {
        card.ui.toast('Draw an arrow from this card to a note');
        return;
      }
      // Which permission does sending Markdown to each peer need? (cards.connected for a note)
      const needed = card.ports.peers
        .map((peer) => permissionForPeer(peer, { outputType: 'ns:markdown' }))
        .filter((id) => id !== null);
      // Asks only for what is missing; never throws — resolves with what is usable now.
      const usable = await requestPermissions(card, ...needed);
      if (usable.length === needed.length) await card.ports.emit('summary', text);
    };
  }

  it('asks for cards.connected, then sends', async () => {
    const asked: string[][] = [];
    const host = createMockHost({
      manifest: OPTIONAL_MANIFEST,
      peers: [notePeer('note-1')],
      requestPermissions: (ids) => (asked.push(ids), ids),
    });
    const card = await host.connect();
    await sendSummaryOf(card)('# Done');
    await settle();
    expect(asked).toEqual([['cards.connected']]);
    expect(host.deliveries).toEqual([{ to: 'note-1', output: 'summary', input: 'append', data: '# Done' }]);
  });

  it('sends nothing and never throws when the user refuses or the card is off screen', async () => {
    const host = createMockHost({
      manifest: OPTIONAL_MANIFEST,
      peers: [notePeer('note-1')],
      requestPermissions: () => [],
    });
    const card = await host.connect();
    await expect(sendSummaryOf(card)('# Done')).resolves.toBeUndefined();
    host.setVisibility('hidden');
    await settle();
    await expect(sendSummaryOf(card)('# Done')).resolves.toBeUndefined();
    expect(host.deliveries).toEqual([]);
    expect(host.calls.filter((c) => c.method === 'permissions.request')).toHaveLength(2);
  });

  it('hints at drawing an arrow when nothing is downstream', async () => {
    const host = createMockHost({ manifest: OPTIONAL_MANIFEST, peers: [notePeer('note-up', 'upstream')] });
    const card = await host.connect();
    await sendSummaryOf(card)('# Done');
    await settle();
    expect(host.toasts).toEqual([{ message: 'Draw an arrow from this card to a note' }]);
    expect(host.calls.some((c) => c.method === 'permissions.request')).toBe(false);
  });

  it('needs no permission between two custom cards', async () => {
    const peer = customPeer('other', 'downstream', { inputs: [port('in', 'ns:markdown', { default: true })] });
    const host = createMockHost({ manifest: OPTIONAL_MANIFEST, peers: [peer] });
    const card = await host.connect();
    expect(permissionForPeer(card.ports.peers[0], { outputType: 'ns:markdown' })).toBeNull();
    await expect(card.ports.emit('summary', 'hi')).resolves.toBe(1);
  });
});

describe('Built-in cards', () => {
  it('prompts an agent through its prompt port only with agents.prompt', async () => {
    const manifest = manifestWith({
      permissions: [{ id: 'agents.prompt', optional: true }],
      ports: { outputs: [{ id: 'summary', label: 'Summary', type: 'ns:markdown' }] },
    });
    const host = createMockHost({ manifest, peers: [agentPeer('agent-1')] });
    const card = await host.connect();
    expect(permissionForPeer(card.ports.peers[0], { outputType: 'ns:markdown' })).toBe('agents.prompt');
    await expect(card.ports.emit('summary', 'Fix the build')).resolves.toBe(0);
    await expect(card.ports.send('agent-1', 'summary', 'Fix the build')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      data: { permission: 'agents.prompt' },
    });
    await card.permissions.request('agents.prompt');
    await expect(card.ports.emit('summary', 'Fix the build')).resolves.toBe(1);
    expect(host.deliveries).toEqual([{ to: 'agent-1', output: 'summary', input: 'prompt', data: 'Fix the build' }]);
  });

  it('takes a checklist, a task board, a sticky and a terminal command with the permissions the table names', async () => {
    const manifest = manifestWith({
      permissions: ['cards.connected', 'terminals.write'],
      ports: {
        outputs: [
          { id: 'failures', label: 'Failures', type: 'ns:tasks' },
          { id: 'headline', label: 'Headline', type: 'ns:text' },
        ],
      },
    });
    const kanban = customPeer('board', 'downstream', {
      kind: 'kanban',
      inputs: [
        port('add', 'ns:tasks', { default: true, permission: 'cards.connected' }),
        port('update', 'ns:task-patch', { permission: 'cards.connected' }),
      ],
    });
    const sticky = customPeer('sticky', 'downstream', {
      kind: 'sticky',
      inputs: [port('title', 'ns:text', { default: true, permission: 'cards.connected' })],
    });
    const terminal = customPeer('shell', 'downstream', {
      kind: 'terminal',
      type: 'shell-bash',
      inputs: [port('command', 'ns:text', { default: true, permission: 'terminals.write' })],
    });
    const host = createMockHost({ manifest, peers: [todoPeer('todo'), kanban, sticky, terminal] });
    const card = await host.connect();
    await expect(card.ports.emit('failures', [{ text: 'auth' }])).resolves.toBe(2);
    // Text reaches the task lists too: one task per line.
    await expect(card.ports.emit('headline', 'npm test')).resolves.toBe(4);
    expect(host.deliveries.map((d) => [d.to, d.input, d.data])).toEqual([
      ['todo', 'add', [{ text: 'auth' }]],
      ['board', 'add', [{ text: 'auth' }]],
      ['todo', 'add', [{ text: 'npm test' }]],
      ['board', 'add', [{ text: 'npm test' }]],
      ['sticky', 'title', 'npm test'],
      ['shell', 'command', 'npm test'],
    ]);
    host.setGrants(['cards.connected']);
    await settle();
    await expect(card.ports.emit('headline', 'npm test')).resolves.toBe(3);
  });

  it('appends to a note with emit("summary", "# Done")', async () => {
    const { host, card } = await setup({ peers: [notePeer('note-1')] });
    await card.ports.emit('summary', '# Done');
    expect(host.deliveries).toEqual([{ to: 'note-1', output: 'summary', input: 'append', data: '# Done' }]);
  });
});

describe('Limits', () => {
  it('refuses a value that fails the output’s schema with INVALID_PARAMS and the exact path', async () => {
    const { host, card } = await setup({ peers: [customPeer('c', 'downstream', { inputs: [port('in', 'ns:any')] })] });
    const error = await rejectionOf(card.ports.emit('coverage', { percent: 'high' }));
    expect(isCardSdkError(error, 'INVALID_PARAMS')).toBe(true);
    expect(error).toMatchObject({ method: 'ports.emit' });
    expect((error as CardSdkError).hostMessage).toMatch(/^data for coverage: .*\/percent/);
    expect((error as CardSdkError).issues).toEqual([expect.objectContaining({ path: '/percent' })]);

    const tasks = await rejectionOf(card.ports.emit('failures', [{ text: 'ok' }, { text: 1 }]));
    expect((tasks as CardSdkError).issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/1/text' })]),
    );
    expect(host.deliveries).toEqual([]);
    await expect(card.ports.emit('coverage', { percent: 81.5 })).resolves.toBe(1);
  });

  it('never delivers what does not fit the receiver’s schema', async () => {
    const strict = customPeer('strict', 'downstream', {
      inputs: [port('in', 'ns:json', { default: true, schema: { type: 'object', required: ['id'] } })],
    });
    const { host, card } = await setup({ peers: [strict] });
    await expect(card.ports.emit('failures', [{ text: 'a' }])).resolves.toBe(0);
    const error = await rejectionOf(card.ports.send('strict', 'failures', [{ text: 'a' }]));
    expect(error).toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: "the value does not fit Custom strict's input in",
    });
    expect(host.deliveries).toEqual([]);
  });
});

describe('Types', () => {
  const idOf = (type: string): string => type.slice(3);
  const TYPED_MANIFEST = manifestWith({
    ports: { outputs: NS_PORT_TYPES.map((type) => ({ id: idOf(type), label: idOf(type), type })) },
  });

  // One documented value (or more) per well-known type, in the documentation's order.
  const DOCUMENTED_VALUES: [PortTypeId, unknown][] = [
    ['ns:any', { anything: [1, 'two'] }],
    ['ns:text', 'x'.repeat(1_000_000)],
    ['ns:markdown', '# Title'],
    ['ns:number', 3.5],
    ['ns:boolean', false],
    ['ns:json', { a: 1 }],
    ['ns:json', [1, 2]],
    ['ns:url', 'https://example.com/a?b=c'],
    ['ns:image', { mimeType: 'image/png', data: 'iVBORw0KGgo=', alt: 'logo' }],
    ['ns:file-ref', { path: 'src/index.ts', line: 12 }],
    ['ns:task', { text: 'ship', id: 't1', status: 'active', column: 'Doing', assignee: 'me' }],
    ['ns:tasks', Array.from({ length: 200 }, (_, i) => ({ text: `task ${i}`, status: 'pending' }))],
    ['ns:task-patch', { ref: 't1', text: 'ship it', status: 'done', column: 'Done' }],
    [
      'ns:table',
      {
        columns: ['name', 'ms', 'ok'],
        rows: [
          ['auth', 120, true],
          ['pay', null, false],
        ],
      },
    ],
    ['ns:event', { type: 'deploy', data: { env: 'prod' }, at: 1_700_000_000_000 }],
    ['ns:trigger', {}],
    ['ns:trigger', null],
  ];

  it('documents a value for every well-known type, and the SDK lists the same types', () => {
    expect([...new Set(DOCUMENTED_VALUES.map(([type]) => type))]).toEqual([...NS_PORT_TYPES]);
  });

  it.each(DOCUMENTED_VALUES)('accepts a documented %s value', async (type, value) => {
    const host = createMockHost({ manifest: TYPED_MANIFEST });
    const card = await host.connect();
    await expect(card.ports.emit(idOf(type), value)).resolves.toBe(0);
  });

  it.each([
    ['ns:text', 'x'.repeat(1_000_001), ''],
    ['ns:markdown', 42, ''],
    ['ns:number', '1', ''],
    ['ns:boolean', 'true', ''],
    ['ns:json', 'a string', ''],
    ['ns:url', 'not a url', ''],
    ['ns:image', { mimeType: 'image/bmp', data: 'Qk0=' }, '/mimeType'],
    ['ns:file-ref', { path: 'src/index.ts', line: 0 }, '/line'],
    ['ns:task', { text: 'ship', status: 'blocked' }, '/status'],
    ['ns:tasks', Array.from({ length: 201 }, (_, i) => ({ text: `task ${i}` })), ''],
    ['ns:tasks', [{ text: 'a' }, { text: 'b', status: 'late' }], '/1/status'],
    ['ns:task-patch', { ref: 't1', status: 'finished' }, '/status'],
    ['ns:table', { columns: ['a'], rows: [[{ nested: true }]] }, '/rows/0/0'],
    ['ns:event', { type: 5 }, '/type'],
    ['ns:trigger', { go: true }, ''],
  ])('refuses a %s value that does not fit, with INVALID_PARAMS at the exact path', async (type, value, path) => {
    const host = createMockHost({ manifest: TYPED_MANIFEST });
    const card = await host.connect();
    const error = await rejectionOf(card.ports.emit(idOf(type), value));
    expect(isCardSdkError(error, 'INVALID_PARAMS')).toBe(true);
    expect((error as CardSdkError).hostMessage).toMatch(new RegExp(`^data for ${idOf(type)}: `));
    expect((error as CardSdkError).issues?.[0]).toMatchObject({ path });
  });

  it('checks a port’s own schema on top of its type', async () => {
    const manifest = manifestWith({
      ports: { outputs: [{ id: 'short', label: 'Short', type: 'ns:text', schema: { maxLength: 5 } }] },
    });
    const host = createMockHost({ manifest });
    const card = await host.connect();
    await expect(card.ports.emit('short', 'abcde')).resolves.toBe(0);
    await expect(card.ports.emit('short', 'abcdef')).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    await expect(card.ports.emit('short', 5)).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
  });

  it('requires a schema for a custom type, from the safe subset without pattern', () => {
    const custom = (schema?: object) =>
      manifestWith({
        ports: {
          outputs: [{ id: 'cov', label: 'Coverage', type: 'test-radar/coverage', ...(schema ? { schema } : {}) }],
        },
      });
    expect(() => createMockHost({ manifest: custom({ type: 'object' }) })).not.toThrow();
    expect(() => createMockHost({ manifest: custom() })).toThrow(/^mock host: invalid manifest — /);
    expect(() => createMockHost({ manifest: custom({ type: 'string', pattern: '^a' }) })).toThrow(
      /^mock host: invalid manifest — /,
    );
  });

  it('lets another card declare the same custom type to interoperate', async () => {
    const manifest = manifestWith({
      ports: {
        outputs: [
          {
            id: 'cov',
            label: 'Coverage',
            type: 'test-radar/coverage',
            schema: { type: 'object', required: ['percent'] },
          },
        ],
      },
    });
    const peer = customPeer('radar', 'downstream', {
      inputs: [
        port('json', 'ns:json'),
        port('cov', 'test-radar/coverage', { schema: { type: 'object', required: ['percent'] } }),
      ],
    });
    const host = createMockHost({ manifest, peers: [peer] });
    const card = await host.connect();
    await expect(card.ports.emit('cov', { percent: 91 })).resolves.toBe(1);
    expect(host.deliveries).toEqual([{ to: 'radar', output: 'cov', input: 'cov', data: { percent: 91 } }]);
  });

  it('passes structured types into ns:json unchanged, and nothing else', async () => {
    const manifest = manifestWith({ ports: { inputs: [{ id: 'raw', label: 'Raw', type: 'ns:json' }] } });
    const jsonHost = createMockHost({ manifest });
    const jsonCard = await jsonHost.connect();
    const got: unknown[] = [];
    jsonCard.ports.onMessage((value) => got.push(value));
    const table = { columns: ['a'], rows: [[1]] };
    for (const [type, value] of [
      ['ns:table', table],
      ['ns:tasks', [{ text: 'a' }]],
      ['ns:task', { text: 'a' }],
      ['ns:event', { type: 'x' }],
      ['ns:file-ref', { path: 'a.ts' }],
      ['ns:task-patch', { ref: 'a' }],
    ] as const) {
      jsonHost.sendPortMessage('raw', value, { type });
    }
    await settle();
    expect(got).toEqual([table, [{ text: 'a' }], { text: 'a' }, { type: 'x' }, { path: 'a.ts' }, { ref: 'a' }]);
    expect(() => jsonHost.sendPortMessage('raw', 'text', { type: 'ns:text' })).toThrow(/does not convert to ns:json/);
  });
});

describe('The built-in cards’ ports', () => {
  it('are exported exactly as the documentation’s table lists them', () => {
    const summary = Object.fromEntries(
      Object.entries(BUILTIN_CARD_PORTS).map(([kind, ports]) => [
        kind,
        {
          inputs: ports.inputs.map((p) => [p.id, p.type, p.permission, p.default]),
          outputs: ports.outputs.map((p) => [p.id, p.type, p.permission, p.retain]),
        },
      ]),
    );
    expect(summary).toEqual({
      note: {
        inputs: [
          ['append', 'ns:markdown', 'cards.connected', true],
          ['replace', 'ns:markdown', 'cards.connected', false],
        ],
        outputs: [['text', 'ns:markdown', 'cards.connected', true]],
      },
      todo: {
        inputs: [
          ['add', 'ns:tasks', 'cards.connected', true],
          ['update', 'ns:task-patch', 'cards.connected', false],
        ],
        outputs: [['items', 'ns:tasks', 'cards.connected', true]],
      },
      kanban: {
        inputs: [
          ['add', 'ns:tasks', 'cards.connected', true],
          ['update', 'ns:task-patch', 'cards.connected', false],
        ],
        outputs: [['tasks', 'ns:tasks', 'cards.connected', true]],
      },
      sticky: {
        inputs: [['title', 'ns:text', 'cards.connected', true]],
        outputs: [['title', 'ns:text', 'cards.connected', true]],
      },
      agent: {
        inputs: [['prompt', 'ns:text', 'agents.prompt', true]],
        outputs: [
          ['status', 'ns:event', 'agents.read', true],
          ['reply', 'ns:markdown', 'agents.output', true],
        ],
      },
      terminal: {
        inputs: [['command', 'ns:text', 'terminals.write', true]],
        outputs: [['exit', 'ns:event', 'agents.output', false]],
      },
    });
  });
});
