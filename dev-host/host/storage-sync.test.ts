// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockHost, type MockHost } from '../../src/testing/index.js';
import type { KeptStorage } from '../../src/dev/storage-file.js';
import { createStorageSync, loadStorage, saveStorage, storageOf } from './storage-sync.js';

const STORED: KeptStorage = { instance: { theme: 'dark', list: [1, 2] }, package: { runs: 1 } };

/** A sync whose posts are recorded (each one kept, or refused with `refuse` while it is set). */
function recorded(initial: KeptStorage = STORED) {
  const saved: KeptStorage[] = [];
  const problems: string[] = [];
  let refuse: string | null = null;
  const sync = createStorageSync({
    initial,
    save: (storage) => {
      saved.push(storage);
      return refuse === null ? Promise.resolve() : Promise.reject(new Error(refuse));
    },
    onProblem: (message) => void problems.push(message),
  });
  return { sync, saved, problems, refuse: (reason: string | null) => void (refuse = reason) };
}

/** Lets the change feed's microtask and the save's promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the kept storage on the page', () => {
  it('seeds a new host before its card connects: the card reads what the last run stored', async () => {
    const { sync, saved } = recorded();
    const host = createMockHost();
    sync.seed(host);
    const stop = sync.watch(host);
    const card = await host.connect();
    expect(await card.storage.get('theme')).toBe('dark');
    expect(await card.storage.package.get('runs')).toBe(1);
    expect(await card.storage.keys()).toEqual(['list', 'theme']);
    await vi.advanceTimersByTimeAsync(1000);
    // Reading changes nothing: nothing is posted.
    expect(saved).toEqual([]);
    stop();
    expect(saved).toEqual([]);
  });

  it('posts both scopes once, a moment after the last of several changes', async () => {
    const { sync, saved } = recorded();
    const host = createMockHost();
    sync.seed(host);
    sync.watch(host);
    const card = await host.connect();
    await card.storage.set('theme', 'light');
    await vi.advanceTimersByTimeAsync(100);
    await card.storage.delete('list');
    await card.storage.package.set('runs', 2);
    await vi.advanceTimersByTimeAsync(200);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(60);
    expect(saved).toEqual([{ instance: { theme: 'light' }, package: { runs: 2 } }]);
    // Set back to the same value: nothing new to post.
    await card.storage.set('theme', 'light');
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toHaveLength(1);
  });

  it('posts at least every 2 s while the card keeps writing', async () => {
    const { sync, saved } = recorded();
    const host = createMockHost();
    sync.seed(host);
    sync.watch(host);
    const card = await host.connect();
    for (let tick = 0; tick < 25; tick += 1) {
      await card.storage.set('tick', tick);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(saved.length).toBeGreaterThanOrEqual(1);
    expect(saved[0]?.instance.tick).toBeLessThan(24);
    await vi.advanceTimersByTimeAsync(300);
    expect(saved.at(-1)?.instance.tick).toBe(24);
  });

  it('posts what is pending when it stops (a new host, a closed page), and gives the next host the latest storage', async () => {
    const { sync, saved } = recorded();
    const first = createMockHost();
    sync.seed(first);
    const stop = sync.watch(first);
    const card = await first.connect();
    await card.storage.set('draft', 'unsaved');
    // A manifest change: the new host is made (and seeded) while the old one is still watched, then the old stops.
    const second: MockHost = createMockHost();
    sync.seed(second);
    expect(second.storage.instance.get('draft')).toBe('unsaved');
    expect(saved).toEqual([]);
    stop();
    expect(saved).toEqual([{ instance: { draft: 'unsaved', list: [1, 2], theme: 'dark' }, package: { runs: 1 } }]);
    sync.watch(second);
    second.storage.package.set('other', true);
    sync.flush();
    expect(saved.at(-1)?.package).toEqual({ other: true, runs: 1 });
  });

  it('posts again after a refused save, telling the reason once until a save goes well', async () => {
    const { sync, saved, problems, refuse } = recorded();
    const host = createMockHost();
    sync.seed(host);
    sync.watch(host);
    refuse('the dev server cannot be reached');
    host.storage.instance.set('a', 1);
    sync.flush();
    await settle();
    sync.flush();
    await settle();
    expect(saved).toHaveLength(2);
    expect(problems).toEqual(['the dev server cannot be reached']);
    refuse(null);
    sync.flush();
    await settle();
    expect(saved).toHaveLength(3);
    sync.flush();
    await settle();
    expect(saved).toHaveLength(3);
  });

  it('keeps JSON values only, keys sorted', () => {
    const host = createMockHost();
    host.storage.instance.set('b', 1);
    host.storage.instance.set('a', { nested: [true, null] });
    // Only code other than the card's calls can put this here: the contract refuses it in storage.set.
    host.storage.instance.set('bytes', new Uint8Array([1]) as never);
    const kept = storageOf(host);
    expect(kept).toEqual({ instance: { a: { nested: [true, null] }, b: 1 }, package: {} });
    expect(Object.keys(kept.instance)).toEqual(['a', 'b']);
  });

  it('keeps a key named like an object property as any other key, through the file and back', async () => {
    const { sync, saved } = recorded({ instance: {}, package: {} });
    const host = createMockHost();
    sync.seed(host);
    const stop = sync.watch(host);
    const card = await host.connect();
    await card.storage.set('__proto__', { kept: true });
    await card.storage.set('constructor', 1);
    await vi.advanceTimersByTimeAsync(1000);
    const [file] = saved;
    expect(JSON.parse(JSON.stringify(file))).toEqual(
      JSON.parse('{"instance":{"__proto__":{"kept":true},"constructor":1},"package":{}}'),
    );
    stop();
    const next = recorded(JSON.parse(JSON.stringify(file)) as KeptStorage);
    const again = createMockHost();
    next.sync.seed(again);
    expect(again.storage.instance.get('__proto__')).toEqual({ kept: true });
  });
});

describe('the storage route, from the page', () => {
  it('reads the storage and the file problems with the session token, under a canvas card base', async () => {
    const fetcher = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ ...STORED, findings: ['f $: is not JSON'] }), { status: 200 })),
    );
    const read = await loadStorage('t/k', '/__card/1', fetcher);
    expect(read).toEqual({ storage: STORED, problems: ['f $: is not JSON'] });
    expect(fetcher).toHaveBeenCalledWith('/__card/1/__dev/storage?token=t%2Fk', { cache: 'no-store' });
  });

  it('starts empty, saying why, when the dev server does not answer', async () => {
    const refused = vi.fn(() => Promise.resolve(new Response('forbidden', { status: 403 })));
    expect(await loadStorage('t', '', refused as unknown as typeof fetch)).toEqual({
      storage: { instance: {}, package: {} },
      problems: ["the card's kept storage could not be read (the dev server answered 403); it starts empty"],
    });
  });

  it('posts the storage as JSON and rejects with the server reason', async () => {
    const calls: [string, RequestInit][] = [];
    const answer = { status: 204, body: null as string | null };
    const fetcher = (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve(new Response(answer.body, { status: answer.status }));
    };
    await saveStorage(STORED, 'tok', '', fetcher as unknown as typeof fetch);
    expect(calls[0]?.[0]).toBe('/__dev/storage?token=tok');
    expect(calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify(STORED) });
    Object.assign(answer, { status: 400, body: 'instance["big"]: too large\n' });
    await expect(saveStorage(STORED, 'tok', '', fetcher as unknown as typeof fetch)).rejects.toThrow(
      `the card's storage was not kept: instance["big"]: too large`,
    );
  });
});
