// What a card's call gets when the host answers with a result of the wrong shape (an older or broken app): the
// call settles, as a value or a coded CardSdkError naming the method, and never rejects with a TypeError.
import { describe, expect, it } from 'vitest';
import { PERMISSION_IDS } from '../contract/permissions.js';
import { CardSdkError } from '../contract/errors.js';
import { METHOD_NAMES } from '../contract/methods.js';
import type { PortInfo } from '../contract/types.js';
import type { Card } from './card.js';
import { connectScripted, flush } from './card.test-helper.js';

/** Results no method's answer has: nothing, null, primitives, an empty array and objects with junk fields. */
const JUNK_RESULTS: ReadonlyArray<[string, unknown]> = [
  ['no result', undefined],
  ['null', null],
  ['a number', 7],
  ['a string', 'yes'],
  ['an empty array', []],
  ['an empty object', {}],
  [
    'an object of junk fields',
    {
      text: 1,
      delivered: 'x',
      keys: null,
      confirmed: 'no',
      granted: 5,
      data: undefined,
      topics: 'x',
      opened: 1,
      cardId: {},
      status: 'x',
      body: 5,
      json: null,
      headers: 5,
      exists: 'yes',
      value: 1,
      values: 3,
      secrets: 4,
      entries: 5,
      content: 6,
      encoding: 7,
      bytes: 8,
      watchId: 9,
      size: null,
      exitCode: 'x',
      output: null,
    },
  ],
];

/** Every permission granted, with the network host the calls fetch from. */
const ALL_GRANTED = PERMISSION_IDS.map((id) => ({ id, optional: false, granted: true, hosts: ['api.github.com'] }));

/** Methods the test helper already answers (the handshake, fire-and-forget ones, subscriptions). */
const ANSWERED_BY_HELPER = new Set(['host.ready', 'host.pong', 'host.log', 'events.subscribe', 'events.unsubscribe']);

/** Every card call that answers with a host result, as a card makes it with good params. */
const CALLS: ReadonlyArray<[string, (card: Card) => Promise<unknown>]> = [
  ['agents.list', (card) => card.agents.list()],
  ['agents.get', (card) => card.agents.get('a')],
  ['agents.readScreen', (card) => card.agents.readScreen('a', 10)],
  ['agents.lastReply', (card) => card.agents.lastReply('a')],
  ['agents.prompt', (card) => card.agents.prompt('a', 'hi')],
  ['agents.usage', (card) => card.agents.usage('a', 0)],
  ['agents.timeline', (card) => card.agents.timeline('a', 0)],
  ['terminals.run', (card) => card.terminals.run('a', 'ls')],
  ['terminals.write', (card) => card.terminals.write('a', 'ls')],
  ['storage.get', (card) => card.storage.get('k', 'fallback')],
  ['storage.keys', (card) => card.storage.keys()],
  ['storage.usage', (card) => card.storage.usage()],
  ['storage.package.get', (card) => card.storage.package.get('k')],
  ['settings.get', (card) => card.settings.get()],
  ['settings.set', (card) => card.settings.set({ command: 'x' })],
  ['permissions.list', (card) => card.permissions.list()],
  ['permissions.request', (card) => card.permissions.request('network')],
  ['ui.confirm', (card) => card.ui.confirm({ title: 'Delete?', message: 'The note goes away.' })],
  ['ui.toast', (card) => card.ui.toast('hi')],
  ['ports.refreshPeers', (card) => card.ports.refreshPeers()],
  ['ports.describe', (card) => card.ports.describe()],
  ['ports.emit', (card) => card.ports.emit('summary', 'x')],
  ['ports.send', (card) => card.ports.send('note-1', 'summary', 'x')],
  ['ports.request', (card) => card.ports.request('note-1', 'run', 'x')],
  ['ports.read', (card) => card.ports.read('note-1', 'summary')],
  ['net.fetch text', async (card) => (await card.net.fetch('https://api.github.com/')).text()],
  [
    'net.fetch json',
    async (card) => (await card.net.fetch('https://api.github.com/', { responseType: 'json' })).json(),
  ],
  [
    'net.fetch base64',
    async (card) => (await card.net.fetch('https://api.github.com/', { responseType: 'base64' })).bytes(),
  ],
  ['net.fetch headers', async (card) => (await card.net.fetch('https://api.github.com/')).headers.get('a')],
  ['fs.stat', (card) => card.fs.stat('a.txt')],
  ['fs.list', (card) => card.fs.list()],
  ['fs.readText', (card) => card.fs.readText('a.txt')],
  ['fs.readBytes', (card) => card.fs.readBytes('a.txt')],
  ['fs.read', (card) => card.fs.read('a.txt')],
  ['fs.writeText', (card) => card.fs.writeText('a.txt', 'x')],
  ['fs.mkdir', (card) => card.fs.mkdir('dir')],
  ['subscribe', (card) => card.subscribe(['agents.status'])],
  ['getInfo', (card) => card.getInfo()],
  ['requestResize', (card) => card.requestResize({ w: 400, h: 300 })],
  ['openLink', (card) => card.openLink('https://example.com/')],
  ['spawn', (card) => card.spawn('note')],
  ['getWorkspace', (card) => card.getWorkspace()],
  ['getTheme', (card) => card.getTheme()],
  ['usage', (card) => card.usage()],
  ['host.capabilities', (card) => card.host.capabilities()],
];

