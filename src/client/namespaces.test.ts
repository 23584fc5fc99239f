import { describe, expect, it, vi } from 'vitest';
import type { PermissionView } from '../contract/types.js';
import { connectScripted, flush } from './card.test-helper.js';
import { requestPermissions } from './request-permissions.js';

describe('card.storage', () => {
  it('reads with a fallback, writes to the instance or package scope and lists keys', async () => {
    const { host, card } = await connectScripted();
    const store = new Map<string, unknown>([['instance:notes', 'hi']]);
    host
      .on('storage.get', (p: { scope: string; key: string }) =>
        store.has(`${p.scope}:${p.key}`)
          ? { exists: true, value: store.get(`${p.scope}:${p.key}`) }
          : { exists: false, value: null },
      )
      .on('storage.set', (p: { scope: string; key: string; value: unknown }) => {
        store.set(`${p.scope}:${p.key}`, p.value);
      })
      .on('storage.keys', () => ({ keys: ['a', 'b'] }))
      .on('storage.delete', () => undefined)
      .on('storage.clear', () => undefined);
    await expect(card.storage.get('notes', '')).resolves.toBe('hi');
    await expect(card.storage.get('missing', 'fallback')).resolves.toBe('fallback');
    await expect(card.storage.get('missing')).resolves.toBeUndefined();
    await card.storage.package.set('shared', { n: 1 });
    await expect(card.storage.package.get('shared')).resolves.toEqual({ n: 1 });
    await expect(card.storage.keys('a')).resolves.toEqual(['a', 'b']);
    await card.storage.keys();
    await card.storage.delete('notes');
    await card.storage.package.clear();
    expect(host.params('storage.keys')).toEqual([{ scope: 'instance', prefix: 'a' }, { scope: 'instance' }]);
    expect(host.params('storage.set')).toEqual([{ scope: 'package', key: 'shared', value: { n: 1 } }]);
    expect(host.params('storage.clear')).toEqual([{ scope: 'package' }]);
    card.close();
  });

  it('refuses a value that is not plain JSON with BAD_REQUEST before sending', async () => {
    const { host, card } = await connectScripted();
    await expect(card.storage.set('k', { fn: () => 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      method: 'storage.set',
    });
    await expect(card.storage.set('', 1)).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    expect(host.requests('storage.set')).toEqual([]);
    card.close();
  });

  it('onChange subscribes storage.changed', async () => {
    const { host, card } = await connectScripted();
    const keys: string[] = [];
    card.storage.onChange((event) => keys.push(event.key));
    await flush();
    host.emit('storage.changed', { key: 'notes', scope: 'package' });
    await flush();
    expect(host.params('events.subscribe')).toEqual([{ topics: ['storage.changed'] }]);
    expect(keys).toEqual(['notes']);
    card.close();
  });
});

describe('card.settings', () => {
  it('reads values from the context and replaces them with get/set results', async () => {
    const { host, card } = await connectScripted({
      settings: { values: { command: 'npm test' }, secrets: { token: false } },
    });
    expect(card.settings.values).toEqual({ command: 'npm test' });
    expect(card.settings.value('command')).toBe('npm test');
    expect(card.settings.hasSecret('token')).toBe(false);
    host.on('settings.set', (p: { values: Record<string, unknown> }) => ({
      values: p.values,
      secrets: { token: true },
    }));
    const contexts: unknown[] = [];
    card.onContextChange((context) => contexts.push(context.settings));
    await card.settings.set({ command: 'pnpm test' });
    expect(card.settings.value('command')).toBe('pnpm test');
    expect(card.settings.hasSecret('token')).toBe(true);
    expect(contexts).toHaveLength(1);
    card.close();
  });
});

describe('card.permissions', () => {
  const declared: PermissionView[] = [
    { id: 'agents.output', optional: false, granted: true },
    { id: 'network', optional: true, granted: false, hosts: ['api.github.com'] },
    { id: 'fs.write', optional: false, granted: false },
  ];

  it('has() expands granted permissions by what they imply', async () => {
    const { card } = await connectScripted({ permissions: declared });
    expect(card.permissions.has('agents.output')).toBe(true);
    expect(card.permissions.has('agents.read')).toBe(true);
    expect(card.permissions.has('network')).toBe(false);
    expect(card.permissions.all).toBe(card.context.permissions);
    card.close();
  });

  it('request() asks, then refreshes the list into the context', async () => {
    const { host, card } = await connectScripted({ permissions: declared });
    const granted = declared.map((view) => (view.id === 'network' ? { ...view, granted: true } : view));
    host
      .on('permissions.request', (p: { ids: string[] }) => ({ granted: p.ids }))
      .on('permissions.list', () => granted);
    await expect(card.permissions.request('network')).resolves.toEqual(['network']);
    expect(card.permissions.has('network')).toBe(true);
    card.close();
  });

  it('requestPermissions asks only for missing optional ones and never throws', async () => {
    const { host, card } = await connectScripted({ permissions: declared });
    host.on('permissions.request', () => ({
      error: { code: 'NOT_VISIBLE', message: 'permissions.request needs the card on screen' },
    }));
    await expect(requestPermissions(card, 'agents.read', 'network', 'fs.write', 'network')).resolves.toEqual([
      'agents.read',
    ]);
    expect(host.params('permissions.request')).toEqual([{ ids: ['network'] }]);
    host.on('permissions.request', (p: { ids: string[] }) => ({ granted: p.ids }));
    host.on('permissions.list', () =>
      declared.map((view) => (view.id === 'network' ? { ...view, granted: true } : view)),
    );
    await expect(requestPermissions(card, 'network')).resolves.toEqual(['network']);
    card.close();
    await expect(requestPermissions(card, 'clipboard.write')).resolves.toEqual([]);
  });
});

describe('card.ui', () => {
  it('sends the menu without handlers and runs a handler when its item is clicked', async () => {
    const { host, card } = await connectScripted();
    host
      .on('ui.setMenu', () => undefined)
      .on('ui.toast', () => undefined)
      .on('ui.confirm', () => ({ confirmed: true }));
    const clicked: string[] = [];
    await card.ui.setMenu([
      { id: 'refresh', label: 'Refresh', icon: 'arrow-path', onSelect: () => clicked.push('handler') },
      { id: 'clear', label: 'Clear', tone: 'danger' },
    ]);
    card.ui.onMenu((id) => clicked.push(`listener ${id}`));
    host.emit('ui.menu', { id: 'refresh' });
    host.emit('ui.menu', { id: 'clear' });
    await flush();
    expect(host.params('ui.setMenu')).toEqual([
      {
        items: [
          { id: 'refresh', label: 'Refresh', icon: 'arrow-path' },
          { id: 'clear', label: 'Clear', tone: 'danger' },
        ],
      },
    ]);
    expect(clicked).toEqual(['handler', 'listener refresh', 'listener clear']);
    await card.ui.toast('Saved', { tone: 'success' });
    await expect(card.ui.confirm({ title: 'Delete?', message: 'Really?' })).resolves.toBe(true);
    expect(host.params('ui.toast')).toEqual([{ message: 'Saved', tone: 'success' }]);
    card.close();
  });
});

describe('card.ui.setMenu', () => {
  it('keeps the old click handlers when the host refuses the new menu', async () => {
    const { host, card } = await connectScripted();
    const clicked: string[] = [];
    host.on('ui.setMenu', () => undefined);
    await card.ui.setMenu([{ id: 'a', label: 'A', onSelect: () => clicked.push('old a') }]);
    host.on('ui.setMenu', () => ({
      error: { code: 'RATE_LIMITED', message: 'ui.setMenu: 30 per minute', data: { retryAfterMs: 5 } },
    }));
    await expect(
      card.ui.setMenu([{ id: 'a', label: 'A', onSelect: () => clicked.push('new a') }]),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 5 });
    card.ui.onMenu(() => undefined);
    host.emit('ui.menu', { id: 'a' });
    await flush();
    expect(clicked).toEqual(['old a']);
    card.close();
  });
});

