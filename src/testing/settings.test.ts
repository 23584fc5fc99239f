// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CardManifest } from '../contract/types.js';
import { settle } from './fixtures.js';
import { createMockHost } from './index.js';

const MANIFEST: CardManifest = {
  manifestVersion: 1,
  name: 'repo-radar',
  displayName: 'Repo radar',
  version: '1.0.0',
  protocol: 1,
  permissions: [
    { id: 'network', hosts: ['api.github.com'] },
    { id: 'fs.read', optional: true },
    { id: 'clipboard.write', optional: true },
  ],
  settings: [
    { key: 'repo', type: 'string', label: 'Repository', default: 'acme/app' },
    { key: 'limit', type: 'number', label: 'Limit', min: 1, max: 50, default: 10 },
    { key: 'live', type: 'boolean', label: 'Live' },
    { key: 'githubToken', type: 'secret', label: 'Token' },
  ],
};

describe('settings', () => {
  it('validates settings.set like the app and emits settings.changed', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    await card.settings.set({ limit: 20, live: true });
    await settle();
    expect(card.settings.values).toEqual({ repo: 'acme/app', limit: 20, live: true });
    expect(host.events.at(-1)?.event).toBe('settings.changed');
    const error = await card.settings.set({ limit: 99 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_PARAMS', hostMessage: 'limit: out of range' });
    await expect(card.settings.set({ githubToken: 'x' })).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    await expect(card.settings.set({ nope: 'x' })).rejects.toMatchObject({ hostMessage: 'nope: unknown setting' });
  });

  it('drives settings and secrets from the test, before and after connect', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    host.setSettings({ repo: 'acme/web' });
    host.setSecret('githubToken', 'ghp_test');
    const card = await host.connect();
    expect(card.settings.value('repo')).toBe('acme/web');
    expect(card.settings.hasSecret('githubToken')).toBe(true);
    host.setSecret('githubToken', null);
    await settle();
    expect(card.settings.hasSecret('githubToken')).toBe(false);
    expect(() => host.setSecret('repo', 'x')).toThrow('mock host: "repo" is not a secret setting of the manifest');
  });
});

describe('permissions', () => {
  it('asks the simulated user for declared optional permissions only', async () => {
    const asked: string[][] = [];
    const host = createMockHost({
      manifest: MANIFEST,
      requestPermissions: (ids) => (asked.push(ids), ids.slice(0, 1)),
    });
    const card = await host.connect();
    expect(card.permissions.has('fs.read')).toBe(false);
    expect(await card.permissions.request('fs.read', 'clipboard.write')).toEqual(['fs.read']);
    await settle();
    expect(asked).toEqual([['fs.read', 'clipboard.write']]);
    expect(card.permissions.has('fs.read')).toBe(true);
    expect(host.grants.has('fs.read')).toBe(true);
    const error = await card.call('permissions.request', { ids: ['network'] }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'PERMISSION_DENIED',
      hostMessage: 'network is not a declared optional permission',
      data: { permission: 'network' },
    });
  });

  it('refuses permission requests off screen', async () => {
    const host = createMockHost({ manifest: MANIFEST, context: { visibility: 'hidden' } });
    const card = await host.connect();
    await expect(card.call('permissions.request', { ids: ['fs.read'] })).rejects.toMatchObject({ code: 'NOT_VISIBLE' });
  });

  it('replaces grants with setGrants, implications included', async () => {
    const host = createMockHost({
      manifest: { ...MANIFEST, permissions: ['agents.read', { id: 'fs.write', optional: true }] },
    });
    const card = await host.connect();
    host.setGrants(['fs.write']);
    await settle();
    expect([...host.grants].sort()).toEqual(['fs.read', 'fs.write']);
    expect(card.permissions.has('fs.write')).toBe(true);
    expect(card.permissions.has('agents.read')).toBe(false);
    expect(card.permissions.all).toEqual(await card.call('permissions.list'));
  });
});
