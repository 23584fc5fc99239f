// Every code example of the package README, run unchanged against the mock host and the real client.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as sdk from '../../src/index.js';
import {
  CARD_PROTOCOL_VERSION,
  THEME_TOKENS,
  hasDownstreamPeer,
  isCardSdkError,
  permissionForPeer,
  requestPermissions,
  toolError,
  toolImage,
  toolText,
  type Card,
  type CardManifest,
  type CardSdkError,
} from '../../src/index.js';
import type {
  AgentInfo,
  AgentRequestSpan,
  AgentStatus,
  AgentTimeline,
  AgentUsage,
  AgentUsagePart,
  AgentUsageSubagents,
  CardEvents,
  CardLanguage,
  CardTone,
  Catalog,
  JsonValue,
  PeerInfo,
  PermissionId,
  PortInfo,
  PortTypeId,
  ToolCall,
  Translator,
} from '../../src/index.js';
import {
  createMockHost,
  type MockFetchRequest,
  type MockFetchResponse,
  type MockHost,
  type MockHostOptions,
  type MockPeer,
} from '../../src/testing/index.js';
import * as react from '../../hooks/index.js';
import { CardProvider, useAgents, useStorage, useTool } from '../../hooks/index.js';
import { README_KIT_CLASSES } from '../../components/kit-classes.test-helper.js';
import { README_MANIFEST, manifestWith, notePeer, rejectionOf, seedAgents, settle } from './seed-fixtures.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A card declaring everything the README's examples touch. */
const EVERYTHING_MANIFEST: CardManifest = manifestWith({
  card: { defaultSize: { w: 460, h: 340 }, minSize: { w: 200, h: 150 }, maxSize: { w: 800, h: 600 } },
  permissions: [
    'agents.read',
    'agents.output',
    'agents.prompt',
    'terminals.write',
    'usage.read',
    'fs.write',
    'canvas.spawn',
    'cards.connected',
    { id: 'network', hosts: ['api.github.com'] },
    { id: 'clipboard.write', optional: true },
    { id: 'network.local', optional: true },
  ],
  settings: [
    { key: 'command', type: 'string', label: 'Test command', default: 'npm test' },
    { key: 'githubToken', type: 'secret', label: 'GitHub token' },
  ],
  ports: {
    inputs: [
      { id: 'text', label: 'Text', type: 'ns:text' },
      { id: 'task', label: 'Task', type: 'ns:task' },
      { id: 'lookup', label: 'Look up', type: 'ns:text', mode: 'request', response: { type: 'ns:json' } },
    ],
    outputs: [
      { id: 'failures', label: 'Failures', type: 'ns:tasks', retain: true },
      { id: 'summary', label: 'Summary', type: 'ns:markdown' },
    ],
  },
  tools: [
    {
      name: 'run_tests',
      description: "Runs the project's tests and returns the failing ones.",
      inputSchema: { type: 'object', properties: { filter: { type: 'string' } } },
    },
  ],
});

async function setup(options: MockHostOptions = {}) {
  const host = createMockHost({ manifest: EVERYTHING_MANIFEST, agents: seedAgents(), ...options });
  const card = await host.connect();
  return { host, card };
}

describe('The card and the manifest', () => {
  it('runs the README manifest as it is', async () => {
    const host = createMockHost({ manifest: README_MANIFEST });
    const card = await host.connect();
    expect(host.manifest.name).toBe('test-radar');
    expect(card.context.instance).toMatchObject({
      name: 'test-radar',
      displayName: 'Test radar',
      version: '1.0.0',
      size: { w: 460, h: 340 },
    });
    expect(card.settings.value('command')).toBe('npm test');
    expect(card.context.permissions.map((p) => [p.id, p.granted])).toEqual([
      ['agents.read', true],
      ['terminals.write', true],
      ['network', true],
    ]);
    expect(card.context.permissions.find((p) => p.id === 'network')?.hosts).toEqual(['api.github.com']);
    expect(card.ports.inputs).toEqual([
      { id: 'run', label: 'Run', type: 'ns:trigger', mode: 'stream', retain: false, default: false },
    ]);
    expect(card.ports.outputs).toEqual([
      { id: 'failures', label: 'Failures', type: 'ns:tasks', mode: 'stream', retain: true, default: false },
    ]);
  });

  it('localizes manifest texts given as { en, ru }', async () => {
    const host = createMockHost({ manifest: README_MANIFEST, context: { i18n: { language: 'ru', locale: 'ru-RU' } } });
    const card = await host.connect();
    expect(card.context.instance.displayName).toBe('Радар тестов');
  });

  it.each([
    ['a reserved name', { name: 'telegram' }],
    ['a bidi override in a name', { displayName: 'Test \u202Eradar' }],
    ['a bidi isolate in the display name', { displayName: 'Test \u2066radar' }],
    ['a newline in a label', { settings: [{ key: 'command', type: 'string', label: 'Test\ncommand' }] }],
    ['a control character in the display name', { displayName: 'Test\u0007radar' }],
    [
      'a zero-width character in a label',
      { settings: [{ key: 'command', type: 'string', label: 'Test\u200Bcommand' }] },
    ],
    [
      'a tool name with __',
      { tools: [{ name: 'run__tests', description: 'Runs tests.', inputSchema: { type: 'object' } }] },
    ],
    [
      'an enum over 256 options',
      {
        tools: [
          {
            name: 'pick',
            description: 'Picks one.',
            inputSchema: {
              type: 'object',
              properties: { choice: { enum: Array.from({ length: 257 }, (_, i) => `option-${i}`) } },
            },
          },
        ],
      },
    ],
    [
      'a const over 4 KB',
      {
        ports: {
          outputs: [{ id: 'big', label: 'Big', type: 'test-radar/big', schema: { const: 'x'.repeat(4097) } }],
        },
      },
    ],
    ['a tab in a label', { ports: { inputs: [{ id: 'run', label: 'Run\tnow', type: 'ns:trigger' }] } }],
    ['a Unicode tag character in the display name', { displayName: 'Test radar\u{E0041}' }],
    [
      'a tool whose exposed name is a built-in tool (canvas_spawn_card)',
      { name: 'canvas-spawn', tools: [{ name: 'card', description: 'Spawns.', inputSchema: { type: 'object' } }] },
    ],
    [
      'a tool whose exposed name is a built-in tool (terminal_send_keys)',
      { name: 'terminal-send', tools: [{ name: 'keys', description: 'Sends keys.', inputSchema: { type: 'object' } }] },
    ],
    [
      'enum options over 16 KB in total',
      {
        ports: {
          outputs: [
            {
              id: 'level',
              label: 'Level',
              type: 'test-radar/level',
              schema: { enum: Array.from({ length: 200 }, (_, i) => `${i}`.padEnd(100, 'x')) },
            },
          ],
        },
      },
    ],
  ])('refuses a manifest with %s', (_, change) => {
    expect(() => createMockHost({ manifest: { ...README_MANIFEST, ...change } as CardManifest })).toThrow(
      /^mock host: invalid manifest — /,
    );
  });

  it('allows tabs and newlines in descriptions, and an enum of exactly 256 options', () => {
    const tools = [
      {
        name: 'run_tests',
        description: "Runs the project's tests.\n\tReturns the failing ones.",
        inputSchema: {
          type: 'object',
          properties: { suite: { enum: Array.from({ length: 256 }, (_, i) => `s${i}`) } },
        },
      },
    ];
    expect(() => createMockHost({ manifest: { ...README_MANIFEST, tools } as CardManifest })).not.toThrow();
  });
});

describe('The sandbox', () => {
  it('saves state in card.lifecycle.onSuspend', async () => {
    const { host, card } = await setup();
    card.lifecycle.onSuspend(async (graceMs) => {
      await card.storage.set('draft', { text: 'half written', graceMs });
    });
    host.suspend();
    await settle();
    expect(host.storage.instance.get('draft')).toEqual({ text: 'half written', graceMs: 1000 });
  });

  it('copies only with clipboard.write', async () => {
    const { host, card } = await setup();
    await expect(card.copyText('hello')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      data: { permission: 'clipboard.write' },
    });
    await expect(card.permissions.request('clipboard.write')).resolves.toEqual(['clipboard.write']);
    await card.copyText('hello');
    expect(host.clipboard).toEqual(['hello']);
  });

  it('only reports whether a secret is set, never its value', async () => {
    const { host, card } = await setup({ secrets: { githubToken: 'ghp_test' } });
    expect(card.context.settings.secrets).toEqual({ githubToken: true });
    expect(card.settings.hasSecret('githubToken')).toBe(true);
    expect(JSON.stringify(card.context)).not.toContain('ghp_test');
    host.setSecret('githubToken', null);
    await settle();
    expect(card.settings.secrets.githubToken).toBe(false);
  });
});