describe('card.fs', () => {
  it('reads and writes text and bytes with the right encodings', async () => {
    const { host, card } = await connectScripted();
    host
      .on('fs.read', (p: { encoding: string }) => ({
        data: p.encoding === 'base64' ? 'aGk=' : 'hi',
        encoding: p.encoding,
        size: 2,
        truncated: false,
      }))
      .on('fs.write', (p: { path: string }) => ({ path: p.path, type: 'file', size: 2, mtimeMs: 1 }))
      .on('fs.list', () => ({ entries: [], truncated: false }))
      .on('fs.trash', () => undefined);
    await expect(card.fs.readText('notes.md')).resolves.toBe('hi');
    await expect(card.fs.readBytes('image.png', { maxBytes: 10 })).resolves.toEqual(new Uint8Array([104, 105]));
    await card.fs.writeText('notes.md', 'hi', { createDirs: true });
    await card.fs.writeBytes('bin.dat', new Uint8Array([104, 105]));
    await card.fs.list();
    await card.fs.trash('old.md');
    expect(host.params('fs.read')).toEqual([
      { path: 'notes.md', encoding: 'utf8' },
      { path: 'image.png', maxBytes: 10, encoding: 'base64' },
    ]);
    expect(host.params('fs.write')).toEqual([
      { path: 'notes.md', data: 'hi', encoding: 'utf8', createDirs: true },
      { path: 'bin.dat', data: 'aGk=', encoding: 'base64' },
    ]);
    expect(host.params('fs.list')).toEqual([{ path: '' }]);
    card.close();
  });

  it('routes fs.changed to its watcher, replays changes that came first, and unwatches', async () => {
    const { host, card } = await connectScripted();
    host.on('fs.watch', () => ({ watchId: 'watch-1' })).on('fs.unwatch', () => undefined);
    host.emit('fs.changed', { watchId: 'watch-1', path: 'a.md', type: 'change' });
    host.emit('fs.changed', { watchId: 'watch-9', path: 'b.md', type: 'change' });
    await flush();
    const changed: string[] = [];
    const unwatch = await card.fs.watch('', (event) => changed.push(event.path), { recursive: true });
    const others: string[] = [];
    card.on('fs.changed', (event) => others.push(event.path));
    host.emit('fs.changed', { watchId: 'watch-1', path: 'c.md', type: 'change' });
    await flush();
    expect(changed).toEqual(['a.md', 'c.md']);
    expect(others).toEqual(['b.md']);
    await unwatch();
    expect(host.params('fs.unwatch')).toEqual([{ watchId: 'watch-1' }]);
    card.close();
  });
});

