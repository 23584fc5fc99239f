// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CardSdkError, isCardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import { DEFAULT_THEME } from '../contract/theme.js';
import { TEST_RADAR_MANIFEST, notePeer, sampleAgents, settle } from './fixtures.js';
import { METHOD_NAMES } from '../contract/methods.js';
import { createMockHost } from './index.js';
import { BUILTIN_METHOD_NAMES } from './mock-host.js';

const OPTIONAL_MANIFEST = {
  ...TEST_RADAR_MANIFEST,
  permissions: ['agents.output', { id: 'fs.write', optional: true, reason: { en: 'Save reports', ru: 'Отчёты' } }],
};

describe('createMockHost options', () => {
  it('uses a built-in manifest when none is given', () => {
    const host = createMockHost();
    expect(host.manifest).toMatchObject({
      manifestVersion: 1,
      name: 'mock-card',
      displayName: 'Mock card',
      version: '0.0.0',
      protocol: 1,
    });
    expect(host.manifest.ports).toEqual({ inputs: [], outputs: [] });
    expect(host.manifest.tools).toEqual([]);
  });

  it('refuses a bad manifest with every path in the message', () => {
    expect(() => createMockHost({ manifest: { ...TEST_RADAR_MANIFEST, name: 'Bad Name', version: 'x' } })).toThrow(
      /^mock host: invalid manifest — \/name: .+; \/version: /,
    );
  });

  it('builds the default context of a fresh card', () => {
    const host = createMockHost({
      manifest: TEST_RADAR_MANIFEST,
      peers: [notePeer('note-1', 'upstream', { retained: { text: 'x' } })],
    });
    const context = host.hostContext;
    expect(host.context).toBe(context);
    expect(context.protocol).toBe(1);
    expect(context.appVersion).toBe('0.0.0-mock');
    expect(context.instance).toEqual({
      instanceId: 'card-1',
      packageId: 'dev:/mock/test-radar',
      name: 'test-radar',
      displayName: 'Test radar',
      version: '1.0.0',
      commit: null,
      title: null,
      size: { w: 460, h: 340 },
      dev: true,
    });
    expect(context.workspace).toEqual({ id: 'workspace-1', name: 'Mock workspace' });
    expect(context.visibility).toBe('visible');
    expect(context.expanded).toBe(false);
    expect(context.theme).toEqual(DEFAULT_THEME);
    expect(context.i18n).toEqual({ language: 'en', locale: 'en-US' });
    expect(context.settings).toEqual({ values: { command: 'npm test' }, secrets: {} });
    expect(context.ports.inputs).toEqual([
      { id: 'run', label: 'Run', type: 'ns:trigger', mode: 'stream', retain: false, default: false },
    ]);
    expect(context.peers[0]).not.toHaveProperty('retained');
    expect(context.launch).toBe('created');
    expect(context.limits).toEqual(LIMITS);
  });

  it('merges context.instance and replaces every other key, localizing labels to the language', () => {
    const host = createMockHost({
      manifest: TEST_RADAR_MANIFEST,
      context: {
        instance: { title: 'Nightly' },
        i18n: { language: 'ru', locale: 'ru-RU' },
        launch: 'reloaded',
        visibility: 'hidden',
      },
    });
    expect(host.hostContext.instance).toMatchObject({
      instanceId: 'card-1',
      title: 'Nightly',
      displayName: 'Радар тестов',
    });
    expect(host.hostContext.launch).toBe('reloaded');
    expect(host.hostContext.visibility).toBe('hidden');
  });

  it('gives the card its ports and its peers exactly as PortInfo, texts in the app language', () => {
    const manifest = {
      ...TEST_RADAR_MANIFEST,
      ports: {
        inputs: [
          {
            id: 'ask',
            label: { en: 'Ask', ru: 'Вопрос' },
            description: { en: 'A question', ru: 'Вопрос к карточке' },
            type: 'ns:text' as const,
            mode: 'request' as const,
            response: { type: 'ns:json' as const },
          },
        ],
        outputs: [
          { id: 'failures', label: 'Failures', type: 'ns:tasks' as const, retain: true, schema: { type: 'array' } },
        ],
      },
    };
    const peer = {
      cardId: 'router-1',
      kind: 'custom',
      name: 'Router',
      type: 'signal-router',
      direction: 'both' as const,
      inputs: [
        { id: 'in', label: { en: 'In', ru: 'Вход' }, type: 'ns:json' as const, permission: 'cards.connected' as const },
      ],
      outputs: [],
      retained: { out: 1 },
      respond: () => null,
    };
    const host = createMockHost({ manifest, peers: [peer], context: { i18n: { language: 'ru', locale: 'ru-RU' } } });
    expect(host.hostContext.ports).toEqual({
      inputs: [
        {
          id: 'ask',
          label: 'Вопрос',
          description: 'Вопрос к карточке',
          type: 'ns:text',
          mode: 'request',
          response: { type: 'ns:json' },
          retain: false,
          default: false,
        },
      ],
      outputs: [
        {
          id: 'failures',
          label: 'Failures',
          type: 'ns:tasks',
          schema: { type: 'array' },
          mode: 'stream',
          retain: true,
          default: false,
        },
      ],
    });
    expect(host.hostContext.peers).toEqual([
      {
        cardId: 'router-1',
        kind: 'custom',
        name: 'Router',
        type: 'signal-router',
        direction: 'both',
        inputs: [
          {
            id: 'in',
            label: 'Вход',
            type: 'ns:json',
            mode: 'stream',
            retain: false,
            default: false,
            permission: 'cards.connected',
          },
        ],
        outputs: [],
      },
    ]);
  });

  it('grants the required permissions by default, everything with "all" and exactly a given list', () => {
    expect([...createMockHost({ manifest: OPTIONAL_MANIFEST }).grants].sort()).toEqual([
      'agents.output',
      'agents.read',
    ]);
    const all = createMockHost({ manifest: OPTIONAL_MANIFEST, grant: 'all' });
    expect([...all.grants].sort()).toEqual(['agents.output', 'agents.read', 'fs.read', 'fs.write']);
    expect(all.hostContext.workspace).toEqual({ id: 'workspace-1', name: 'Mock workspace', path: '/mock/workspace' });
    expect(all.hostContext.permissions).toEqual([
      { id: 'agents.output', optional: false, granted: true },
      { id: 'fs.write', optional: true, granted: true, reason: 'Save reports' },
    ]);
    expect([...createMockHost({ manifest: OPTIONAL_MANIFEST, grant: ['usage.read'] }).grants]).toEqual(['usage.read']);
    const workspace = { id: 'ws-9', name: 'Mine' };
    const own = createMockHost({ manifest: OPTIONAL_MANIFEST, grant: ['fs.read'], context: { workspace } });
    expect(own.hostContext.workspace).toEqual({ id: 'ws-9', name: 'Mine', path: '/mock/workspace' });
    expect(workspace).toEqual({ id: 'ws-9', name: 'Mine' });
  });

  it('fills settings over the defaults and flags the secrets that are set', () => {
    const manifest = {
      ...TEST_RADAR_MANIFEST,
      settings: [
        ...(TEST_RADAR_MANIFEST.settings ?? []),
        { key: 'token', type: 'secret' as const, label: 'Token' },
        { key: 'other', type: 'secret' as const, label: 'Other' },
      ],
    };
    const host = createMockHost({
      manifest,
      settings: { command: 'pnpm test' },
      secrets: { token: 't0k', stray: 'x' },
    });
    expect(host.hostContext.settings).toEqual({
      values: { command: 'pnpm test' },
      secrets: { token: true, other: false },
    });
  });

  it('refuses a card that speaks a newer protocol', async () => {
    const host = createMockHost({ hostProtocol: 0 });
    const error = await host.connect().catch((e: unknown) => e);
    expect(isCardSdkError(error, 'PROTOCOL_MISMATCH')).toBe(true);
    expect((error as Error).message).toContain('the host speaks protocol 0');
  });
});

