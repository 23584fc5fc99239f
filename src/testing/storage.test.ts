// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../contract/limits.js';
import { settle } from './fixtures.js';
import { createMockHost } from './index.js';

describe('storage', () => {
  it('reads what the test seeded and lets the test read what the card wrote', async () => {
    const host = createMockHost();
    host.storage.instance.set('notes', 'seeded');
    const card = await host.connect();
    expect(await card.storage.get('notes')).toBe('seeded');
    expect(await card.storage.get('missing', 'fallback')).toBe('fallback');
    await card.storage.set('b', { n: 1 });
    await card.storage.set('a', [1]);
    await card.storage.package.set('shared', true);
    expect(await card.storage.keys()).toEqual(['a', 'b', 'notes']);
    expect(await card.storage.keys('n')).toEqual(['notes']);
    expect(host.storage.instance.get('b')).toEqual({ n: 1 });
    expect(host.storage.package.get('shared')).toBe(true);
    expect(await card.storage.usage()).toEqual({
      bytes: 'notes'.length + 8 + 'b'.length + 7 + 'a'.length + 3,
      quota: LIMITS.instanceStorageBytes,
      keys: 3,
    });
    await card.storage.delete('a');
    await card.storage.package.clear();
    await settle();
    expect([...host.storage.instance.keys()]).toEqual(['notes', 'b']);
    expect(host.storage.package.size).toBe(0);
    expect(host.events.some((e) => e.event === 'storage.changed')).toBe(false);
  });

  it('refuses a new key past the key count and values past the quota', async () => {
    const host = createMockHost();
    for (let i = 0; i < LIMITS.storageKeys; i += 1) host.storage.instance.set(`k${i}`, 0);
    const card = await host.connect();
    await expect(card.storage.set('one-more', 1)).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      hostMessage: 'too many keys',
    });
    await card.storage.set('k1', 2);
    host.storage.instance.clear();
    const chunk = 'x'.repeat(LIMITS.messageBytes - 200);
    for (let i = 0; i < 5; i += 1) host.storage.instance.set(`big${i}`, chunk);
    await expect(card.storage.set('big5', chunk)).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      hostMessage: 'storage quota exceeded',
    });
    await card.storage.set('big0', 'small');
  });

  it('answers theme, language and workspace', async () => {
    const card = await createMockHost({ context: { i18n: { language: 'zh', locale: 'zh-CN' } } }).connect();
    expect(await card.getI18n()).toEqual({ language: 'zh', locale: 'zh-CN' });
    expect((await card.getTheme()).scheme).toBe('dark');
    expect(await card.getWorkspace()).toEqual({ id: 'workspace-1', name: 'Mock workspace' });
  });
});