describe('namespaces built on first read', () => {
  const NAMES = [
    'host',
    'storage',
    'settings',
    'ui',
    'agents',
    'terminals',
    'ports',
    'tools',
    'net',
    'fs',
    'permissions',
    'lifecycle',
  ] as const;

  it('connect() builds none of them; each is built on its first read and is the same object after', async () => {
    const { card } = await connectScripted();
    // Each is an inherited getter until read: the card holds none of them.
    for (const name of NAMES) expect(Object.hasOwn(card, name), name).toBe(false);
    for (const name of NAMES) {
      const first = card[name];
      expect(first, name).toBeTypeOf('object');
      expect(card[name], name).toBe(first);
      expect(Object.getOwnPropertyDescriptor(card, name)?.value, name).toBe(first);
    }
    expect(Object.keys(card)).toEqual(expect.arrayContaining([...NAMES]));
    card.close();
  });

  it('routes a tool call and a port request that come before the card first reads tools or ports', async () => {
    const { host, card } = await connectScripted({
      ports: {
        inputs: [{ id: 'ask', label: 'Ask', type: 'ns:text', mode: 'request', retain: false, default: false }],
        outputs: [],
      },
    });
    host.emit('tools.call', {
      callId: 'c1',
      tool: 'late',
      args: { n: 1 },
      agent: { id: 'a', name: 'A' },
      deadline: Date.now() + 30_000,
    });
    host.emit('ports.request', {
      requestId: 'r1',
      from: 'peer',
      input: 'ask',
      data: 'q',
      deadline: Date.now() + 30_000,
    });
    await flush();
    card.tools.handle('late', (args) => `got ${JSON.stringify(args)}`);
    card.ports.onRequest<string>('ask', (data) => `answer to ${data}`);
    await vi.waitFor(() => {
      expect(host.params('tools.respond')).toEqual([
        { callId: 'c1', result: { content: [{ type: 'text', text: 'got {"n":1}' }] } },
      ]);
      expect(host.params('ports.respond')).toEqual([{ requestId: 'r1', data: 'answer to q' }]);
    });
    card.close();
  });
});