describe('a host result of the wrong shape', () => {
  it.each(JUNK_RESULTS)('%s: every call settles without a TypeError', async (_, result) => {
    const { host, card } = await connectScripted({ permissions: ALL_GRANTED });
    for (const method of METHOD_NAMES) if (!ANSWERED_BY_HELPER.has(method)) host.on(method, () => result);
    const failures: string[] = [];
    for (const [name, call] of CALLS) {
      try {
        const settled = await Promise.race([
          call(card).then(() => true),
          new Promise((resolve) => setTimeout(() => resolve(false), 300)),
        ]);
        if (!settled) failures.push(`${name}: did not settle`);
      } catch (error) {
        if (!(error instanceof CardSdkError)) failures.push(`${name}: ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    card.close();
  });
});

describe('a body that is not base64', () => {
  it('fails fs.readBytes with FS_ERROR and a net.fetch body read with NETWORK_ERROR, naming the method', async () => {
    const { host, card } = await connectScripted({ permissions: ALL_GRANTED });
    host
      .on('fs.read', () => ({ data: '%%not base64%%', encoding: 'base64' }))
      .on('net.fetch', (params: { requestId: string }) => ({ requestId: params.requestId, status: 200, body: '%%' }));
    await expect(card.fs.readBytes('a.bin')).rejects.toMatchObject({ code: 'FS_ERROR', method: 'fs.read' });
    const response = await card.net.fetch('https://api.github.com/', { responseType: 'base64' });
    await expect(response.bytes()).rejects.toMatchObject({ code: 'NETWORK_ERROR', method: 'net.fetch' });
    card.close();
  });
});

describe('a malformed peer list', () => {
  it('does not turn a value the host delivered into a failure', async () => {
    const outputs: PortInfo[] = [
      { id: 'summary', label: 'Summary', type: 'ns:markdown', mode: 'stream', retain: false, default: false },
    ];
    const { host, card } = await connectScripted({ ports: { inputs: [], outputs } });
    host.on('ports.send', () => ({ delivered: 1 })).on('ports.emit', () => ({ delivered: 2 }));
    host.emit('ports.peersChanged', [null, 7, { cardId: 'note-1', inputs: 'none' }]);
    await flush();
    await expect(card.ports.send('note-1', 'summary', '# Done')).resolves.toBe(1);
    host.emit('ports.peersChanged', 'no peers');
    await flush();
    await expect(card.ports.emit('summary', '# Done')).resolves.toBe(2);
    card.close();
  });
});

describe('a streamed chunk that is not base64', () => {
  it('fails the body read with NETWORK_ERROR instead of leaving it waiting', async () => {
    const { host, card } = await connectScripted({ permissions: ALL_GRANTED });
    host.on('net.fetch', (params: { requestId: string }) => {
      setTimeout(() => host.emit('net.chunk', { requestId: params.requestId, chunk: '%%', encoding: 'base64' }), 5);
      return { requestId: params.requestId, status: 200 };
    });
    const response = await card.net.fetch('https://api.github.com/', { responseType: 'stream' });
    await expect(response.bytes()).rejects.toMatchObject({ code: 'NETWORK_ERROR', method: 'net.fetch' });
    await flush();
    expect(host.params('net.abort')).toEqual([{ requestId: host.params('net.fetch')[0].requestId }]);
    card.close();
  });
});
