import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.js';
import {
  LARGE_REQUEST_METHODS,
  METHOD_NAMES,
  METHODS,
  isMethodName,
  methodPermissions,
  methodPermitted,
  requestLimit,
  responseLimit,
  type MethodName,
  type MethodParams,
  type MethodResult,
} from './methods.js';
import { expandPermissions } from './permissions.js';
import { validateValue } from './schema.js';

type Flags = [
  permission: string | readonly string[] | undefined,
  visible: boolean,
  minIntervalMs: number | undefined,
  perMinute: number | undefined,
  largeResponse: boolean,
];
const none: Flags = [undefined, false, undefined, undefined, false];
const perm = (
  permission: string | readonly string[],
  more: Partial<{ perMinute: number; large: boolean }> = {},
): Flags => [permission, false, undefined, more.perMinute, more.large ?? false];
const net = ['network', 'network.local'];

/** The metadata table of every method (permission, visible, minIntervalMs, perMinute, largeResponse). */
const FLAGS: Record<MethodName, Flags> = {
  'host.ready': none,
  'host.capabilities': none,
  'host.log': none,
  'host.pong': none,
  'events.subscribe': none,
  'events.unsubscribe': none,
  'card.getInfo': none,
  'card.setTitle': [undefined, false, undefined, 30, false],
  'card.setStatus': [undefined, false, undefined, 120, false],
  'card.setBadge': [undefined, false, undefined, 120, false],
  'card.setOverview': [undefined, false, undefined, 120, false],
  'card.attention': [undefined, false, 10_000, undefined, false],
  'card.requestResize': [undefined, false, 500, undefined, false],
  'card.openLink': [undefined, true, undefined, undefined, false],
  'card.focus': [undefined, true, 5_000, undefined, false],
  'card.spawn': perm('canvas.spawn', { perMinute: 4 }),
  'ui.toast': [undefined, false, 2_000, undefined, false],
  'ui.confirm': [undefined, true, undefined, 10, false],
  'ui.setMenu': [undefined, false, undefined, 30, false],
  'settings.get': none,
  'settings.set': [undefined, false, undefined, 60, false],
  'settings.open': [undefined, true, undefined, undefined, false],
  'storage.get': none,
  'storage.set': none,
  'storage.delete': none,
  'storage.keys': none,
  'storage.clear': none,
  'storage.usage': none,
  'theme.get': none,
  'i18n.get': none,
  'workspace.get': none,
  'permissions.list': none,
  'permissions.request': [undefined, true, 5_000, undefined, false],
  'agents.list': perm('agents.read'),
  'agents.get': perm('agents.read'),
  'agents.readScreen': perm('agents.output'),
  'agents.lastReply': perm('agents.output'),
  'agents.prompt': perm('agents.prompt', { perMinute: 6 }),
  'agents.usage': perm('usage.read', { perMinute: 60 }),
  'agents.timeline': perm('usage.read', { perMinute: 60 }),
  'terminals.run': perm('terminals.write', { perMinute: 30 }),
  'terminals.write': perm('terminals.write', { perMinute: 60 }),
  'usage.summary': perm('usage.read', { perMinute: 6 }),
  'ports.describe': none,
  'ports.peers': none,
  'ports.emit': none,
  'ports.send': none,
  'ports.request': none,
  'ports.respond': none,
  'ports.read': none,
  'tools.respond': none,
  'tools.progress': [undefined, false, 250, undefined, false],
  'tools.setEnabled': [undefined, false, undefined, 30, false],
  'net.fetch': perm(net, { perMinute: 120, large: true }),
  'net.abort': perm(net),
  'fs.stat': perm('fs.read'),
  'fs.list': perm('fs.read', { large: true }),
  'fs.read': perm('fs.read', { large: true }),
  'fs.write': perm('fs.write'),
  'fs.mkdir': perm('fs.write'),
  'fs.trash': perm('fs.write', { perMinute: 60 }),
  'fs.watch': perm('fs.read'),
  'fs.unwatch': perm('fs.read'),
  'clipboard.writeText': ['clipboard.write', false, 1_000, undefined, false],
};