describe('connect()', () => {
  it('puts everything the host knows in card.context', async () => {
    const { card } = await setup();
    for (const key of [
      'instance',
      'workspace',
      'visibility',
      'expanded',
      'theme',
      'i18n',
      'settings',
      'permissions',
      'ports',
      'peers',
      'launch',
      'limits',
      'chrome',
    ]) {
      expect(card.context).toHaveProperty(key);
    }
    expect(card.context.visibility).toBe('visible');
    expect(card.context.launch).toBe('created');
    expect(card.context.limits).toEqual(sdk.LIMITS);
  });

  it('applies the app theme to <html> as --ns-* variables and keeps <html lang> current', async () => {
    const html = document.documentElement;
    html.removeAttribute('style');
    html.removeAttribute('lang');
    const { host, card } = await setup();
    for (const token of THEME_TOKENS) {
      expect(html.style.getPropertyValue(`--ns-${token}`)).toBe(card.context.theme.tokens[token]);
    }
    expect(html.style.getPropertyValue('--ns-font-sans')).not.toBe('');
    expect(html.style.getPropertyValue('--ns-font-mono')).not.toBe('');
    expect(html.style.getPropertyValue('color-scheme')).toBe('dark');
    expect(html.dataset.nsScheme).toBe('dark');
    expect(html.lang).toBe('en');
    host.setLanguage('ru');
    await settle();
    expect(html.lang).toBe('ru');
    host.setTheme({ ...card.context.theme, tokens: { ...card.context.theme.tokens, accent: '#123456' } });
    await settle();
    expect(html.style.getPropertyValue('--ns-accent')).toBe('#123456');
  });

  it('leaves <html> alone with connect({ theme: false, syncLang: false })', async () => {
    const html = document.documentElement;
    html.removeAttribute('style');
    html.lang = 'xx';
    const host = createMockHost({ manifest: EVERYTHING_MANIFEST });
    await host.connect({ theme: false, syncLang: false });
    host.setLanguage('zh');
    await settle();
    expect(html.getAttribute('style')).toBeNull();
    expect(html.lang).toBe('xx');
  });

  it('keeps chrome across frame reloads, and a stale pulse is cleared with attention("none")', async () => {
    const { host, card } = await setup();
    await card.attention('needs-input', '3 tests failed');
    card.close();
    const reloaded = await host.connect();
    expect(reloaded.context.chrome?.attention).toEqual({ level: 'needs-input', message: '3 tests failed' });
    if (reloaded.context.chrome?.attention) await reloaded.attention('none');
    expect(host.chrome.attention).toEqual({ level: 'none' });
    expect(reloaded.context.chrome?.attention).toBeNull();
  });

  it('folds chrome calls into the latest value and never throws for rate', async () => {
    const { host, card } = await setup({ enforceRateLimits: true });
    const calls = Array.from({ length: 40 }, (_, i) => card.setTitle(`Run ${i}`));
    await expect(Promise.all(calls)).resolves.toHaveLength(40);
    expect(host.chrome.title).toEqual({ title: 'Run 39' });
    expect(host.calls.filter((c) => c.method === 'card.setTitle').length).toBeLessThan(40);
  });

  it('sends one chrome call at a time per method and folds the ones made meanwhile into the latest', async () => {
    const { host, card } = await setup();
    await Promise.all([
      card.setStatus('a'),
      card.setStatus('b'),
      card.setStatus('c'),
      card.setBadge(1),
      card.setBadge(2),
    ]);
    expect(host.calls.filter((c) => c.method === 'card.setStatus').map((c) => c.params.text)).toEqual(['a', 'c']);
    expect(host.calls.filter((c) => c.method === 'card.setBadge').map((c) => c.params.count)).toEqual([1, 2]);
    expect(host.chrome.status).toEqual({ text: 'c' });
  });

  it('retries a throttled attention with the latest value after retryAfterMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { host, card } = await setup({ enforceRateLimits: true });
    await card.attention('info', 'first');
    let done = false;
    const second = card.attention('needs-input', 'second').then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    expect(host.chrome.attention).toEqual({ level: 'info', message: 'first' });
    vi.advanceTimersByTime(10_100);
    await settle();
    await second;
    expect(host.chrome.attention).toEqual({ level: 'needs-input', message: 'second' });
  });

  it('rejects the other methods with RATE_LIMITED and error.retryAfterMs', async () => {
    const { card } = await setup({ enforceRateLimits: true });
    await card.ui.toast('one');
    const error = await rejectionOf(card.ui.toast('two'));
    expect(isCardSdkError(error, 'RATE_LIMITED')).toBe(true);
    expect((error as CardSdkError).retryAfterMs).toBeGreaterThan(0);
    expect((error as CardSdkError).retryAfterMs).toBeLessThanOrEqual(2000);
  });
});

describe('connect() outside the app', () => {
  it('refuses a top-level page with UNAVAILABLE and points at createMockHost()', async () => {
    const error = await rejectionOf(sdk.connect({ timeoutMs: 200 }));
    expect(isCardSdkError(error, 'UNAVAILABLE')).toBe(true);
    expect((error as CardSdkError).hostMessage).toBe(
      'this page is not inside a NeuroSquad card frame — run it on the local dev host (npx neurosquad-card dev) or preview it with createMockHost()',
    );
  });
});

describe('connect() in a card frame', () => {
  /** A frame window whose parent is the app, and a way to post window messages into it. */
  function frame() {
    const app = { name: 'app window' };
    const target = new EventTarget();
    const win = Object.assign(target, { parent: app }) as unknown as Window;
    const post = (source: unknown, data: unknown, port?: MessagePort): void => {
      const event = Object.assign(new Event('message'), { source, data, ports: port ? [port] : [] });
      target.dispatchEvent(event);
    };
    return { app, win, post };
  }

  /** Plays the app on the handed-over port: answers host.ready with the mock's context. */
  function serve(port: MessagePort, seen: unknown[]): void {
    const context = createMockHost({ manifest: README_MANIFEST }).hostContext;
    port.onmessage = (event: MessageEvent) => {
      const request = event.data as { id: number; method: string; params: unknown };
      seen.push([request.method, request.params]);
      if (request.method === 'host.ready') port.postMessage(sdk.buildResult(request.id, { ...context, chrome: null }));
    };
  }

  it('takes the port the app hands over from window.parent, and ignores any other window message', async () => {
    const { app, win, post } = frame();
    const evil = new MessageChannel();
    const trusted = new MessageChannel();
    const evilSeen: unknown[] = [];
    const seen: unknown[] = [];
    serve(evil.port1, evilSeen);
    serve(trusted.port1, seen);

    const connecting = sdk.connect({
      window: win,
      timeoutMs: 2000,
      theme: false,
      syncLang: false,
      forwardErrors: false,
    });
    post({ name: 'another card' }, { ns: 'nscard', type: 'connect', protocol: 1 }, evil.port2);
    post(app, { ns: 'nscard', type: 'connect', protocol: 1 });
    post(app, { ns: 'other', type: 'connect', protocol: 1 }, evil.port2);
    post(app, { ns: 'nscard', type: 'connect', protocol: 1 }, trusted.port2);
    const card = await connecting;

    expect(card.context.instance.name).toBe('test-radar');
    expect(evilSeen).toEqual([]);
    expect(seen).toEqual([['host.ready', { sdkVersion: expect.any(String), protocol: 1 }]]);
    card.close();
    evil.port1.close();
    trusted.port1.close();
  });

  it('waits timeoutMs for the app, then fails with UNAVAILABLE', async () => {
    const { win } = frame();
    const error = await rejectionOf(sdk.connect({ window: win, timeoutMs: 100, theme: false }));
    expect(isCardSdkError(error, 'UNAVAILABLE')).toBe(true);
    expect((error as CardSdkError).hostMessage).toBe(
      'no NeuroSquad host answered in 100 ms — is this page running inside a card frame?',
    );
  });
});

describe('The app’s throttles (enforceRateLimits)', () => {
  it.each([
    ['ui.setMenu', 30, (card: Card) => card.ui.setMenu([{ id: 'a', label: 'A' }])],
    ['settings.set', 60, (card: Card) => card.settings.set({ command: 'npm test' })],
    ['tools.setEnabled', 30, (card: Card) => card.tools.setEnabled('run_tests', true)],
    ['ui.confirm', 10, (card: Card) => card.ui.confirm({ title: 'Sure?', message: 'Really?' })],
    ['usage.summary', 6, (card: Card) => card.usage()],
    ['terminals.write', 60, (card: Card) => card.terminals.write('shell-1', 'ls')],
    ['terminals.run', 30, (card: Card) => card.terminals.run('shell-1', 'ls')],
  ] as const)('allows %s %i times a minute, then RATE_LIMITED with retryAfterMs', async (method, perMinute, call) => {
    const { card } = await setup({ enforceRateLimits: true });
    for (let i = 0; i < perMinute; i += 1) await call(card);
    const error = await rejectionOf(call(card));
    expect(isCardSdkError(error, 'RATE_LIMITED')).toBe(true);
    expect(error).toMatchObject({ method });
    expect((error as CardSdkError).retryAfterMs).toBeGreaterThan(0);
    expect((error as CardSdkError).retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it.each([
    ['card.setTitle', 30, (card: Card, i: number) => card.setTitle(`t${i}`), { title: 't30' }],
    ['card.setBadge', 120, (card: Card, i: number) => card.setBadge(i), { count: 120, text: null }],
    ['card.setOverview', 120, (card: Card, i: number) => card.setOverview({ primary: `p${i}` }), { primary: 'p120' }],
  ] as const)(
    'holds %s after %i a minute and sends the latest value once the app allows',
    async (method, perMinute, call, latest) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const { host, card } = await setup({ enforceRateLimits: true });
      for (let i = 0; i < perMinute; i += 1) await call(card, i);
      let done = false;
      const held = call(card, perMinute).then(() => (done = true));
      await settle();
      expect(done).toBe(false);
      const sent = host.calls.filter((c) => c.method === method).length;
      expect(sent).toBe(perMinute + 1);
      vi.advanceTimersByTime(60_100);
      await settle();
      await held;
      const key = method.replace('card.set', '').toLowerCase() as 'title' | 'badge' | 'overview';
      expect(host.chrome[key]).toEqual(latest);
    },
  );

  it('never rejects 150 setStatus calls in a row (120 per minute)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { host, card } = await setup({ enforceRateLimits: true });
    const settled: string[] = [];
    const calls: Promise<void>[] = [];
    for (let i = 0; i < 150; i += 1) {
      calls.push(
        card.setStatus(`step ${i}`).then(
          () => void settled.push('ok'),
          () => void settled.push('rejected'),
        ),
      );
      await settle(2);
    }
    expect(host.chrome.status).not.toEqual({ text: 'step 149' });
    vi.advanceTimersByTime(61_000);
    await settle();
    await Promise.all(calls);
    expect(settled).toHaveLength(150);
    expect(settled.filter((x) => x === 'rejected')).toEqual([]);
    expect(host.chrome.status).toEqual({ text: 'step 149' });
  });
});

describe('Chrome in card.context', () => {
  it('mirrors what the card set, normalized', async () => {
    const { card } = await setup();
    await card.setTitle('Radar');
    await card.setStatus('Running');
    await card.setBadge('new');
    await card.attention('info');
    expect(card.context.chrome).toMatchObject({
      title: 'Radar',
      status: { text: 'Running', tone: 'default', busy: false },
      badge: { count: null, text: 'new', tone: 'default' },
      attention: { level: 'info', message: null },
    });
  });

  it('limits spawns to 4 per card with QUOTA_EXCEEDED', async () => {
    const { card } = await setup();
    for (let i = 0; i < 4; i += 1) await card.spawn('sticky');
    await expect(card.spawn('todo')).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      hostMessage: 'spawn quota reached',
    });
  });
});

