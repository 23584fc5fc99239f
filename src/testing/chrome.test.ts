// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CardManifest } from '../contract/types.js';
import { TEST_RADAR_MANIFEST, settle } from './fixtures.js';
import { createMockHost } from './index.js';

const SIZED: CardManifest = {
  ...TEST_RADAR_MANIFEST,
  permissions: ['canvas.spawn', 'clipboard.write'],
  card: { defaultSize: { w: 460, h: 340 }, minSize: { w: 300, h: 200 }, maxSize: { w: 800, h: 600 } },
};

describe('card chrome and ui', () => {
  it('stores the raw params of chrome calls, also after clearing', async () => {
    const host = createMockHost({ manifest: SIZED });
    const card = await host.connect();
    await card.setTitle('Radar');
    await card.setOverview({ primary: '3 failing', progress: 0.5 });
    await card.setBadge(3);
    await card.setStatus('Running');
    await card.attention('needs-input', 'Look');
    await settle();
    expect(host.chrome).toMatchObject({
      title: { title: 'Radar' },
      overview: { primary: '3 failing', progress: 0.5 },
      attention: { level: 'needs-input', message: 'Look' },
    });
    await card.setStatus(null);
    await card.attention('none');
    await card.setBadge(null);
    await settle();
    expect(host.chrome.status).toEqual({ text: null });
    expect(host.chrome.attention).toEqual({ level: 'none' });
    expect(host.chrome.badge).toEqual({ count: null, text: null });
  });

  it('clamps requestResize to the manifest sizes and tells the card', async () => {
    const host = createMockHost({ manifest: SIZED });
    const card = await host.connect();
    expect(await card.requestResize({ w: 5000, h: 10 })).toEqual({ w: 800, h: 200 });
    await settle();
    expect(card.size).toEqual({ w: 800, h: 200 });
    expect(host.events.at(-1)).toEqual({ event: 'lifecycle.resized', data: { w: 800, h: 200 } });
  });

  it('asks the simulated user for links and confirmations, and refuses non-https links', async () => {
    const asked: unknown[] = [];
    const host = createMockHost({
      manifest: SIZED,
      confirm: (request) => (asked.push(request), request.type === 'open-link'),
    });
    const card = await host.connect();
    expect(await card.openLink('https://example.com/a')).toBe(true);
    expect(await card.ui.confirm({ title: 'Delete?', message: 'All of it' })).toBe(false);
    expect(asked).toEqual([
      { type: 'open-link', url: 'https://example.com/a' },
      { type: 'confirm', title: 'Delete?', message: 'All of it' },
    ]);
    expect(host.confirms).toEqual(asked);
    await expect(card.openLink('http://example.com')).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'only https links',
    });
  });

  it('refuses visible-only methods off screen', async () => {
    const host = createMockHost({ manifest: SIZED });
    const card = await host.connect();
    host.setVisibility('overview');
    await settle();
    expect(card.visibility).toBe('overview');
    await expect(card.ui.confirm({ title: 'Sure?', message: '' })).rejects.toMatchObject({
      code: 'NOT_VISIBLE',
      hostMessage: 'ui.confirm needs the card on screen',
    });
  });

  it('records toasts, menus, clipboard and spawns, with the spawn quota', async () => {
    const host = createMockHost({ manifest: SIZED });
    const card = await host.connect();
    await card.ui.toast('Saved', { tone: 'success' });
    await card.ui.setMenu([{ id: 'run', label: 'Run now', onSelect: () => {} }]);
    await card.copyText('npm test');
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push(await card.spawn('note', { title: `n${i}` }));
    expect(ids).toEqual(['spawned-1', 'spawned-2', 'spawned-3', 'spawned-4']);
    await expect(card.spawn('todo')).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      hostMessage: 'spawn quota reached',
    });
    await settle();
    expect(host.toasts).toEqual([{ message: 'Saved', tone: 'success' }]);
    expect((host.chrome.menu as { label: string }[]).map((m) => m.label)).toEqual(['Run now']);
    expect(host.clipboard).toEqual(['npm test']);
    expect(host.spawned[0]).toEqual({ cardId: 'spawned-1', kind: 'note', title: 'n0' });
  });

  it('enforces throttles only when asked, with retryAfterMs', async () => {
    const host = createMockHost({ manifest: SIZED, enforceRateLimits: true });
    const card = await host.connect();
    await card.ui.toast('one');
    const error = await card.ui.toast('two').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', hostMessage: 'ui.toast: once per 2000 ms' });
    expect((error as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);
    expect(host.toasts).toEqual([{ message: 'one' }]);
    const relaxed = createMockHost({ manifest: SIZED });
    const other = await relaxed.connect();
    await other.ui.toast('one');
    await other.ui.toast('two');
    expect(relaxed.toasts).toHaveLength(2);
  });

  it('reports logs, capabilities and the card info', async () => {
    const host = createMockHost({ manifest: SIZED });
    const card = await host.connect();
    card.log.warn('careful');
    const caps = await card.host.capabilities();
    expect(caps.methods).toHaveLength(64);
    expect(caps.events).toHaveLength(22);
    expect((await card.getInfo()).name).toBe('test-radar');
    await settle();
    expect(host.logs).toContainEqual({ level: 'warn', message: 'careful' });
  });
});