describe('method table', () => {
  it('has the 64 methods of SDK 1.3, each with an object params schema', () => {
    expect(METHOD_NAMES).toHaveLength(64);
    expect(new Set(METHOD_NAMES)).toEqual(new Set(Object.keys(FLAGS)));
    for (const name of METHOD_NAMES) {
      expect(name).toMatch(/^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/);
      const params = METHODS[name].params;
      expect(params.additionalProperties === false || params.maxProperties === 0, name).toBe(true);
    }
  });

  it.each(Object.entries(FLAGS))('%s flags', (name, [permission, visible, minIntervalMs, perMinute, largeResponse]) => {
    const spec = METHODS[name as MethodName];
    expect(spec.permission).toEqual(permission);
    expect(spec.visible === true).toBe(visible);
    expect(spec.minIntervalMs).toBe(minIntervalMs);
    expect(spec.perMinute).toBe(perMinute);
    expect(spec.largeResponse === true).toBe(largeResponse);
    expect(spec.beforeReady === true).toBe(name === 'host.ready');
  });

  it('is frozen all the way down', () => {
    expect(Object.isFrozen(METHODS)).toBe(true);
    const properties = METHODS['card.setStatus'].params.properties ?? {};
    expect(Object.isFrozen(properties)).toBe(true);
    expect(Object.isFrozen(properties.tone?.enum)).toBe(true);
  });

  it('marks fs.write and net.fetch as large requests', () => {
    expect([...LARGE_REQUEST_METHODS].sort()).toEqual(['fs.write', 'net.fetch']);
    expect(requestLimit('fs.write')).toBe(LIMITS.largeMessageBytes);
    expect(requestLimit('fs.read')).toBe(LIMITS.messageBytes);
    expect(requestLimit('nope.nope')).toBe(LIMITS.messageBytes);
    expect(responseLimit('fs.list')).toBe(LIMITS.largeMessageBytes);
    expect(responseLimit('fs.write')).toBe(LIMITS.messageBytes);
  });

  it('checks permissions: none, one, or any of a list, with implies', () => {
    expect(methodPermissions('ui.toast')).toEqual([]);
    expect(methodPermissions('net.fetch')).toEqual(['network', 'network.local']);
    const rows: Array<[MethodName, string[], boolean]> = [
      ['ui.toast', [], true],
      ['agents.list', [], false],
      ['agents.list', ['agents.prompt'], true],
      ['fs.read', ['fs.write'], true],
      ['fs.write', ['fs.read'], false],
      ['net.fetch', ['network.local'], true],
      ['net.abort', ['network'], true],
      ['net.fetch', ['fs.read'], false],
    ];
    for (const [method, granted, allowed] of rows) {
      expect(methodPermitted(method, expandPermissions(granted)), `${method} with ${granted.join()}`).toBe(allowed);
    }
  });

  it('recognises method names', () => {
    expect(isMethodName('agents.timeline')).toBe(true);
    expect(isMethodName('toString')).toBe(false);
    expect(isMethodName(3)).toBe(false);
  });
});

type Row = [MethodName, unknown, string | null, string | null];