describe('Any method, any event', () => {
  it('calls any method typed, and listens to any event with topics subscribed while listened to', async () => {
    const { host, card } = await setup();
    const info = await card.call('card.getInfo'); // typed params and result
    const instanceId: string = info.instanceId;
    expect(instanceId).toBe('card-1');
    expect(info).toEqual(card.context.instance);

    const turns: unknown[] = [];
    const off = card.on('agents.turn', (turn) => turns.push(turn)); // typed payload
    await settle();
    expect(host.subscriptions.has('agents.turn')).toBe(true);
    host.setAgentStatus('agent-1', 'working');
    await settle();
    expect(turns).toEqual([{ agentId: 'agent-1', phase: 'start', at: expect.any(Number) }]);
    off();
    await settle();
    expect(host.subscriptions.has('agents.turn')).toBe(false);

    const storageEvents: unknown[] = [];
    const offStorage = card.storage.onChange((event) => storageEvents.push(event));
    await settle();
    expect(host.subscriptions.has('storage.changed')).toBe(true);
    host.emit('storage.changed', { scope: 'package', key: 'shared' });
    await settle();
    expect(storageEvents).toEqual([{ scope: 'package', key: 'shared' }]);
    offStorage();
  });
});

describe('Namespaces', () => {
  it('card chrome: title, status, badge, overview, attention, resize, links, focus, spawn', async () => {
    const answers: unknown[] = [];
    const { host, card } = await setup({ confirm: (request) => (answers.push(request), true) });
    await card.setTitle('Test radar — main');
    await card.setStatus('Running', { tone: 'accent', busy: true });
    await card.setBadge(3);
    await card.setOverview({
      primary: '3 failing',
      secondary: 'of 120',
      progress: 0.4,
      tone: 'danger',
      icon: 'beaker',
    });
    await card.attention('needs-input', 'Review the failures');
    expect(host.chrome).toMatchObject({
      title: { title: 'Test radar — main' },
      status: { text: 'Running', tone: 'accent', busy: true },
      badge: { count: 3, text: null },
      overview: { primary: '3 failing', secondary: 'of 120', progress: 0.4, tone: 'danger', icon: 'beaker' },
      attention: { level: 'needs-input', message: 'Review the failures' },
    });
    await card.setStatus(null);
    await card.setBadge(null);
    expect(host.chrome.status).toEqual({ text: null });
    expect(host.chrome.badge).toEqual({ count: null, text: null });

    await expect(card.requestResize({ w: 2000, h: 100 })).resolves.toEqual({ w: 800, h: 150 });
    expect(card.size).toEqual({ w: 800, h: 150 });
    await expect(card.openLink('https://example.com/docs')).resolves.toBe(true);
    expect(answers).toEqual([{ type: 'open-link', url: 'https://example.com/docs' }]);
    await expect(card.openLink('http://example.com/')).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    await expect(card.focusCard('note-1')).resolves.toBeUndefined();
    const noteId = await card.spawn('note', { title: 'Failures', init: { text: 'hello' } });
    expect(noteId).toMatch(/^spawned-\d+$/);
    expect(host.spawned).toEqual([{ cardId: noteId, kind: 'note', title: 'Failures', init: { text: 'hello' } }]);
  });

  it('card.ui: toast, confirm → boolean, setMenu with onSelect, onMenu', async () => {
    let answer = false;
    const { host, card } = await setup({ confirm: () => answer });
    await card.ui.toast('Saved', { tone: 'success' });
    expect(host.toasts).toEqual([{ message: 'Saved', tone: 'success' }]);
    await expect(card.ui.confirm({ title: 'Delete?', message: 'All results go.' })).resolves.toBe(false);
    answer = true;
    await expect(card.ui.confirm({ title: 'Delete?', message: 'All results go.' })).resolves.toBe(true);

    const selected: string[] = [];
    await card.ui.setMenu([
      { id: 'rerun', label: 'Run again', icon: 'arrow-path', onSelect: () => selected.push('onSelect rerun') },
      { id: 'clear', label: 'Clear' },
    ]);
    card.ui.onMenu((id) => selected.push(`onMenu ${id}`));
    expect(host.chrome.menu).toEqual([
      { id: 'rerun', label: 'Run again', icon: 'arrow-path' },
      { id: 'clear', label: 'Clear' },
    ]);
    host.emit('ui.menu', { id: 'rerun' });
    await settle();
    expect(selected).toEqual(expect.arrayContaining(['onSelect rerun', 'onMenu rerun']));
  });

  it('card.storage: get with fallback, set, delete, keys(prefix), clear, usage, package scope', async () => {
    const { host, card } = await setup();
    await expect(card.storage.get('runs', 0)).resolves.toBe(0);
    await card.storage.set('runs', 3);
    await card.storage.set('run:b', { ok: false });
    await card.storage.set('run:a', { ok: true });
    await expect(card.storage.get<number>('runs', 0)).resolves.toBe(3);
    await expect(card.storage.keys('run:')).resolves.toEqual(['run:a', 'run:b']);
    await card.storage.delete('runs');
    await expect(card.storage.get('runs')).resolves.toBeUndefined();
    const usage = await card.storage.usage();
    expect(usage).toMatchObject({ keys: 2, quota: sdk.LIMITS.instanceStorageBytes });
    expect(usage.bytes).toBeGreaterThan(0);
    await card.storage.clear();
    expect(host.storage.instance.size).toBe(0);

    await card.storage.package.set('shared', ['a']);
    expect(host.storage.package.get('shared')).toEqual(['a']);
    const other = await host.connect();
    await expect(other.storage.package.get('shared', [])).resolves.toEqual(['a']);
  });

  it('card.settings: values, value(key), hasSecret(key), set(values), open(), onChange', async () => {
    const { host, card } = await setup();
    expect(card.settings.values).toEqual({ command: 'npm test' });
    expect(card.settings.value('command')).toBe('npm test');
    expect(card.settings.hasSecret('githubToken')).toBe(false);
    const changes: unknown[] = [];
    card.settings.onChange((settings) => changes.push(settings.values));
    await card.settings.set({ command: 'pnpm test' });
    expect(card.settings.value('command')).toBe('pnpm test');
    host.setSecret('githubToken', 'ghp_test');
    await settle();
    expect(card.settings.hasSecret('githubToken')).toBe(true);
    expect(changes).toContainEqual({ command: 'pnpm test' });
    await expect(card.settings.set({ nope: 1 })).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    await expect(card.settings.set({ githubToken: 'x' })).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    await expect(card.settings.open()).resolves.toBeUndefined();
    host.setVisibility('hidden');
    await settle();
    await expect(card.settings.open()).rejects.toMatchObject({ code: 'NOT_VISIBLE' });
  });

  it('card.tools: setEnabled', async () => {
    const { host, card } = await setup();
    await card.tools.setEnabled('run_tests', false);
    expect(host.chrome.enabledTools).toEqual({ run_tests: false });
    await expect(card.tools.setEnabled('nope', true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('card.fs: stat, list, readText, readBytes, writeText, writeBytes, mkdir, trash, watch', async () => {
    const { host, card } = await setup({ files: { 'README.md': '# App', 'src/index.ts': 'export {}' } });
    await expect(card.fs.stat('README.md')).resolves.toMatchObject({ path: 'README.md', type: 'file', size: 5 });
    await expect(card.fs.list('')).resolves.toEqual({
      entries: [
        { path: 'README.md', type: 'file', size: 5 },
        { path: 'src', type: 'directory' },
      ],
      truncated: false,
    });
    await expect(card.fs.readText('src/index.ts')).resolves.toBe('export {}');
    expect(Array.from(await card.fs.readBytes('README.md'))).toEqual([35, 32, 65, 112, 112]); // '# App'
    const written = await card.fs.writeText('reports/today.md', '# Report', { createDirs: true });
    expect(written).toMatchObject({ path: 'reports/today.md', type: 'file', size: 8 });
    expect(host.readFile('reports/today.md')).toBe('# Report');
    await card.fs.writeBytes('reports/raw.bin', new Uint8Array([1, 2, 3]));
    expect(Array.from(host.files.get('reports/raw.bin')?.data ?? [])).toEqual([1, 2, 3]);
    await expect(card.fs.mkdir('empty')).resolves.toMatchObject({ path: 'empty', type: 'directory' });
    await card.fs.trash('reports');
    expect([...host.files.keys()].some((path) => path.startsWith('reports/'))).toBe(false);

    const changed: unknown[] = [];
    const unwatch = await card.fs.watch('src', (event) => changed.push(event));
    host.touchFile('src/index.ts', 'export const x = 1');
    await settle();
    expect(changed).toEqual([expect.objectContaining({ path: 'src/index.ts', type: 'change' })]);
    await unwatch();
    await expect(card.fs.readText('missing.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('card.fs in detail: recursive list and watch, conflicts, missing folders, the watcher limit', async () => {
    const { host, card } = await setup({ files: { 'src/a.ts': 'a', 'src/lib/b.ts': 'b' } });
    await expect(card.fs.list('src', { recursive: true })).resolves.toEqual({
      entries: [
        { path: 'src/a.ts', type: 'file', size: 1 },
        { path: 'src/lib', type: 'directory' },
        { path: 'src/lib/b.ts', type: 'file', size: 1 },
      ],
      truncated: false,
    });
    const shallow: string[] = [];
    const deep: string[] = [];
    await card.fs.watch('src', (event) => shallow.push(event.path));
    await card.fs.watch('src', (event) => deep.push(event.path), { recursive: true });
    host.touchFile('src/lib/b.ts', 'bb');
    await settle();
    expect(shallow).toEqual([]);
    expect(deep).toEqual(['src/lib/b.ts']);

    const stat = await card.fs.stat('src/a.ts');
    await card.fs.writeText('src/a.ts', 'a2', { ifMtimeMs: stat.mtimeMs });
    const conflict = await rejectionOf(card.fs.writeText('src/a.ts', 'a3', { ifMtimeMs: stat.mtimeMs }));
    expect(conflict).toMatchObject({
      code: 'FS_ERROR',
      hostMessage: 'the file changed since it was read',
      data: { conflict: true, mtimeMs: expect.any(Number) },
    });
    await expect(card.fs.writeText('reports/today.md', 'x')).rejects.toMatchObject({
      code: 'FS_ERROR',
      hostMessage: 'folder reports does not exist',
    });
    await expect(card.fs.writeText('', 'x')).rejects.toMatchObject({
      code: 'FS_DENIED',
      hostMessage: 'the workspace folder itself cannot be changed',
    });
    for (let i = 2; i < 20; i += 1) await card.fs.watch('', () => undefined);
    await expect(card.fs.watch('', () => undefined)).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      hostMessage: 'too many watchers',
    });
  });

  it('card.ui.confirm asks the user with the card’s title and message', async () => {
    const asked: unknown[] = [];
    const { card } = await setup({ confirm: (request) => (asked.push(request), true) });
    await card.ui.confirm({
      title: 'Delete results?',
      message: 'All 120 runs go.',
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    expect(asked).toEqual([{ type: 'confirm', title: 'Delete results?', message: 'All 120 runs go.' }]);
  });

  it('card.permissions: all, has(id), request(...ids) for optional ones, onChange', async () => {
    const asked: string[][] = [];
    const { host, card } = await setup({ requestPermissions: (ids) => (asked.push(ids), ids) });
    expect(card.permissions.all.find((p) => p.id === 'clipboard.write')).toMatchObject({
      optional: true,
      granted: false,
    });
    expect(card.permissions.has('fs.read')).toBe(true); // implied by fs.write
    expect(card.permissions.has('clipboard.write')).toBe(false);
    const changes: unknown[] = [];
    card.permissions.onChange((permissions) => changes.push(permissions.filter((p) => p.granted).length));
    await expect(card.permissions.request('clipboard.write')).resolves.toEqual(['clipboard.write']);
    expect(asked).toEqual([['clipboard.write']]);
    expect(card.permissions.has('clipboard.write')).toBe(true);
    await expect(card.permissions.request('agents.read')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      hostMessage: 'agents.read is not a declared optional permission',
    });
    host.setGrants([]);
    await settle();
    expect(card.permissions.has('agents.read')).toBe(false);
    expect(changes.at(-1)).toBe(0);
  });

  it('card.lifecycle: onVisibility, onSuspend, onExpanded, onResized', async () => {
    const { host, card } = await setup();
    const seen: unknown[] = [];
    card.lifecycle.onVisibility((state) => seen.push(['visibility', state]));
    card.lifecycle.onExpanded((expanded) => seen.push(['expanded', expanded]));
    card.lifecycle.onResized((size) => seen.push(['resized', size]));
    card.lifecycle.onSuspend((graceMs) => void seen.push(['suspend', graceMs]));
    host.setVisibility('overview');
    host.setExpanded(true);
    host.resize({ w: 600, h: 400 });
    host.suspend(500);
    await settle();
    expect(seen).toEqual([
      ['visibility', 'overview'],
      ['expanded', true],
      ['resized', { w: 600, h: 400 }],
      ['suspend', 500],
    ]);
    expect(card.visibility).toBe('overview');
    expect(card.expanded).toBe(true);
    expect(card.size).toEqual({ w: 600, h: 400 });
  });

  it('card.log: debug/info/warn/error reach the package log', async () => {
    const { host, card } = await setup();
    card.log.debug('starting');
    card.log.info('ran', { passed: 3 });
    card.log.warn('slow');
    card.log.error(new Error('boom'));
    await settle();
    expect(host.logs.slice(0, 3)).toEqual([
      { level: 'debug', message: 'starting' },
      { level: 'info', message: 'ran {"passed":3}' },
      { level: 'warn', message: 'slow' },
    ]);
    expect(host.logs[3]).toMatchObject({ level: 'error', message: expect.stringContaining('boom') });
  });

  it('other: usage(period), copyText, getWorkspace, host.capabilities(), host.supports(method), waitFor(event), close()', async () => {
    const { host, card } = await setup({ grant: 'all' });
    await expect(card.usage('7d')).resolves.toMatchObject({
      period: '7d',
      rows: [],
      totalCostMicroUsd: 0,
      partial: false,
    });
    await card.copyText('npm test -- auth');
    expect(host.clipboard).toEqual(['npm test -- auth']);
    await expect(card.getWorkspace()).resolves.toEqual({
      id: 'workspace-1',
      name: 'Mock workspace',
      path: '/mock/workspace',
    });
    const capabilities = await card.host.capabilities();
    expect(capabilities.protocol).toBe(CARD_PROTOCOL_VERSION);
    expect(capabilities.methods).toHaveLength(64);
    expect(capabilities.events).toHaveLength(22);
    await expect(card.host.supports('agents.timeline')).resolves.toBe(true);
    await expect(card.host.supports('agents.teleport')).resolves.toBe(false);

    const visible = card.waitFor('lifecycle.visibility', (event) => event.state === 'hidden');
    host.setVisibility('overview');
    host.setVisibility('hidden');
    await expect(visible).resolves.toEqual({ state: 'hidden' });

    card.close();
    expect(card.closed).toBe(true);
    await expect(card.getWorkspace()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('card.context (kept current)', () => {
  it('replaces the context on every change and tells listeners', async () => {
    const { host, card } = await setup({ peers: [notePeer('note-1')] });
    const seen: sdk.CardContext[] = [];
    card.onContextChange((context) => seen.push(context));
    const before = card.context;
    host.setVisibility('hidden');
    host.setExpanded(true);
    host.setSettings({ command: 'make test' });
    host.setGrants(['agents.read']);
    host.setPeers([]);
    await settle();
    expect(card.context).not.toBe(before);
    expect(before.visibility).toBe('visible');
    expect(card.context).toMatchObject({ visibility: 'hidden', expanded: true, peers: [] });
    expect(card.context.settings.values.command).toBe('make test');
    expect(card.context.permissions.filter((p) => p.granted).map((p) => p.id)).toEqual(['agents.read']);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('reports a reload through context.launch', async () => {
    const host = createMockHost({ manifest: EVERYTHING_MANIFEST, context: { launch: 'reloaded' } });
    const card = await host.connect();
    expect(card.context.launch).toBe('reloaded');
    expect(card.launch).toBe('reloaded');
  });

  it('keeps a topic subscribed while any listener is left', async () => {
    const { host, card } = await setup();
    const offA = card.on('agents.status', () => undefined);
    const offB = card.agents.onStatus(() => undefined);
    await settle();
    offA();
    await settle();
    expect(host.subscriptions.has('agents.status')).toBe(true);
    offB();
    await settle();
    expect(host.subscriptions.has('agents.status')).toBe(false);
  });
});

describe('Tool calls in detail', () => {
  it('tells the handler who calls, and aborts its signal when the host cancels', async () => {
    const { host, card } = await setup();
    const seen: unknown[] = [];
    card.tools.handle('run_tests', (_args, call) => {
      seen.push(call.agent, call.tool, typeof call.deadline);
      return new Promise((resolve) => {
        call.signal.addEventListener('abort', () => {
          seen.push((call.signal.reason as CardSdkError).code);
          resolve('too late');
        });
      });
    });
    const pending = host.callTool('run_tests', {}, { agent: { id: 'agent-7', name: 'Codex' } });
    await settle();
    host.cancelTool(pending.callId);
    await expect(pending).rejects.toMatchObject({ code: 'USER_CANCELLED' });
    await settle();
    expect(seen).toEqual([{ id: 'agent-7', name: 'Codex' }, 'run_tests', 'number', 'USER_CANCELLED']);
  });

  it('times out a call nobody answers with TIMEOUT', async () => {
    const { host, card } = await setup();
    card.tools.handle('run_tests', () => new Promise(() => undefined));
    await expect(host.callTool('run_tests', {}, { timeoutMs: 50 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining('tool run_tests timed out'),
    });
  });
});

describe('CardResponse in detail', () => {
  it('reads bytes of a base64 response, chunks of a stream, and aborts a stream', async () => {
    const { host, card } = await setup({
      fetch: (req) =>
        req.url.endsWith('/logo.png')
          ? { headers: { 'content-type': 'image/png' }, body: new Uint8Array([137, 80, 78, 71]) }
          : { stream: ['a', 'b', 'c'] },
    });
    const image = await card.net.fetch('https://api.github.com/logo.png', { responseType: 'base64' });
    expect(Array.from(await image.bytes())).toEqual([137, 80, 78, 71]);
    expect(image.headers.get('Content-Type')).toBe('image/png');

    const stream = await card.net.fetch('https://api.github.com/stream', { responseType: 'stream' });
    const chunks: unknown[] = [];
    for await (const chunk of stream.chunks()) chunks.push(chunk);
    expect(chunks.join('')).toBe('abc');

    const controller = new AbortController();
    const aborted = await card.net.fetch('https://api.github.com/stream', {
      responseType: 'stream',
      signal: controller.signal,
    });
    controller.abort();
    await settle();
    expect(host.aborted).toEqual([aborted.requestId]);
  });

  it('sends a JSON body as application/json with POST', async () => {
    const seen: unknown[] = [];
    const { card } = await setup({ fetch: (req) => (seen.push(req), { status: 201, body: '' }) });
    const res = await card.net.fetch('https://api.github.com/repos/acme/app/issues', {
      body: { title: 'Flaky auth test' },
    });
    expect(res.status).toBe(201);
    expect(seen).toEqual([
      {
        url: 'https://api.github.com/repos/acme/app/issues',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"title":"Flaky auth test"}',
      },
    ]);
  });

  it('gives json() === null for a 204 as well', async () => {
    const { card } = await setup({ fetch: () => ({ status: 204, statusText: 'No Content' }) });
    const res = await card.net.fetch('https://api.github.com/x', { method: 'DELETE', responseType: 'json' });
    await expect(res.json()).resolves.toBeNull();
  });
});

describe('Storage in detail', () => {
  it('returns a stored null instead of the fallback', async () => {
    const { card } = await setup();
    await card.storage.set('cleared', null);
    await expect(card.storage.get('cleared', 'fallback')).resolves.toBeNull();
  });

  it('survives a new frame', async () => {
    const { host, card } = await setup();
    await card.storage.set('notes', 'kept');
    card.close();
    const again = await host.connect();
    await expect(again.storage.get('notes', '')).resolves.toBe('kept');
  });
});

describe('CardSdkError', () => {
  it('serializes to the wire form and back', () => {
    const error = new sdk.CardSdkError(
      'RATE_LIMITED',
      'ui.toast: once per 2000 ms',
      { retryAfterMs: 1500 },
      'ui.toast',
    );
    expect(error.retryAfterMs).toBe(1500);
    expect(error.message).toBe('ui.toast: once per 2000 ms [RATE_LIMITED]');
    expect(error.toJSON()).toEqual({
      code: 'RATE_LIMITED',
      message: 'ui.toast: once per 2000 ms',
      data: { retryAfterMs: 1500 },
    });
    const back = sdk.CardSdkError.fromPayload(error.toJSON(), 'ui.toast');
    expect(back).toMatchObject({ code: 'RATE_LIMITED', method: 'ui.toast', retryAfterMs: 1500 });
    expect(isCardSdkError(back, 'RATE_LIMITED')).toBe(true);
    expect(isCardSdkError(back, 'TIMEOUT')).toBe(false);
    expect(isCardSdkError(new Error('plain'))).toBe(false);
  });
});

describe('Tools for agents', () => {
  function handleRunTests(card: Card, shellId: string): void {
    card.tools.handle<{ filter?: string }>('run_tests', async ({ filter }, call) => {
      call.progress('running…'); // shown on the arrow
      const result = await card.terminals.run(shellId, `npm test -- ${filter ?? ''}`, { timeoutMs: 60_000 });
      return result.exitCode === 0 ? 'All tests passed' : result.output;
    });
  }

  it('answers the agent with the documented result', async () => {
    const { host, card } = await setup();
    handleRunTests(card, 'shell-1');
    const pending = host.callTool('run_tests', { filter: 'auth' });
    expect(pending.callId).toMatch(/^call-\d+$/);
    await expect(pending).resolves.toEqual({ content: [{ type: 'text', text: 'All tests passed' }] });
    expect(host.terminal).toEqual([{ agentId: 'shell-1', text: 'npm test -- auth', kind: 'run' }]);
    expect(host.calls.find((c) => c.method === 'tools.progress')?.params).toEqual({
      callId: pending.callId,
      message: 'running…',
    });
    host.handle('terminals.run', () => ({
      exitCode: 1,
      output: 'FAIL auth › logs in',
      truncated: false,
      timedOut: false,
    }));
    await expect(host.callTool('run_tests', {})).resolves.toEqual({
      content: [{ type: 'text', text: 'FAIL auth › logs in' }],
    });
  });

  it('returns JSON values, toolText, toolImage and toolError', async () => {
    const manifest = manifestWith({
      tools: ['json', 'text', 'image', 'error'].map((name) => ({
        name,
        description: `Returns ${name}.`,
        inputSchema: { type: 'object' },
      })),
    });
    const host = createMockHost({ manifest });
    const card = await host.connect();
    card.tools.handle('json', () => ({ failing: 2 }));
    card.tools.handle('text', () => toolText('plain'));
    card.tools.handle('image', () => toolImage('iVBORw0KGgo=', 'image/png'));
    card.tools.handle('error', () => toolError('no terminal connected'));
    await expect(host.callTool('json')).resolves.toEqual({ content: [{ type: 'text', text: '{\n  "failing": 2\n}' }] });
    await expect(host.callTool('text')).resolves.toEqual({ content: [{ type: 'text', text: 'plain' }] });
    await expect(host.callTool('image')).resolves.toEqual({
      content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
    });
    await expect(host.callTool('error')).resolves.toEqual({
      content: [{ type: 'text', text: 'no terminal connected' }],
      isError: true,
    });
  });

  it('sends an error to the agent when the handler throws', async () => {
    const { host, card } = await setup();
    card.tools.handle('run_tests', () => {
      throw new Error('Connect me to a terminal');
    });
    const error = await rejectionOf(host.callTool('run_tests', {}));
    expect(isCardSdkError(error, 'INTERNAL')).toBe(true);
    expect((error as Error).message).toContain('Connect me to a terminal');
  });

  it('lets calls that arrive before handle() wait for it', async () => {
    const { host, card } = await setup();
    const early = host.callTool('run_tests', { filter: 'early' });
    await settle();
    handleRunTests(card, 'shell-1');
    await expect(early).resolves.toEqual({ content: [{ type: 'text', text: 'All tests passed' }] });
  });

  it('rejects bad arguments and undeclared tools before the card sees them', async () => {
    const { host } = await setup();
    const bad = await rejectionOf(host.callTool('run_tests', { filter: 3 }));
    expect(bad).toMatchObject({ code: 'INVALID_PARAMS' });
    expect((bad as Error).message).toMatch(/mock host: invalid tool args — \/filter: /);
    await expect(host.callTool('deploy', {})).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
  });
});

describe('Ports (README)', () => {
  it('emits failures (a note gets a Markdown list), receives text and answers lookups', async () => {
    const { host, card } = await setup({ peers: [notePeer('note-1'), notePeer('note-up', 'upstream')] });
    const rendered: unknown[] = [];
    const render = (value: unknown): void => void rendered.push(value);
    const search = async (query: string): Promise<string[]> => [`${query}.spec.ts`];

    await card.ports.emit('failures', [{ text: 'auth › logs in', status: 'error' }]); // a note gets a Markdown list
    card.ports.onMessage((text) => render(text), { input: 'text' });
    card.ports.onRequest<string>('lookup', async (query) => search(query));

    host.sendPortMessage('text', '# Plan', { cardId: 'note-up' });
    await settle();
    expect(host.deliveries).toEqual([
      { to: 'note-1', output: 'failures', input: 'append', data: '- [ ] auth › logs in' },
    ]);
    expect(rendered).toEqual(['# Plan']);
    expect(host.events.find((e) => e.event === 'ports.message')?.data).toMatchObject({
      type: 'ns:text',
      sourceType: 'ns:markdown',
    });
    await expect(host.requestPort('lookup', 'auth')).resolves.toEqual(['auth.spec.ts']);
  });

  it('accepts your own interfaces as generic parameters', async () => {
    interface Task {
      text: string;
      status?: 'pending' | 'active' | 'done' | 'error';
    }
    const { host, card } = await setup();
    const active: string[] = [];
    card.ports.onMessage<Task>(
      (task) => {
        if (task.status === 'active') active.push(task.text);
      },
      { input: 'task' },
    );
    host.sendPortMessage('task', { text: 'ship the mock', status: 'active' }, { type: 'ns:task' });
    await settle();
    expect(active).toEqual(['ship the mock']);
  });

  it('checks peers and permissions before sending, with the three helpers', async () => {
    const manifest = manifestWith({
      permissions: [{ id: 'cards.connected', optional: true }],
      ports: { outputs: [{ id: 'summary', label: 'Summary', type: 'ns:markdown' }] },
    });
    const hints: string[] = [];
    const hint = (text: string): string => (hints.push(text), text);

    async function summarise(card: Card, text: string): Promise<string | void> {
      if (!hasDownstreamPeer(card.ports.peers)) return hint('Draw an arrow to a note');
      const needed = card.ports.peers.map((p) => permissionForPeer(p, { outputType: 'ns:markdown' }));
      await requestPermissions(card, ...needed.filter((id) => id !== null)); // never throws
      await card.ports.emit('summary', text);
    }

    const lonely = createMockHost({ manifest });
    await summarise(await lonely.connect(), '# Done');
    expect(hints).toEqual(['Draw an arrow to a note']);

    const host = createMockHost({ manifest, peers: [notePeer('note-1')] });
    await summarise(await host.connect(), '# Done');
    expect(host.deliveries).toEqual([{ to: 'note-1', output: 'summary', input: 'append', data: '# Done' }]);
  });
});

describe('One agent’s run: card.agents.usage', () => {
  it('reads the numbers when the app supports it, nulls meaning "not reported"', async () => {
    const startedAt = Date.now() - 60_000;
    const { host, card } = await setup({
      agentUsage: {
        'agent-1': {
          requests: 12,
          inputTokens: 1200,
          outputTokens: 340,
          cacheWriteTokens: null,
          prompts: 2,
          workingMs: 45_000,
        },
      },
    });
    const agentId = 'agent-1';
    const shown: unknown[] = [];
    if (await card.host.supports('agents.usage')) {
      const run = await card.agents.usage(agentId, startedAt); // until = now
      shown.push(
        run.requests,
        run.inputTokens,
        run.outputTokens,
        run.cacheReadTokens,
        run.cacheWriteTokens,
        run.totalTokens,
      );
      shown.push(run.prompts, run.workingMs, run.elapsedMs, run.costMicroUsd);
      expect(run).toMatchObject({
        agentId,
        harness: 'claude-code',
        since: startedAt,
        usageReadable: true,
        model: 'claude-sonnet',
      });
      expect(run.until).toBeGreaterThanOrEqual(startedAt);
    }
    expect(shown).toEqual([12, 1200, 340, 0, null, 0, 2, 45_000, null, null]);
    host.setAgentUsage('agent-1', { totalTokens: 1540 });
    await expect(card.agents.usage(agentId, startedAt)).resolves.toMatchObject({ totalTokens: 1540 });
  });

  it('takes the override as a function of the call', async () => {
    const { card } = await setup({
      agentUsage: (agentId, since, until) => ({ requests: until - since, model: agentId }),
    });
    await expect(card.agents.usage('agent-1', 1000, 5000)).resolves.toMatchObject({
      requests: 4000,
      model: 'agent-1',
      since: 1000,
      until: 5000,
    });
  });

  it('skips the feature on an older app', async () => {
    const { host, card } = await setup();
    host.handle('host.capabilities', () => ({ protocol: 1, methods: [], events: [] }));
    await expect(card.host.supports('agents.usage')).resolves.toBe(false);
  });

  it('needs usage.read, an arrow, an AI agent and since ≤ until', async () => {
    const { card } = await setup();
    await expect(card.agents.usage('shell-1', 0)).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'bash is not an AI agent',
    });
    await expect(card.agents.usage('agent-2', 0)).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    await expect(card.agents.usage('agent-1', 5000, 1000)).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: '"since" is after "until"',
    });
    const { card: reader } = await setup({ grant: ['agents.read'] });
    await expect(reader.agents.usage('agent-1', 0)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      data: { permission: 'usage.read' },
    });
  });
});

describe('Requests on a timeline: card.agents.timeline', () => {
  it('returns requests, status spans and turns of an arrow-connected agent', async () => {
    const { host, card } = await setup();
    const timeline = await card.agents.timeline('agent-1', 1000, 9000);
    expect(timeline).toMatchObject({
      agentId: 'agent-1',
      harness: 'claude-code',
      since: 1000,
      until: 9000,
      usageReadable: true,
      requestTimes: 'start-end',
      requests: [],
      truncated: false,
      statuses: [{ status: 'idle', from: 1000, to: 9000 }],
      turns: [],
    });
    const request = { at: 5000, startedAt: 4000, inputTokens: 10, outputTokens: 5, toolCalls: 1 };
    host.setAgentTimeline('agent-1', { requestTimes: 'end', requests: [request] as never });
    await expect(card.agents.timeline('agent-1', 1000, 9000)).resolves.toMatchObject({
      requestTimes: 'end',
      requests: [request],
    });
    await expect(card.agents.timeline('agent-2', 1000)).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
  });
});

describe('Network', () => {
  it('fetches JSON with a secret header filled in by the host', async () => {
    const seen: unknown[] = [];
    const { card } = await setup({
      secrets: { githubToken: 'ghp_test' },
      fetch: (req) => (
        seen.push(req),
        { headers: { 'X-RateLimit-Remaining': '59' }, body: [{ title: 'Flaky auth test' }] }
      ),
    });

    const res = await card.net.fetch('https://api.github.com/repos/acme/app/issues', {
      headers: { authorization: 'Bearer {{secret:githubToken}}' }, // a "secret" setting, filled in by the user
      responseType: 'json',
    });
    if (!res.ok) throw new Error(`GitHub said ${res.status}`);
    const issues = await res.json<{ title: string }[]>();

    const first: string = issues[0].title;
    expect(first).toBe('Flaky auth test');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(seen).toEqual([
      {
        url: 'https://api.github.com/repos/acme/app/issues',
        method: 'GET',
        headers: { authorization: 'Bearer ghp_test' },
      },
    ]);
  });

  it('throws the example’s error for a failed status', async () => {
    const { card } = await setup({
      fetch: () => ({ status: 404, statusText: 'Not Found', body: '{"message":"Not Found"}' }),
    });
    async function issues(): Promise<{ title: string }[]> {
      const res = await card.net.fetch('https://api.github.com/repos/acme/app/issues', { responseType: 'json' });
      if (!res.ok) throw new Error(`GitHub said ${res.status}`);
      return res.json<{ title: string }[]>();
    }
    await expect(issues()).rejects.toThrow('GitHub said 404');
  });

  it('streams lines', async () => {
    const { card } = await setup({ fetch: () => ({ stream: ['event: a\nda', 'ta: 1\n', 'last'] }) });
    const url = 'https://api.github.com/events';
    const lines: string[] = [];
    const handle = (line: string): void => void lines.push(line);

    const stream = await card.net.fetch(url, { responseType: 'stream' });
    for await (const line of stream.lines()) handle(line);

    expect(lines).toEqual(['event: a', 'data: 1', 'last']);
  });

  it('forwards conditional headers, returns etag, and gives json() === null for a 304', async () => {
    const seen: Record<string, string>[] = [];
    const { card } = await setup({
      fetch: (req) => (
        seen.push(req.headers),
        { status: 304, statusText: 'Not Modified', headers: { ETag: '"abc"' }, body: '' }
      ),
    });
    const res = await card.net.fetch('https://api.github.com/repos/acme/app', {
      headers: { 'If-None-Match': '"abc"', 'If-Modified-Since': 'Mon, 30 Nov 2026 10:00:00 GMT' },
      responseType: 'json',
    });
    expect(seen).toEqual([{ 'if-none-match': '"abc"', 'if-modified-since': 'Mon, 30 Nov 2026 10:00:00 GMT' }]);
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('"abc"');
    await expect(res.json()).resolves.toBeNull();
  });

  it('refuses a missing secret, other hosts, plain http and localhost without network.local', async () => {
    const { card } = await setup({ fetch: () => ({ body: 'ok' }) });
    const missing = await rejectionOf(
      card.net.fetch('https://api.github.com/user', { headers: { authorization: 'Bearer {{secret:githubToken}}' } }),
    );
    expect(isCardSdkError(missing, 'INVALID_PARAMS')).toBe(true);
    expect((missing as CardSdkError).hostMessage).toBe('the secret setting "githubToken" is not set');
    await expect(
      card.net.fetch('https://api.github.com/user', { headers: { authorization: '{{secret:command}}' } }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS', hostMessage: '"command" is not a secret setting of this card' });

    const elsewhere = await rejectionOf(card.net.fetch('https://evil.example.com/steal'));
    expect(isCardSdkError(elsewhere, 'HOST_NOT_ALLOWED')).toBe(true);
    expect((elsewhere as CardSdkError).hostMessage).toBe('evil.example.com is not in the network permission');
    expect((elsewhere as Error).message).toContain('Add the host to the "network" permission\'s "hosts"');
    await expect(card.net.fetch('http://api.github.com/')).rejects.toMatchObject({
      code: 'HOST_NOT_ALLOWED',
      hostMessage: 'https only',
    });
    await expect(card.net.fetch('http://localhost:3000/health')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      hostMessage: 'localhost needs network.local',
    });
    await card.permissions.request('network.local');
    await expect(card.net.fetch('http://localhost:3000/health').then((r) => r.text())).resolves.toBe('ok');
  });

  it('matches wildcard hosts (strict subdomains) and ports in the network permission', async () => {
    const manifest = manifestWith({
      permissions: [{ id: 'network', hosts: ['*.githubusercontent.com', 'api.example.com:8443'] }],
    });
    const host = createMockHost({ manifest, fetch: () => ({ body: 'ok' }) });
    const card = await host.connect();
    await expect(card.net.fetch('https://raw.githubusercontent.com/acme/app/main/README.md')).resolves.toMatchObject({
      ok: true,
    });
    await expect(card.net.fetch('https://githubusercontent.com/')).rejects.toMatchObject({ code: 'HOST_NOT_ALLOWED' });
    await expect(card.net.fetch('https://api.example.com:8443/v1')).resolves.toMatchObject({ ok: true });
    await expect(card.net.fetch('https://api.example.com/v1')).rejects.toMatchObject({ code: 'HOST_NOT_ALLOWED' });
  });

  it('refuses headers a card may not set', async () => {
    const { card } = await setup({ fetch: () => ({ body: 'ok' }) });
    for (const name of ['Cookie', 'Host', 'Origin', 'User-Agent', 'Sec-Fetch-Mode', 'Proxy-Authorization']) {
      const error = await rejectionOf(card.net.fetch('https://api.github.com/', { headers: { [name]: 'x' } }));
      expect(error).toMatchObject({
        code: 'INVALID_PARAMS',
        hostMessage: `header "${name.toLowerCase()}" cannot be set by a card`,
      });
    }
  });

  it('fails with NETWORK_ERROR when the network does', async () => {
    const { card } = await setup({ fetch: () => ({ error: 'connection reset' }) });
    await expect(card.net.fetch('https://api.github.com/')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('Files', () => {
  const PROTECTED = [
    '.git/config',
    'vendor/lib/.git',
    'packages/app/.git/hooks/pre-commit',
    '.gitmodules',
    '.gitattributes',
    '.claude/settings.json',
    '.codex/config.toml',
    '.cursor/rules.md',
    '.vscode/settings.json',
    '.idea/workspace.xml',
    '.husky/pre-commit',
    '.github/workflows/ci.yml',
    '.gemini/settings.json',
    '.qwen/settings.json',
    '.opencode/config.json',
    '.mcp.json',
    'CLAUDE.md',
    'CLAUDE.local.md',
    'AGENTS.md',
    'GEMINI.md',
    'QWEN.md',
    '.cursorrules',
    '.windsurfrules',
    'opencode.json',
    '.envrc',
    '.npmrc',
    '.yarnrc',
    '.yarnrc.yml',
  ];

  it.each(PROTECTED)('refuses writes, folders and trash for %s with FS_DENIED', async (path) => {
    const { host, card } = await setup({ files: { [path]: 'original' } });
    for (const attempt of [
      card.fs.writeText(path, 'run me', { createDirs: true }),
      card.fs.mkdir(path),
      card.fs.trash(path),
    ]) {
      const error = await rejectionOf(attempt);
      expect(isCardSdkError(error, 'FS_DENIED')).toBe(true);
    }
    expect(host.readFile(path)).toBe('original');
  });

  it('reads protected files, writes ordinary ones and refuses paths outside the workspace', async () => {
    const { card } = await setup({ files: { '.git/config': '[core]' } });
    await expect(card.fs.readText('.git/config')).resolves.toBe('[core]');
    await expect(card.fs.writeText('docs/notes.md', 'hi', { createDirs: true })).resolves.toMatchObject({
      path: 'docs/notes.md',
    });
    for (const path of ['/etc/passwd', '../outside.txt', 'C:/Windows/win.ini']) {
      const error = await rejectionOf(card.fs.writeText(path, 'x'));
      expect(isCardSdkError(error, 'FS_DENIED')).toBe(true);
      expect((error as Error).message).toContain('Use a path relative to the workspace folder, outside .git/.');
    }
  });
});

describe('Errors', () => {
  it('toasts for NOT_CONNECTED in the documented try/catch', async () => {
    const { host, card } = await setup();
    const agentId = 'agent-2';
    try {
      await card.agents.prompt(agentId, 'Run the tests');
    } catch (error) {
      if (isCardSdkError(error, 'NOT_CONNECTED')) card.ui.toast('Connect me to an agent first');
      else throw error;
    }
    await settle();
    expect(host.toasts).toEqual([{ message: 'Connect me to an agent first' }]);
  });

  it('carries a code, the failing method, data and a hint', async () => {
    const { card } = await setup({ grant: [] });
    const error = await rejectionOf(card.agents.list());
    expect(error).toBeInstanceOf(sdk.CardSdkError);
    expect(error).toMatchObject({
      name: 'CardSdkError',
      code: 'PERMISSION_DENIED',
      method: 'agents.list',
      data: { permission: 'agents.read' },
      hint: 'Declare the permission in neurosquad-card.json ("permissions"), or ask for an optional one with card.permissions.request().',
      message:
        'agents.list needs agents.read [PERMISSION_DENIED] — Declare the permission in neurosquad-card.json ("permissions"), or ask for an optional one with card.permissions.request().',
    });
  });

  it('refuses over-limit values before sending them', async () => {
    const { host, card } = await setup();
    const before = host.calls.length;
    const menu = Array.from({ length: 13 }, (_, i) => ({ id: `item-${i}`, label: `Item ${i}` }));
    const tooMany = await rejectionOf(card.ui.setMenu(menu));
    expect(tooMany).toMatchObject({
      code: 'INVALID_PARAMS',
      method: 'ui.setMenu',
      issues: [expect.objectContaining({ path: '/items' })],
    });
    const tooLarge = await rejectionOf(card.ports.emit('summary', 'x'.repeat(1_100_000)));
    expect(tooLarge).toMatchObject({ code: 'TOO_LARGE', method: 'ports.emit' });
    await expect(card.setTitle('x'.repeat(121))).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      method: 'card.setTitle',
    });
    expect(host.calls.length).toBe(before);
  });

  it('refuses NOT_VISIBLE off screen', async () => {
    const { host, card } = await setup();
    host.setVisibility('hidden');
    await settle();
    const error = await rejectionOf(card.ui.confirm({ title: 'Sure?', message: 'Really.' }));
    expect(isCardSdkError(error, 'NOT_VISIBLE')).toBe(true);
    expect(error).toMatchObject({
      hostMessage: 'ui.confirm needs the card on screen',
      hint: 'This needs the card on screen; try again when card.visibility is "visible".',
    });
    await expect(card.permissions.request('clipboard.write')).rejects.toMatchObject({ code: 'NOT_VISIBLE' });
  });

  it('checks params locally with INVALID_PARAMS and the exact path, before anything is sent', async () => {
    const { host, card } = await setup();
    const before = host.calls.length;
    const error = await rejectionOf(card.ui.toast('x'.repeat(281)));
    expect(isCardSdkError(error, 'INVALID_PARAMS')).toBe(true);
    expect(error).toMatchObject({ method: 'ui.toast', issues: [expect.objectContaining({ path: '/message' })] });
    expect((error as CardSdkError).hostMessage).toMatch(/^invalid params at \/message: /);
    const nested = await rejectionOf(card.call('card.setOverview', { primary: 'ok', progress: 2 }));
    expect(nested).toMatchObject({ code: 'INVALID_PARAMS', issues: [expect.objectContaining({ path: '/progress' })] });
    expect(host.calls.length).toBe(before);
  });
});

describe('The app’s order of checks in the mock (params, permissions, visibility, rate limits)', () => {
  it('checks params on the host too, before permissions', async () => {
    const { card } = await setup({ grant: [] });
    const error = await rejectionOf(
      card.call('agents.prompt', { agentId: 'agent-1', text: '' }, { skipValidation: true }),
    );
    expect(isCardSdkError(error, 'INVALID_PARAMS')).toBe(true);
    expect((error as CardSdkError).hostMessage).toMatch(/^\/text: /);
    expect((error as CardSdkError).issues).toEqual([expect.objectContaining({ path: '/text' })]);
  });

  it('checks permissions before visibility', async () => {
    const { host, card } = await setup({ grant: [] });
    host.setVisibility('hidden');
    await settle();
    await expect(card.spawn('note')).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(card.openLink('https://example.com/')).rejects.toMatchObject({ code: 'NOT_VISIBLE' });
  });

  it('checks visibility before the method itself and before rate limits, counting only calls that pass', async () => {
    const { host, card } = await setup({ enforceRateLimits: true });
    host.setVisibility('hidden');
    await settle();
    await expect(card.permissions.request('agents.read')).rejects.toMatchObject({ code: 'NOT_VISIBLE' });
    await expect(card.focusCard('note-1')).rejects.toMatchObject({ code: 'NOT_VISIBLE' });
    await expect(card.focusCard('note-1')).rejects.toMatchObject({ code: 'NOT_VISIBLE' });
    host.setVisibility('visible');
    await settle();
    await expect(card.focusCard('note-1')).resolves.toBeUndefined();
    await expect(card.focusCard('note-1')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('records every well-formed request, refused ones too', async () => {
    const { host, card } = await setup({ grant: [] });
    await rejectionOf(card.agents.list());
    expect(host.calls.at(-1)).toEqual({ method: 'agents.list', params: {} });
  });
});

describe('React', () => {
  it('runs the README App inside CardProvider', async () => {
    const manifest = manifestWith({
      permissions: ['agents.read'],
      tools: [{ name: 'read_notes', description: 'Reads the notes.', inputSchema: { type: 'object' } }],
    });
    const host = createMockHost({ manifest, agents: seedAgents() });
    const card = await host.connect();
    let agentCount = -1;

    function App() {
      const { agents } = useAgents();
      const [notes, setNotes] = useStorage('notes', '');
      useTool('read_notes', () => notes);
      agentCount = agents.length;
      return <textarea value={notes} onChange={(e) => setNotes(e.target.value)} />;
    }

    render(
      <CardProvider card={card} fallback={<p>Connecting…</p>}>
        <App />
      </CardProvider>,
    );

    const textarea = await screen.findByRole('textbox');
    await waitFor(() => expect(agentCount).toBe(3));
    fireEvent.change(textarea, { target: { value: 'ship on Friday' } });
    await waitFor(() => expect(host.storage.instance.get('notes')).toBe('ship on Friday'));
    await act(async () => {
      await expect(host.callTool('read_notes')).resolves.toEqual({
        content: [{ type: 'text', text: 'ship on Friday' }],
      });
    });
  });

  it('runs the README App under StrictMode without registering the tool twice', async () => {
    const manifest = manifestWith({
      permissions: ['agents.read'],
      tools: [{ name: 'read_notes', description: 'Reads the notes.', inputSchema: { type: 'object' } }],
    });
    const host = createMockHost({ manifest, agents: seedAgents(), context: { visibility: 'overview' } });
    const card = await host.connect();
    host.storage.instance.set('notes', 'from last time');

    function App() {
      const [notes, setNotes] = useStorage('notes', '');
      useTool('read_notes', () => notes);
      const paused = react.usePaused();
      const t = react.useTranslator({ en: { title: 'Notes' }, ru: { title: 'Заметки' } });
      return (
        <>
          <h1 data-paused={paused}>{t('title')}</h1>
          <textarea value={notes} onChange={(e) => setNotes(e.target.value)} />
        </>
      );
    }

    render(
      <StrictMode>
        <CardProvider card={card} fallback={<p>Connecting…</p>}>
          <App />
        </CardProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByRole('textbox')).toHaveValue('from last time'));
    expect(screen.getByRole('heading')).toHaveAttribute('data-paused', 'true');
    expect(screen.getByRole('heading')).toHaveTextContent('Notes');
    await act(async () => {
      await expect(host.callTool('read_notes')).resolves.toEqual({
        content: [{ type: 'text', text: 'from last time' }],
      });
    });
    act(() => {
      host.setVisibility('visible');
      host.setLanguage('ru');
    });
    await waitFor(() => expect(screen.getByRole('heading')).toHaveTextContent('Заметки'));
    expect(screen.getByRole('heading')).toHaveAttribute('data-paused', 'false');
  });

  it('shows the fallback while connecting, then the error outside the app', async () => {
    render(
      <CardProvider fallback={<p>Connecting…</p>} connectOptions={{ timeoutMs: 200 }}>
        <p>ready</p>
      </CardProvider>,
    );
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText(/this page is not inside a NeuroSquad card frame/)).toBeInTheDocument(),
    );
    expect(screen.queryByText('ready')).toBeNull();
  });

  it('exports every hook the README names', () => {
    const names = [
      'useCard',
      'useCardContext',
      'useSettings',
      'useStorage',
      'useAgents',
      'useAgentStatus',
      'usePort',
      'useEmit',
      'usePeers',
      'useTheme',
      'useLanguage',
      'useVisibility',
      'useExpanded',
      'usePaused',
      'useTool',
      'usePortRequest',
      'useCardEvent',
      'useTranslator',
    ];
    const exported = react as Record<string, unknown>;
    expect(names.filter((name) => typeof exported[name] !== 'function')).toEqual([]);
    expect(typeof react.CardProvider).toBe('function');
  });
});

describe('Languages', () => {
  it('translates with plurals and follows the app language live', async () => {
    const { host, card } = await setup();
    const { createTranslator } = sdk;

    const t = createTranslator(
      {
        en: { failed_one: '{{count}} test failed', failed_other: '{{count}} tests failed' },
        ru: {
          failed_one: '{{count}} тест упал',
          failed_few: '{{count}} теста упало',
          failed_many: '{{count}} тестов упало',
          failed_other: '{{count}} теста упало',
        },
      },
      card,
    );
    expect(t('failed', { count: 3 })).toBe('3 tests failed');
    expect(t('failed', { count: 1 })).toBe('1 test failed');

    host.setLanguage('ru');
    await settle();
    expect(t('failed', { count: 3 })).toBe('3 теста упало');
    expect(t('failed', { count: 5 })).toBe('5 тестов упало');
    expect(t('failed', { count: 21 })).toBe('21 тест упал');

    host.setLanguage('zh');
    await settle();
    expect(t.language).toBe('zh');
    expect(t('failed', { count: 2 })).toBe('2 tests failed');
    host.setLanguage('en');
    await settle();
    expect(t('failed', { count: 1000 })).toBe('1,000 tests failed');
    expect(t('missing.key')).toBe('missing.key');
  });
});

describe('Styling', () => {
  it('ships every documented kit class in ui.css', () => {
    const css = readFileSync(resolve(process.cwd(), 'src/ui.css'), 'utf8');
    expect(README_KIT_CLASSES.filter((name) => !new RegExp(`\\.${name}(?![\\w-])`).test(css))).toEqual([]);
    expect(css).toMatch(/\.ns-dot--[a-z]+/);
    expect(css).toContain('var(--ns-font-sans');
    expect(css).toContain('var(--ns-font-mono');
  });
});

describe('Testing', () => {
  it('runs the README testing snippet exactly', async () => {
    const manifest = manifestWith({
      permissions: ['agents.read', 'cards.connected', { id: 'network', hosts: ['api.github.com'] }],
      ports: { outputs: [{ id: 'summary', label: 'Summary', type: 'ns:markdown' }] },
      tools: [
        {
          name: 'run_tests',
          description: 'Runs the tests.',
          inputSchema: { type: 'object', properties: { filter: { type: 'string' } } },
        },
      ],
    });
    const host = createMockHost({
      manifest,
      agents: [...seedAgents()],
      peers: [...[notePeer('note-1')]],
      fetch: (req) => ({ body: { ok: true } }),
    });
    const card = await host.connect();
    card.tools.handle('run_tests', () => 'All tests passed');

    await card.ports.emit('summary', '# Done');
    expect(host.deliveries).toEqual([{ to: 'note-1', output: 'summary', input: 'append', data: '# Done' }]);
    await expect(host.callTool('run_tests', {})).resolves.toEqual({
      content: [{ type: 'text', text: 'All tests passed' }],
    });
  });

  it('offers the documented drivers and records', async () => {
    const { host } = await setup();
    const drivers = [
      'setVisibility',
      'setLanguage',
      'setSettings',
      'setSecret',
      'sendPortMessage',
      'requestPort',
      'callTool',
      'setAgentStatus',
      'setAgentUsage',
      'setAgentTimeline',
      'agentOutput',
      'suspend',
      'touchFile',
    ] as const;
    expect(drivers.filter((name) => typeof host[name] !== 'function')).toEqual([]);
    expect(host.calls.map((c) => c.method)).toContain('host.ready');
    expect(host.storage.instance).toBeInstanceOf(Map);
    expect([host.deliveries, host.prompts, host.logs, host.toasts]).toEqual([[], [], [], []]);
    expect(host.chrome).toEqual({
      title: null,
      status: null,
      badge: null,
      overview: null,
      attention: null,
      menu: [],
      enabledTools: {},
    });
  });

  it('keeps rate limits off by default so tests stay deterministic', async () => {
    const { host, card } = await setup();
    for (let i = 0; i < 5; i += 1) await card.ui.toast(`toast ${i}`);
    expect(host.toasts).toHaveLength(5);
  });

  it('applies the settings option over the manifest defaults', async () => {
    const { card } = await setup({ settings: { command: 'pnpm vitest' } });
    expect(card.settings.value('command')).toBe('pnpm vitest');
  });

  it('sets agents.turn only for real turns (start on working, end on finished or needs-input)', async () => {
    const { host, card } = await setup();
    const phases: string[] = [];
    card.agents.onTurn(({ phase }) => phases.push(phase));
    await settle();
    host.setAgentStatus('agent-1', 'working');
    host.setAgentStatus('agent-1', 'needs-input');
    host.setAgentStatus('agent-1', 'idle');
    host.setAgentStatus('agent-1', 'working');
    host.setAgentStatus('agent-1', 'finished');
    await settle();
    expect(phases).toEqual(['start', 'end', 'start', 'end']);
  });
});

describe('Testing: what the mock reports, in detail', () => {
  it('starts cards with the default host context', async () => {
    const host = createMockHost({ manifest: README_MANIFEST });
    const card = await host.connect();
    expect(card.context.instance).toEqual({
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
    expect(card.context.appVersion).toBe('0.0.0-mock');
    expect(card.context.protocol).toBe(1);
    expect(card.context.workspace).toEqual({ id: 'workspace-1', name: 'Mock workspace' });
    expect(card.context.i18n).toEqual({ language: 'en', locale: 'en-US' });
    expect(card.context.expanded).toBe(false);
    expect(card.context.theme.scheme).toBe('dark');
    expect(Object.keys(card.context.theme.tokens)).toHaveLength(39);
    expect(card.context.settings).toEqual({ values: { command: 'npm test' }, secrets: {} });
    expect(card.context.permissions.map(({ id, optional, granted }) => ({ id, optional, granted }))).toEqual([
      { id: 'agents.read', optional: false, granted: true },
      { id: 'terminals.write', optional: false, granted: true },
      { id: 'network', optional: false, granted: true },
    ]);
    expect(card.context.chrome).toEqual({ title: null, status: null, badge: null, overview: null, attention: null });
  });

  it('grants only the non-optional permissions unless told otherwise', async () => {
    expect([...createMockHost({ manifest: EVERYTHING_MANIFEST }).grants]).not.toContain('clipboard.write');
    expect([...createMockHost({ manifest: EVERYTHING_MANIFEST, grant: 'all' }).grants]).toContain('clipboard.write');
    expect([...createMockHost({ manifest: EVERYTHING_MANIFEST, grant: ['agents.prompt'] }).grants].sort()).toEqual([
      'agents.prompt',
      'agents.read',
    ]);
  });

  it('rejects an undeclared tool at once with an empty callId', async () => {
    const { host } = await setup();
    const pending = host.callTool('deploy', {});
    expect(pending.callId).toBe('');
    await expect(pending).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      message: expect.stringContaining('mock host: the manifest declares no tool "deploy"'),
    });
  });

  it('times out a port request nobody answers with TIMEOUT "no reply to req-N"', async () => {
    const { host, card } = await setup();
    card.ports.onRequest('lookup', () => new Promise(() => undefined));
    const error = await rejectionOf(host.requestPort('lookup', 'q', { timeoutMs: 100 }));
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect((error as Error).message).toMatch(/no reply to req-\d+/);
  });

  it('tells the request handler who asks and when the deadline is', async () => {
    const { host, card } = await setup();
    const seen: unknown[] = [];
    card.ports.onRequest<string>('lookup', (query, request) => {
      seen.push(request.from, request.input, typeof request.deadline, request.requestId);
      return query.toUpperCase();
    });
    await expect(host.requestPort('lookup', 'abc')).resolves.toBe('ABC');
    await expect(host.requestPort('lookup', 'def', { from: 'radar-2' })).resolves.toBe('DEF');
    expect(seen[0]).toBe('peer-1');
    expect(seen.slice(1, 3)).toEqual(['lookup', 'number']);
    expect(seen[3]).toMatch(/^req-\d+$/);
    expect(seen[4]).toBe('radar-2');
  });

  it('counts req-N, call-N, spawned-N and watch-N on one counter', async () => {
    const { host, card } = await setup();
    card.tools.handle('run_tests', () => 'ok');
    const call = host.callTool('run_tests', {});
    await call;
    const spawned = await card.spawn('note');
    const ids = [call.callId, spawned].map((id) => Number(id.split('-').pop()));
    expect(ids[1]).toBe(ids[0] + 1);
  });

  it('throws plain "mock host:" errors at the test for driver misuse', async () => {
    const { host } = await setup();
    expect(() => host.setAgentStatus('nobody', 'working')).toThrow('mock host: no agent "nobody"');
    expect(() => host.setSecret('command', 'x')).toThrow(
      'mock host: "command" is not a secret setting of the manifest',
    );
    expect(() => createMockHost({ manifest: { ...README_MANIFEST, version: 'one' } })).toThrow(
      /^mock host: invalid manifest — \/version: /,
    );
  });

  it('answers host.ping with host.pong', async () => {
    const { host } = await setup();
    const seq = await host.ping();
    expect(host.pongs).toEqual([seq]);
  });

  it('settings.set refuses bad values with "<key>: <message>"', async () => {
    const manifest = manifestWith({
      settings: [
        { key: 'retries', type: 'number', label: 'Retries', min: 0, max: 5, default: 1 },
        {
          key: 'mode',
          type: 'select',
          label: 'Mode',
          options: [
            { value: 'fast', label: 'Fast' },
            { value: 'full', label: 'Full' },
          ],
          default: 'fast',
        },
        { key: 'accent', type: 'color', label: 'Accent', default: '#336699' },
      ],
    });
    const host = createMockHost({ manifest });
    const card = await host.connect();
    await expect(card.settings.set({ retries: 9 })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: expect.stringMatching(/^retries: /),
    });
    await expect(card.settings.set({ mode: 'slow' })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: expect.stringMatching(/^mode: /),
    });
    await expect(card.settings.set({ accent: 'blue' })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: expect.stringMatching(/^accent: /),
    });
    await expect(card.settings.set({ retries: 3, mode: 'full', accent: '#aabbcc' })).resolves.toEqual({
      values: { retries: 3, mode: 'full', accent: '#aabbcc' },
      secrets: {},
    });
  });
});

describe('Versioning', () => {
  it('speaks protocol 1 and is refused by an older app with PROTOCOL_MISMATCH', async () => {
    expect(CARD_PROTOCOL_VERSION).toBe(1);
    const host = createMockHost({ manifest: EVERYTHING_MANIFEST, hostProtocol: 0 });
    const error = await rejectionOf(host.connect({ timeoutMs: 2000 }));
    expect(isCardSdkError(error, 'PROTOCOL_MISMATCH')).toBe(true);
    expect(error).toMatchObject({
      method: 'host.ready',
      hostMessage:
        'this card speaks card protocol 1, which this NeuroSquad does not support yet (the host speaks protocol 0)',
      hint: 'This card needs a newer NeuroSquad — update the app.',
    });
  });

  it('detects new methods with card.host.supports', async () => {
    const { card } = await setup();
    await expect(card.host.supports('agents.usage')).resolves.toBe(true);
    await expect(card.host.supports('fs.watch')).resolves.toBe(true);
  });
});

describe('The root entry point', () => {
  it('exports what the README imports from @neurosquad/card-sdk', () => {
    const names = [
      'connect',
      'isCardSdkError',
      'CardSdkError',
      'hasDownstreamPeer',
      'permissionForPeer',
      'requestPermissions',
      'createTranslator',
      'toolText',
      'toolImage',
      'toolError',
      'portsCompatible',
      'portCoercion',
      'coercePortValue',
      'pickInputFor',
      'THEME_TOKENS',
      'CARD_PROTOCOL_VERSION',
      'LIMITS',
    ];
    const exported = sdk as Record<string, unknown>;
    expect(names.filter((name) => exported[name] === undefined)).toEqual([]);
  });
});

describe('What the package ships (the README import table)', () => {
  const pkg = JSON.parse(readFileSync(resolve(process.cwd(), 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
    bin: Record<string, string>;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    files: string[];
  };

  it('exposes every documented entry point, the schema and the bin', () => {
    for (const entry of ['.', './react', './testing', './ui.css', './schema.json'])
      expect(pkg.exports).toHaveProperty([entry]);
    expect(pkg.bin).toHaveProperty(['neurosquad-card']);
    expect(pkg.files).toContain('schema');
  });

  it('has zero runtime dependencies and React as an optional peer (18.2+ or 19)', () => {
    expect(Object.keys(pkg.dependencies ?? {})).toEqual([]);
    expect(pkg.peerDependencies?.react).toBe('^18.2.0 || ^19.0.0');
    expect(pkg.peerDependenciesMeta?.react?.optional).toBe(true);
  });

  it('ships a JSON Schema the README manifest passes, at the path its $schema names', () => {
    const schema = JSON.parse(readFileSync(resolve(process.cwd(), 'schema/neurosquad-card.v1.json'), 'utf8'));
    expect(sdk.validateValue(schema, README_MANIFEST)).toEqual([]);
    expect(sdk.validateValue(schema, { ...README_MANIFEST, manifestVersion: 2 })).not.toEqual([]);
    expect(sdk.validateManifest(README_MANIFEST).ok).toBe(true);
  });
});

describe('The public type names', () => {
  it('are exported under the names cards import', async () => {
    type Named = [
      AgentInfo,
      AgentRequestSpan,
      AgentStatus,
      AgentTimeline,
      AgentUsage,
      AgentUsagePart,
      AgentUsageSubagents,
      CardEvents,
      CardLanguage,
      CardTone,
      Catalog,
      JsonValue,
      PeerInfo,
      PermissionId,
      PortInfo,
      PortTypeId,
      ToolCall,
      Translator,
      MockFetchRequest,
      MockFetchResponse,
      MockHost,
      MockPeer,
    ];
    const catalog: Catalog = { en: { hello: 'Hello' } };
    const language: Named[8] = 'zh';
    const tone: Named[9] = 'danger';
    const fetch = (request: MockFetchRequest): MockFetchResponse => ({ body: request.url });
    const host: MockHost = createMockHost({ manifest: README_MANIFEST, fetch });
    const card = await host.connect();
    const t: Translator = sdk.createTranslator(catalog, card);
    expect([t('hello'), language, tone]).toEqual(['Hello', 'zh', 'danger']);
  });
});
