import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES } from '../contract/events.js';
import { connectScripted, flush } from './card.test-helper.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('card.call and card.on', () => {
  it('calls any method with params defaulting to {}', async () => {
    const { host, card } = await connectScripted();
    host.on('card.getInfo', () => ({ instanceId: 'card-1' }));
    const info = await card.call('card.getInfo');
    expect(info.instanceId).toBe('card-1');
    expect(host.requests('card.getInfo')[0]?.params).toEqual({});
    await card.call('card.getInfo', null);
    expect(host.requests('card.getInfo')[1]?.params).toBeNull();
    await card.callUnchecked('card.getInfo');
    expect(host.requests('card.getInfo')[2]?.params).toEqual({});
    card.close();
  });

  it('answers host.ping with host.pong and still tells listeners', async () => {
    const { host, card } = await connectScripted();
    const seen: number[] = [];
    card.on('host.ping', ({ seq }) => seen.push(seq));
    host.emit('host.ping', { seq: 41 });
    await flush();
    expect(host.params('host.pong')).toEqual([{ seq: 41 }]);
    expect(seen).toEqual([41]);
    card.close();
  });

  it('subscribes a topic once for many listeners and unsubscribes with the last', async () => {
    const { host, card } = await connectScripted();
    const offA = card.on('agents.status', () => undefined);
    const offB = card.agents.onStatus(() => undefined);
    await flush();
    expect(host.params('events.subscribe')).toEqual([{ topics: ['agents.status'] }]);
    offA();
    offA();
    await flush();
    expect(host.requests('events.unsubscribe')).toEqual([]);
    offB();
    await flush();
    expect(host.params('events.unsubscribe')).toEqual([{ topics: ['agents.status'] }]);
    card.on('storage.changed', () => undefined);
    card.on('lifecycle.visibility', () => undefined);
    await flush();
    expect(host.params('events.subscribe')).toEqual([{ topics: ['agents.status'] }, { topics: ['storage.changed'] }]);
    card.close();
  });

  it('logs a warning when a topic is not granted', async () => {
    const { host, card } = await connectScripted();
    host.on('events.subscribe', () => ({ topics: [] }));
    card.agents.onTurn(() => undefined);
    await flush();
    expect(host.params('host.log')).toContainEqual({
      level: 'warn',
      message: 'event topic agents.turn was not granted (missing permission?)',
    });
    card.close();
  });

  it('filters agent events by agent id when one is given', async () => {
    const { host, card } = await connectScripted();
    const all: string[] = [];
    const one: string[] = [];
    card.agents.onStatus((event) => all.push(event.agentId));
    card.agents.onStatus((event) => one.push(event.status), 'agent-2');
    const lists: number[] = [];
    card.agents.onChanged((agents) => lists.push(agents.length));
    host.emit('agents.status', { agentId: 'agent-1', status: 'working', at: 1 });
    host.emit('agents.status', { agentId: 'agent-2', status: 'finished', at: 2 });
    host.emit('agents.changed', { agents: [{ id: 'a' }, { id: 'b' }] });
    await flush();
    expect(all).toEqual(['agent-1', 'agent-2']);
    expect(one).toEqual(['finished']);
    expect(lists).toEqual([2]);
    card.close();
  });

  it('once() hears only the first event; a throwing listener is reported and others still run', async () => {
    const { host, card } = await connectScripted();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    card.once('lifecycle.visibility', ({ state }) => seen.push(state));
    card.on('lifecycle.expanded', () => {
      throw new Error('listener broke');
    });
    card.on('lifecycle.expanded', ({ expanded }) => seen.push(String(expanded)));
    host.emit('lifecycle.visibility', { state: 'hidden' });
    host.emit('lifecycle.visibility', { state: 'visible' });
    host.emit('lifecycle.expanded', { expanded: true });
    await flush();
    expect(seen).toEqual(['hidden', 'true']);
    expect(errors).toHaveBeenCalledWith('[card-sdk] lifecycle.expanded listener:', expect.any(Error));
    expect(host.params('host.log').at(-1)).toMatchObject({ level: 'error' });
    expect(host.params('host.log').at(-1).message).toMatch(/^lifecycle\.expanded listener: Error: listener broke/);
    errors.mockRestore();
    card.close();
  });

  it('buffers ports.message until the first listener and replays it', async () => {
    const { host, card } = await connectScripted();
    host.emit('ports.message', { from: 'p', input: 'in', data: 1 });
    host.emit('ports.message', { from: 'p', input: 'in', data: 2 });
    host.emit('agents.turn', { agentId: 'a', phase: 'start', at: 1 });
    await flush();
    const seen: unknown[] = [];
    card.on('ports.message', (message) => seen.push(message.data));
    const turns: unknown[] = [];
    card.on('agents.turn', (turn) => turns.push(turn));
    await flush();
    expect(seen).toEqual([1, 2]);
    expect(turns).toEqual([]);
    card.close();
  });
});

