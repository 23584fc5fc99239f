// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME } from '../contract/theme.js';
import { SUMMARISER_MANIFEST, TEST_RADAR_MANIFEST, notePeer, settle } from './fixtures.js';
import { createMockHost } from './index.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lifecycle and look drivers', () => {
  it('moves, expands, resizes and suspends the card', async () => {
    const host = createMockHost();
    const card = await host.connect();
    const suspended: number[] = [];
    card.lifecycle.onSuspend(() => void suspended.push(1));
    host.setVisibility('hidden');
    host.setExpanded(true);
    host.resize({ w: 900, h: 50 });
    host.suspend(500);
    await settle();
    expect(card.visibility).toBe('hidden');
    expect(card.expanded).toBe(true);
    expect(card.size).toEqual({ w: 900, h: 50 });
    expect(suspended).toEqual([1]);
    expect(host.events.map((e) => e.event)).toEqual([
      'lifecycle.visibility',
      'lifecycle.expanded',
      'lifecycle.resized',
      'lifecycle.suspend',
    ]);
    expect(host.events.at(-1)?.data).toEqual({ graceMs: 500 });
    expect(host.hostContext.instance.size).toEqual({ w: 900, h: 50 });
  });

  it('switches theme and language live', async () => {
    const host = createMockHost();
    const card = await host.connect();
    const light = { ...DEFAULT_THEME, scheme: 'light' as const };
    host.setTheme(light);
    host.setLanguage('ru');
    await settle();
    expect(card.theme.scheme).toBe('light');
    expect(card.language).toBe('ru');
    expect(card.i18n).toEqual({ language: 'ru', locale: 'ru-RU' });
    expect(host.events.at(-1)).toEqual({ event: 'i18n.changed', data: { language: 'ru', locale: 'ru-RU' } });
  });

  it('starts every host on the default theme, and setTheme changes only its own host', async () => {
    const first = createMockHost();
    const second = createMockHost();
    const card = await second.connect();
    first.setTheme({ ...DEFAULT_THEME, scheme: 'light', tokens: { ...DEFAULT_THEME.tokens, accent: 'red' } });
    expect(first.hostContext.theme.tokens.accent).toBe('red');
    expect(second.hostContext.theme).toEqual(DEFAULT_THEME);
    expect(card.theme).toEqual(DEFAULT_THEME);
    expect(createMockHost().hostContext.theme).toEqual(DEFAULT_THEME);
    // The default is shared, not copied per host: it cannot be changed in place behind a card's back.
    expect(Object.isFrozen(second.hostContext.theme.tokens)).toBe(true);
  });

  it('speaks the new language everywhere the card reads texts after setLanguage', async () => {
    const peer = {
      ...notePeer('note-1', 'upstream'),
      outputs: [{ id: 'text', label: { en: 'Text', ru: 'Текст' }, type: 'ns:markdown' as const }],
    };
    const manifest = {
      ...SUMMARISER_MANIFEST,
      permissions: [{ id: 'cards.connected' as const, reason: { en: 'Read notes', ru: 'Читать заметки' } }],
    };
    const host = createMockHost({ manifest, peers: [peer, notePeer('note-2', 'downstream')] });
    const card = await host.connect();
    expect(card.ports.inputs[0]?.label).toBe('Text');
    host.setLanguage('ru');
    await settle();
    expect(host.events.map((e) => e.event)).toEqual(['i18n.changed', 'ports.peersChanged']);
    expect(card.ports.peers[0]?.outputs[0]).toEqual({
      id: 'text',
      label: 'Текст',
      type: 'ns:markdown',
      mode: 'stream',
      retain: false,
      default: false,
    });
    expect(await card.call('ports.describe', {})).toMatchObject({ inputs: [{ id: 'text', label: 'Текст' }] });
    expect(await card.call('ports.peers', {})).toEqual(host.hostContext.peers);
    expect(await card.call('permissions.list', {})).toEqual([
      { id: 'cards.connected', optional: false, granted: true, reason: 'Читать заметки' },
    ]);
    expect((await card.call('card.getInfo', {})).displayName).toBe('Summariser');
    host.setLanguage('ru');
    expect(host.events.map((e) => e.event)).toEqual(['i18n.changed', 'ports.peersChanged', 'i18n.changed']);
    const reloaded = await host.connect();
    expect(reloaded.ports.inputs[0]?.label).toBe('Текст');
    const named = createMockHost({ manifest: TEST_RADAR_MANIFEST, context: { instance: { displayName: 'Radar' } } });
    named.setLanguage('ru');
    expect(named.hostContext.instance.displayName).toBe('Radar');
    const plain = createMockHost({ manifest: TEST_RADAR_MANIFEST });
    plain.setLanguage('ru');
    expect(plain.hostContext.instance.displayName).toBe('Радар тестов');
  });

  it('emits any event without a subscription check, such as a menu click', async () => {
    const host = createMockHost();
    const card = await host.connect();
    const picked: string[] = [];
    await card.ui.setMenu([{ id: 'export', label: 'Export', onSelect: () => picked.push('export') }]);
    host.emit('ui.menu', { id: 'export' });
    await settle();
    expect(picked).toEqual(['export']);
    expect(host.events).toEqual([{ event: 'ui.menu', data: { id: 'export' } }]);
  });

  it('prints requests and events when verbose', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const host = createMockHost({ verbose: true });
    await host.connect();
    host.setExpanded(true);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^\[mock host\] req host\.ready \{/));
    expect(log).toHaveBeenCalledWith('[mock host] evt lifecycle.expanded {"expanded":true}');
  });

  it('reads verbose on each request and event, so a test may turn it on after connecting', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const options = { verbose: false };
    const host = createMockHost(options);
    const card = await host.connect();
    await card.getInfo();
    expect(log).not.toHaveBeenCalled();
    options.verbose = true;
    await card.getInfo();
    host.setExpanded(true);
    expect(log.mock.calls.map(([line]) => String(line))).toEqual([
      '[mock host] req card.getInfo {}',
      '[mock host] evt lifecycle.expanded {"expanded":true}',
    ]);
  });

  it('stores and reads files for the test without firing watchers', () => {
    const host = createMockHost({ files: { 'a.txt': new Uint8Array([104, 105]) } });
    expect(host.readFile('a.txt')).toBe('hi');
    host.putFile('b/c.txt', 'x');
    expect(host.readFile('b/c.txt')).toBe('x');
    expect(host.readFile('missing')).toBeUndefined();
    expect(host.events).toEqual([]);
  });

  it('closes the frame, and a new connect is a new frame', async () => {
    const host = createMockHost();
    const first = await host.connect();
    await first.storage.set('k', 1);
    host.close();
    const second = await host.connect();
    expect(await second.storage.get('k')).toBe(1);
  });

  it('simulates a reload: connect() after the card disconnected opens a new frame over the same state', async () => {
    const host = createMockHost({ manifest: SUMMARISER_MANIFEST, peers: [notePeer('note-2', 'downstream')] });
    const first = await host.connect();
    await first.storage.set('draft', { text: 'hello' });
    await first.setTitle('Weekly');
    await first.ports.emit('summary', '# Done');
    const heard: string[] = [];
    first.on('lifecycle.expanded', () => heard.push('first'));
    first.close();
    host.setSettings({ tone: 'short' });
    const second = await host.connect({});
    second.on('lifecycle.expanded', () => heard.push('second'));
    host.setExpanded(true);
    await settle();
    expect(heard).toEqual(['second']);
    expect(await second.storage.get('draft')).toEqual({ text: 'hello' });
    expect(second.context.chrome?.title).toBe('Weekly');
    expect(second.settings.values).toMatchObject({ tone: 'short' });
    expect(host.deliveries).toEqual([{ to: 'note-2', output: 'summary', input: 'append', data: '# Done' }]);
    expect(host.calls.filter((call) => call.method === 'host.ready')).toHaveLength(2);
    expect(await second.ports.emit('summary', '# Again')).toBe(1);
  });
});
