// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { CardSdkError, type Card } from '../index.js';
import type { MockHost } from '../testing/index.js';
import { connectLive, methodsCalled, until } from './live.test-helper.js';
import { createStorageModel } from './storage-model.js';

let open: { host: MockHost; card: Card } | null = null;
afterEach(() => {
  open?.card.close();
  open?.host.close();
  open = null;
});

async function live() {
  open = await connectLive();
  return open;
}

describe('createStorageModel', () => {
  it('reads the key on the first subscriber and shows a write at once', async () => {
    const { host, card } = await live();
    host.storage.instance.set('notes', 'kept');
    const notes = createStorageModel(card, 'notes');
    expect(notes.getSnapshot()).toMatchObject({ exists: false, isPending: true });
    const off = notes.subscribe(() => undefined);
    await until(() => notes.getSnapshot().isSuccess);
    expect(notes.getSnapshot()).toMatchObject({ exists: true, value: 'kept', error: null });
    const stored = notes.set('new');
    expect(notes.getSnapshot().value).toBe('new');
    await expect(stored).resolves.toBe(true);
    expect(host.storage.instance.get('notes')).toBe('new');
    off();
  });

  it('says when nothing is stored, so the reader applies its fallback', async () => {
    const { card } = await live();
    const empty = createStorageModel(card, 'missing');
    const off = empty.subscribe(() => undefined);
    await until(() => empty.getSnapshot().isSuccess);
    expect(empty.getSnapshot()).toMatchObject({ exists: false, value: undefined });
    off();
  });

  it('stores a value refused with RATE_LIMITED once the limit passes, unsaved with error set meanwhile', async () => {
    const { host, card } = await live();
    let refusals = 0;
    host.handle('storage.set', (params) => {
      if (refusals < 2) {
        refusals += 1;
        throw new CardSdkError('RATE_LIMITED', 'storage writes are limited', { retryAfterMs: 30 });
      }
      host.storage.instance.set(params.key, params.value);
    });
    const notes = createStorageModel(card, 'notes');
    const off = notes.subscribe(() => undefined);
    await until(() => notes.getSnapshot().isSuccess);
    const stored = notes.set('typed fast');
    await until(() => notes.getSnapshot().error?.code === 'RATE_LIMITED');
    expect(notes.getSnapshot()).toMatchObject({ value: 'typed fast', isError: true });
    expect(host.storage.instance.get('notes')).toBeUndefined();
    await expect(stored).resolves.toBe(true);
    expect(host.storage.instance.get('notes')).toBe('typed fast');
    expect(notes.getSnapshot().error).toBeNull();
    expect(methodsCalled(host, 'storage.set')).toHaveLength(3);
    off();
  });

  it('keeps a refused value with error set, or puts the previous one back when asked', async () => {
    const { host, card } = await live();
    host.storage.instance.set('notes', 'before');
    host.handle('storage.set', () => {
      throw new CardSdkError('QUOTA_EXCEEDED', 'storage is full');
    });
    const notes = createStorageModel(card, 'notes');
    const off = notes.subscribe(() => undefined);
    await until(() => notes.getSnapshot().isSuccess);
    await expect(notes.set('kept on screen')).resolves.toBe(false);
    expect(notes.getSnapshot()).toMatchObject({ value: 'kept on screen', isError: true });
    expect(notes.getSnapshot().writeError?.code).toBe('QUOTA_EXCEEDED');
    await expect(notes.set('rolled back', { rollbackOnError: true })).resolves.toBe(false);
    expect(notes.getSnapshot().value).toBe('kept on screen');
    await until(() => !notes.getSnapshot().isFetching);
    expect(notes.getSnapshot().value).toBe('before');
    off();
  });

  it('reads a package key again on storage.changed, but not during a write of its own', async () => {
    const { host, card } = await live();
    const shared = createStorageModel(card, 'shared', 'package');
    const off = shared.subscribe(() => undefined);
    await until(() => shared.getSnapshot().isSuccess && host.subscriptions.has('storage.changed'));
    host.storage.package.set('shared', 'from another card');
    host.emit('storage.changed', { key: 'shared', scope: 'package' });
    await until(() => shared.getSnapshot().value === 'from another card');
    off();
    await until(() => !host.subscriptions.has('storage.changed'));
  });
});