describe('buffered events', () => {
  it('keeps the last 100 ui.menu clicks for the first listener only, and replays them after a microtask', async () => {
    const { host, card } = await connectScripted();
    for (let i = 0; i < 105; i += 1) host.emit('ui.menu', { id: `item-${i}` });
    await flush();
    const first: string[] = [];
    const second: string[] = [];
    card.ui.onMenu((id) => first.push(id));
    expect(first).toEqual([]);
    card.ui.onMenu((id) => second.push(id));
    await flush();
    expect(first).toEqual(Array.from({ length: 100 }, (_, i) => `item-${i + 5}`));
    expect(second).toEqual([]);
    card.close();
  });

  it('keeps fs.changed for a watcher registered after the change, but drops unheard lifecycle events', async () => {
    const { host, card } = await connectScripted();
    host.on('fs.watch', () => ({ watchId: 'w1' })).on('fs.unwatch', () => undefined);
    host.emit('fs.changed', { watchId: 'w1', path: 'a.txt', type: 'change' });
    host.emit('fs.changed', { watchId: 'w2', path: 'b.txt', type: 'change' });
    host.emit('lifecycle.visibility', { state: 'hidden' });
    await flush();
    const watched: string[] = [];
    await card.fs.watch('', (event) => watched.push(event.path));
    expect(watched).toEqual(['a.txt']);
    const heard: string[] = [];
    card.on('fs.changed', (event) => heard.push(event.path));
    const states: string[] = [];
    card.lifecycle.onVisibility((state) => states.push(state));
    await flush();
    expect(heard).toEqual(['b.txt']);
    expect(states).toEqual([]);
    expect(card.visibility).toBe('hidden');
    card.close();
  });
});

describe('card.context', () => {
  it('is replaced by a new object on every change, and listeners get it', async () => {
    const { host, card } = await connectScripted();
    const seen: unknown[] = [];
    card.onContextChange((context) => seen.push(context));
    const first = card.context;
    host.emit('lifecycle.visibility', { state: 'overview' });
    host.emit('lifecycle.expanded', { expanded: true });
    host.emit('lifecycle.resized', { w: 600, h: 400 });
    host.emit('settings.changed', { values: { a: 1 }, secrets: { token: true } });
    host.emit('permissions.changed', [{ id: 'agents.read', optional: true, granted: true }]);
    host.emit('ports.peersChanged', [
      { cardId: 'note-1', kind: 'note', name: 'Note', direction: 'downstream', inputs: [], outputs: [] },
    ]);
    await flush();
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen.at(-1)).toBe(card.context);
    expect(first.visibility).toBe('visible');
    expect(card.visibility).toBe('overview');
    expect(card.expanded).toBe(true);
    expect(card.size).toEqual({ w: 600, h: 400 });
    expect(card.settings.value('a')).toBe(1);
    expect(card.settings.hasSecret('token')).toBe(true);
    expect(card.permissions.has('agents.read')).toBe(true);
    expect(card.ports.peers.map((peer) => peer.cardId)).toEqual(['note-1']);
    card.close();
  });
});