/** One row per rule: method, params, expected first issue path and keyword (null: valid). */
const PARAMS_ROWS: Row[] = [
  ['host.ready', { sdkVersion: '1.3.0', protocol: 1 }, null, null],
  ['host.ready', { sdkVersion: '1.3.0', protocol: 0 }, '/protocol', 'minimum'],
  ['host.ready', { sdkVersion: '', protocol: 1 }, '/sdkVersion', 'minLength'],
  ['host.ready', { protocol: 1 }, '/sdkVersion', 'required'],
  ['host.capabilities', {}, null, null],
  ['host.capabilities', null, null, null],
  ['host.capabilities', { x: 1 }, '', 'maxProperties'],
  ['host.capabilities', [], '', 'type'],
  ['host.log', { level: 'warn', message: 'x'.repeat(2000) }, null, null],
  ['host.log', { level: 'trace', message: 'x' }, '/level', 'enum'],
  ['host.log', { level: 'info', message: 'x'.repeat(2001) }, '/message', 'maxLength'],
  ['host.pong', { seq: 0 }, null, null],
  ['host.pong', { seq: 1.5 }, '/seq', 'type'],
  ['events.subscribe', { topics: ['agents.turn'], agentIds: ['a1'] }, null, null],
  ['events.subscribe', { topics: [] }, '/topics', 'minItems'],
  ['events.subscribe', { topics: ['agents.turn', 'agents.turn'] }, '/topics', 'uniqueItems'],
  ['events.subscribe', { topics: ['ports.message'] }, '/topics/0', 'enum'],
  ['events.subscribe', { topics: ['agents.output'], agentIds: [''] }, '/agentIds/0', 'minLength'],
  ['events.unsubscribe', { topics: Array(9).fill('agents.turn') }, '/topics', 'maxItems'],
  ['card.setTitle', { title: null }, null, null],
  ['card.setTitle', {}, '/title', 'required'],
  ['card.setTitle', { title: 'x'.repeat(121) }, '/title', 'maxLength'],
  ['card.setStatus', { text: 'ok', tone: 'success', busy: true }, null, null],
  ['card.setStatus', { text: 'ok', tone: 'purple' }, '/tone', 'enum'],
  ['card.setStatus', { text: 'ok', extra: 1 }, '/extra', 'additionalProperties'],
  ['card.setBadge', { count: 1_000_001 }, '/count', 'maximum'],
  ['card.setBadge', { count: null, text: 'new' }, null, null],
  ['card.setOverview', { primary: 'a', progress: 0.5, icon: 'rocket-launch' }, null, null],
  ['card.setOverview', { progress: 1.5 }, '/progress', 'maximum'],
  ['card.setOverview', { icon: 'unicorn' }, '/icon', 'enum'],
  ['card.setOverview', { primary: null, secondary: null, progress: null, tone: 'accent', icon: null }, null, null],
  ['card.setOverview', { icon: 7 }, '/icon', 'type'],
  ['card.attention', { level: 'needs-input', message: 'x'.repeat(160) }, null, null],
  ['card.attention', { level: 'info', message: 'x'.repeat(161) }, '/message', 'maxLength'],
  ['card.requestResize', { w: 0, h: 10 }, '/w', 'minimum'],
  ['card.openLink', { url: 'https://example.com/a' }, null, null],
  ['card.openLink', { url: 'not a url' }, '/url', 'format'],
  ['card.spawn', { kind: 'note', init: { a: [1] } }, null, null],
  ['card.spawn', { kind: 'browser' }, '/kind', 'enum'],
  ['ui.toast', { message: '' }, '/message', 'minLength'],
  ['ui.toast', { message: 'hi', durationMs: 999 }, '/durationMs', 'minimum'],
  ['ui.confirm', { title: 'Delete?', message: '', tone: 'danger' }, null, null],
  ['ui.confirm', { title: 'Delete?', message: 'x', tone: 'warning' }, '/tone', 'enum'],
  ['ui.setMenu', { items: [{ id: 'a', label: 'A', icon: 'star', tone: 'danger', disabled: false }] }, null, null],
  ['ui.setMenu', { items: [{ id: 'a', label: 'A', onSelect: 1 }] }, '/items/0/onSelect', 'additionalProperties'],
  ['ui.setMenu', { items: Array.from({ length: 13 }, (_, i) => ({ id: `m${i}`, label: 'x' })) }, '/items', 'maxItems'],
  ['settings.set', { values: { a: 'x', b: 2, c: true } }, null, null],
  ['settings.set', { values: { a: null } }, '/values/a', 'type'],
  ['storage.get', { scope: 'instance', key: 'k' }, null, null],
  ['storage.get', { scope: 'global', key: 'k' }, '/scope', 'enum'],
  ['storage.set', { scope: 'package', key: 'x'.repeat(257), value: 1 }, '/key', 'maxLength'],
  ['storage.keys', { scope: 'instance', prefix: '' }, null, null],
  ['permissions.request', { ids: ['network', 'fs.read'] }, null, null],
  ['permissions.request', { ids: ['root'] }, '/ids/0', 'enum'],
  ['permissions.request', { ids: ['fs.read', 'fs.read'] }, '/ids', 'uniqueItems'],
  ['agents.get', { agentId: 'x'.repeat(129) }, '/agentId', 'maxLength'],
  ['agents.readScreen', { agentId: 'a', lines: 501 }, '/lines', 'maximum'],
  ['agents.prompt', { agentId: 'a', text: 'go', submit: false, whenBusy: 'fail' }, null, null],
  ['agents.prompt', { agentId: 'a', text: 'go', whenBusy: 'later' }, '/whenBusy', 'enum'],
  ['agents.prompt', { agentId: 'a', text: 'x'.repeat(20_001) }, '/text', 'maxLength'],
  ['agents.usage', { agentId: 'a', since: 0, until: 8.64e12 }, null, null],
  ['agents.usage', { agentId: 'a', since: -1 }, '/since', 'minimum'],
  ['agents.timeline', { agentId: 'a', since: 1, until: 8.64e12 + 1 }, '/until', 'maximum'],
  ['terminals.run', { agentId: 's', command: 'ls', timeoutMs: 120_001 }, '/timeoutMs', 'maximum'],
  ['usage.summary', { period: '7d' }, null, null],
  ['usage.summary', { period: '1y' }, '/period', 'enum'],
  ['ports.emit', { port: 'out', data: null }, null, null],
  ['ports.emit', { port: 'x'.repeat(33), data: 1 }, '/port', 'maxLength'],
  ['ports.request', { to: 'c', input: 'q', data: 'x', timeoutMs: 99 }, '/timeoutMs', 'minimum'],
  ['ports.respond', { requestId: 'r', error: 'x'.repeat(1001) }, '/error', 'maxLength'],
  ['tools.respond', { callId: 'c', result: { content: [{ type: 'text', text: 'OK' }] } }, null, null],
  ['tools.respond', { callId: 'c', result: { content: [] } }, '/result/content', 'minItems'],
  [
    'tools.respond',
    { callId: 'c', result: { content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }], isError: true } },
    null,
    null,
  ],
  ['tools.progress', { callId: 'c', message: '' }, '/message', 'minLength'],
  ['tools.setEnabled', { tool: 'run', enabled: 'yes' }, '/enabled', 'type'],
  [
    'net.fetch',
    { url: 'https://api.github.com/x', method: 'POST', headers: { a: 'b' }, responseType: 'stream' },
    null,
    null,
  ],
  ['net.fetch', { url: 'https://a.b', method: 'TRACE' }, '/method', 'enum'],
  ['net.fetch', { url: 'https://a.b', headers: { a: 1 } }, '/headers/a', 'type'],
  ['net.fetch', { url: 'https://a.b', body: 'x'.repeat(6_990_512) }, '/body', 'maxLength'],
  ['net.abort', { requestId: '' }, '/requestId', 'minLength'],
  ['fs.list', { path: '', recursive: true, maxEntries: 5000 }, null, null],
  ['fs.list', { path: 'src', maxEntries: 5001 }, '/maxEntries', 'maximum'],
  ['fs.read', { path: 'a.txt', encoding: 'latin1' }, '/encoding', 'enum'],
  ['fs.write', { path: 'a.txt', data: 'hi', ifMtimeMs: 12.5, createDirs: true }, null, null],
  ['fs.write', { path: 'a.txt' }, '/data', 'required'],
  ['fs.stat', { path: 'x'.repeat(1025) }, '/path', 'maxLength'],
  ['clipboard.writeText', { text: 'x'.repeat(1_048_577) }, '/text', 'maxLength'],
];