describe('mock host frames and overrides', () => {
  it('answers every method of the protocol with a built-in', () => {
    expect([...BUILTIN_METHOD_NAMES].sort()).toEqual([...METHOD_NAMES].sort());
    expect(BUILTIN_METHOD_NAMES).toHaveLength(64);
  });

  it('gives host.ready the context plus the normalized chrome, and keeps state across a reconnect', async () => {
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST, agents: sampleAgents() });
    const first = await host.connect();
    expect(first.context.chrome).toEqual({ title: null, status: null, badge: null, overview: null, attention: null });
    await first.storage.set('count', 3);
    await first.setStatus('Running', { busy: true });
    await first.attention('info', 'look');
    await first.setBadge(3);
    await settle();
    const second = await host.connect();
    expect(await second.storage.get('count')).toBe(3);
    expect(second.context.chrome).toEqual({
      title: null,
      status: { text: 'Running', tone: 'default', busy: true },
      badge: { count: 3, text: null, tone: 'default' },
      overview: null,
      attention: { level: 'info', message: 'look' },
    });
    expect(host.calls.filter((c) => c.method === 'host.ready')).toHaveLength(2);
  });

  it('records every request before the checks, rejected ones too', async () => {
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST, agents: sampleAgents() });
    const card = await host.connect();
    await expect(card.fs.stat('a.txt')).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(host.calls.at(-1)).toEqual({ method: 'fs.stat', params: { path: 'a.txt' } });
    expect(host.calls[0]?.method).toBe('host.ready');
  });

  it('lets handle() replace a built-in: a value, a throw (INTERNAL) or a promise that never settles', async () => {
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST, agents: sampleAgents() });
    host
      .handle('storage.get', () => {
        throw new Error('disk busy');
      })
      .handle('host.capabilities', () => ({ protocol: 1, methods: [], events: [] }))
      .handle('agents.list', () => new Promise(() => {}));
    const card = await host.connect();
    const error = await card.storage.get('x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INTERNAL', hostMessage: 'disk busy', method: 'storage.get' });
    expect(await card.host.supports('agents.usage')).toBe(false);
    let settled = false;
    void card.agents.list().then(() => (settled = true));
    await settle();
    expect(settled).toBe(false);
  });

  it('passes params and the host to an override, and forwards the code of a CardSdkError it throws', async () => {
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST, agents: sampleAgents() });
    const seen: unknown[] = [];
    host.handle('agents.get', (params, self) => {
      seen.push(params, self === host);
      if (params.agentId === 'gone') throw new CardSdkError('NOT_FOUND', 'no agent gone', { agentId: 'gone' });
      return self.agents[1];
    });
    const card = await host.connect();
    expect((await card.agents.get('shell-1')).id).toBe('shell-1');
    expect(seen).toEqual([{ agentId: 'shell-1' }, true]);
    await expect(card.agents.get('gone')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'no agent gone',
      data: { agentId: 'gone' },
    });
  });

  it('still runs the generic checks before an override', async () => {
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST }).handle('fs.read', () => ({ data: 'x' }));
    const card = await host.connect();
    await expect(card.fs.readText('a.txt')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      hostMessage: 'fs.read needs fs.read',
    });
  });

  it('answers METHOD_NOT_FOUND for a method the app does not have', async () => {
    const card = await createMockHost().connect();
    await expect(card.callUnchecked('nope.never')).rejects.toMatchObject({
      code: 'METHOD_NOT_FOUND',
      hostMessage: 'no method nope.never',
    });
  });

  it('answers TOO_LARGE when a result does not fit in a message', async () => {
    const host = createMockHost().handle('storage.get', () => ({
      exists: true,
      value: 'x'.repeat(LIMITS.messageBytes),
    }));
    const card = await host.connect();
    await expect(card.storage.get('big')).rejects.toMatchObject({
      code: 'TOO_LARGE',
      hostMessage: 'result larger than the limit',
    });
  });

  it('pings the card and gets its pong', async () => {
    const host = createMockHost();
    await host.connect();
    const seq = await host.ping();
    expect(host.pongs).toEqual([seq]);
  });
});

describe('mock host records in a long test', () => {
  it('keeps at least the latest 10,000 events and never more than 20,000', async () => {
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST, agents: sampleAgents() });
    await host.connect();
    const before = host.events.length;
    for (let i = 0; i < 45_000; i += 1) {
      host.emit('agents.status', { agentId: 'agent-1', status: i % 2 === 0 ? 'working' : 'idle' });
    }
    expect(host.events.length).toBeGreaterThanOrEqual(10_000);
    expect(host.events.length).toBeLessThanOrEqual(20_000);
    // The latest events are the ones kept, in order.
    const statuses = host.events
      .filter((record) => record.event === 'agents.status')
      .slice(-2)
      .map((record) => (record.data as { status: string }).status);
    expect(statuses).toEqual(['working', 'idle']);
    expect(before).toBeLessThan(10_000);
    host.close();
  });
});