describe('card helpers', () => {
  it('waitFor resolves with the first matching payload and times out with TIMEOUT', async () => {
    const { host, card } = await connectScripted();
    const waiting = card.waitFor('lifecycle.visibility', (event) => event.state === 'hidden');
    host.emit('lifecycle.visibility', { state: 'overview' });
    host.emit('lifecycle.visibility', { state: 'hidden' });
    await expect(waiting).resolves.toEqual({ state: 'hidden' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const late = card.waitFor('lifecycle.expanded', undefined, { timeoutMs: 200 }).catch((e: unknown) => e);
    vi.advanceTimersByTime(200);
    expect(await late).toMatchObject({ code: 'TIMEOUT', hostMessage: 'no lifecycle.expanded in 200 ms' });
    const controller = new AbortController();
    const aborted = card.waitFor('ui.menu', undefined, { signal: controller.signal });
    controller.abort('stop');
    await expect(aborted).rejects.toBe('stop');
    card.close();
  });

  it('host.supports asks for capabilities once and checks the method list', async () => {
    const { host, card } = await connectScripted();
    host.on('host.capabilities', () => ({ protocol: 1, methods: ['agents.usage'], events: [] }));
    await expect(card.host.supports('agents.usage')).resolves.toBe(true);
    await expect(card.host.supports('agents.timeline')).resolves.toBe(false);
    expect(host.requests('host.capabilities')).toHaveLength(1);
    card.close();
  });

  it('host.supports keeps the first capabilities answer, even a failure', async () => {
    const { host, card } = await connectScripted();
    host.on('host.capabilities', () => ({ error: { code: 'INTERNAL', message: 'not now' } }));
    await expect(card.host.supports('agents.usage')).rejects.toMatchObject({ code: 'INTERNAL' });
    host.on('host.capabilities', () => ({ protocol: 1, methods: ['agents.usage'], events: [] }));
    await expect(card.host.supports('agents.usage')).rejects.toMatchObject({ code: 'INTERNAL' });
    await expect(card.host.capabilities()).resolves.toMatchObject({ methods: ['agents.usage'] });
    expect(host.requests('host.capabilities')).toHaveLength(2);
    card.close();
  });

  it('maps the small wrappers onto their methods', async () => {
    const { host, card } = await connectScripted();
    host
      .on('card.openLink', () => ({ opened: true }))
      .on('card.spawn', () => ({ cardId: 'spawned-1' }))
      .on('card.requestResize', (p: { w: number; h: number }) => p)
      .on('card.focus', () => undefined)
      .on('clipboard.writeText', () => undefined)
      .on('usage.summary', (p: { period: string }) => ({ period: p.period, rows: [] }))
      .on('workspace.get', () => ({ id: 'w', name: 'W' }));
    await expect(card.openLink('https://example.com')).resolves.toBe(true);
    await expect(card.spawn('note', { title: 'Notes', connect: true })).resolves.toBe('spawned-1');
    await expect(card.requestResize({ w: 500, h: 300 })).resolves.toEqual({ w: 500, h: 300 });
    await card.focusCard('card-9');
    await card.copyText('hello');
    await expect(card.usage()).resolves.toMatchObject({ period: 'today' });
    await expect(card.getWorkspace()).resolves.toEqual({ id: 'w', name: 'W' });
    expect(host.params('card.spawn')).toEqual([{ kind: 'note', title: 'Notes', connect: true }]);
    expect(host.params('card.focus')).toEqual([{ cardId: 'card-9' }]);
    expect(host.params('clipboard.writeText')).toEqual([{ text: 'hello' }]);
    card.close();
  });

  it('close() rejects pending calls with UNAVAILABLE and marks the card closed', async () => {
    const { card } = await connectScripted();
    const pending = card.call('card.getInfo');
    await flush();
    card.close();
    expect(card.closed).toBe(true);
    await expect(pending).rejects.toMatchObject({ code: 'UNAVAILABLE', hostMessage: 'the card closed its connection' });
    await expect(card.getInfo()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('notices a host that closes the port: card.closed turns true and calls without timeoutMs end in UNAVAILABLE', async () => {
    const { host, card } = await connectScripted();
    const pending = card.call('card.getInfo');
    await flush();
    host.close();
    await expect(pending).rejects.toMatchObject({ code: 'UNAVAILABLE', hostMessage: 'the host closed the connection' });
    expect(card.closed).toBe(true);
  });

  it('takes every event with missing, null or non-object data without its own handlers throwing', async () => {
    const { host, card } = await connectScripted();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard: unknown[] = [];
    card.on('ui.menu', (data) => heard.push(data));
    for (const event of EVENT_NAMES) {
      for (const data of [undefined, null, 0, 'x', true]) host.emit(event, data);
    }
    await flush();
    expect(errors).not.toHaveBeenCalled();
    expect(host.requests('host.log')).toEqual([]);
    expect(heard).toEqual([undefined, null, 0, 'x', true]);
    expect(card.closed).toBe(false);
    errors.mockRestore();
    card.close();
  });

  it('gives each card its own methods: the same function on every read, working taken off the card', async () => {
    const { host, card } = await connectScripted();
    const other = await connectScripted();
    host.on('card.getInfo', () => ({ instanceId: 'card-1' })).on('card.setStatus', () => undefined);
    // Methods are read off the card on purpose below: each card's are its own.
    /* eslint-disable @typescript-eslint/unbound-method */
    expect(card.getInfo).toBe(card.getInfo);
    expect(card.setStatus).not.toBe(other.card.setStatus);
    expect(card.log).toBe(card.log);
    const { getInfo, call, on, setStatus, log } = card;
    /* eslint-enable @typescript-eslint/unbound-method */
    const heard: string[] = [];
    on('lifecycle.visibility', ({ state }) => heard.push(state));
    host.emit('lifecycle.visibility', { state: 'hidden' });
    await expect(getInfo()).resolves.toEqual({ instanceId: 'card-1' });
    await expect(call('card.getInfo')).resolves.toEqual({ instanceId: 'card-1' });
    await setStatus('ready');
    log.info('read off the card');
    await flush();
    expect(heard).toEqual(['hidden']);
    expect(card.visibility).toBe('hidden');
    expect(host.params('card.setStatus')).toEqual([{ text: 'ready' }]);
    expect(host.params('host.log')).toEqual([{ level: 'info', message: 'read off the card' }]);
    card.close();
    other.card.close();
  });

  it('lets a test spy on or replace a method, and replace a namespace before or after its first read', async () => {
    const { host, card } = await connectScripted();
    host.on('card.setStatus', () => undefined);
    const status = vi.spyOn(card, 'setStatus');
    vi.spyOn(card, 'getInfo').mockResolvedValue({ instanceId: 'spied' } as never);
    await card.setStatus('spied on');
    await expect(card.getInfo()).resolves.toEqual({ instanceId: 'spied' });
    expect(status).toHaveBeenCalledWith('spied on');
    expect(host.params('card.setStatus')).toEqual([{ text: 'spied on' }]);
    expect(host.requests('card.getInfo')).toEqual([]);
    const lines: unknown[][] = [];
    const log = { ...card.log, info: (...args: unknown[]) => void lines.push(args) };
    (card as { log: typeof log }).log = log;
    card.log.info('kept here');
    expect(lines).toEqual([['kept here']]);
    const storage = { ...card.storage };
    (card as { storage: typeof storage }).storage = storage;
    expect(card.storage).toBe(storage);
    card.onContextChange = () => () => undefined;
    expect(card.onContextChange(() => undefined)).toBeTypeOf('function');
    card.close();
  });

  it('takes host events named like Object members as unknown events: nothing throws or is reported', async () => {
    const { host, card } = await connectScripted();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard: unknown[] = [];
    for (const event of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      card.on(event as 'ui.menu', (data) => heard.push(data));
      host.emit(event, { id: event });
    }
    await flush();
    expect(errors).not.toHaveBeenCalled();
    expect(host.requests('host.log')).toEqual([]);
    expect(heard).toHaveLength(5);
    expect(card.closed).toBe(false);
    errors.mockRestore();
    card.close();
  });
});