describe('method params schemas', () => {
  it.each(PARAMS_ROWS)('%s %#', (method, params, path, keyword) => {
    const issues = validateValue(METHODS[method].params, params);
    if (path === null) {
      expect(issues).toEqual([]);
    } else {
      expect(issues.length).toBeGreaterThan(0);
      expect({ path: issues[0]?.path, keyword: issues[0]?.keyword }).toEqual({ path, keyword });
    }
  });

  it('every ∅ method accepts {} and null and refuses a property', () => {
    const emptyMethods = METHOD_NAMES.filter((name) => METHODS[name].params.maxProperties === 0);
    expect(emptyMethods).toHaveLength(11);
    for (const name of emptyMethods) {
      expect(validateValue(METHODS[name].params, {}), name).toEqual([]);
      expect(validateValue(METHODS[name].params, null), name).toEqual([]);
      expect(validateValue(METHODS[name].params, { a: 1 })[0]?.keyword, name).toBe('maxProperties');
    }
  });

  it('every other method refuses an unknown property', () => {
    for (const name of METHOD_NAMES.filter((method) => METHODS[method].params.additionalProperties === false)) {
      const issues = validateValue(METHODS[name].params, { zzz: 1 });
      expect(
        issues.some((issue) => issue.path === '/zzz' && issue.keyword === 'additionalProperties'),
        name,
      ).toBe(true);
    }
  });
});

describe('typed method map', () => {
  it('types params and results per method', () => {
    const params: MethodParams<'agents.prompt'> = { agentId: 'a', text: 'hi', whenBusy: 'queue' };
    const result: MethodResult<'agents.prompt'> = { delivered: 'queued' };
    const empty: MethodParams<'agents.list'> = {};
    expect(validateValue(METHODS['agents.prompt'].params, params)).toEqual([]);
    expect([result.delivered, empty]).toEqual(['queued', {}]);
  });
});
