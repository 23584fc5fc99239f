// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { connect } from '../index.js';
import { README_MANIFEST, settle } from './fixtures.js';
import { createMockHost } from './index.js';

describe('host.serve(port)', () => {
  it('serves the mock on a port the card connects with; the drivers reach that card', async () => {
    const host = createMockHost({ manifest: README_MANIFEST, grant: 'all' });
    const channel = new MessageChannel();
    const server = host.serve(channel.port1);
    const card = await connect({ port: channel.port2 });
    expect(server.ready).toBe(true);
    expect(card.launch).toBe('created');
    card.tools.handle('run_tests', () => ({ content: [{ type: 'text', text: 'all green' }] }));
    expect(await host.callTool('run_tests', {})).toMatchObject({ content: [{ text: 'all green' }] });
    await card.setStatus('running', { tone: 'accent' });
    expect(host.chrome.status).toMatchObject({ text: 'running', tone: 'accent' });
    card.close();
    host.close();
  });

  it('a second serve closes the first; launch "reloaded" keeps the state and hands back the chrome', async () => {
    const host = createMockHost({ manifest: README_MANIFEST, grant: 'all' });
    const first = new MessageChannel();
    const firstServer = host.serve(first.port1);
    const before = await connect({ port: first.port2 });
    await before.setTitle('Nightly');
    await before.storage.set('runs', 3);
    before.on('agents.status', () => undefined);
    await settle();
    expect(host.subscriptions.has('agents.status')).toBe(true);

    const second = new MessageChannel();
    host.serve(second.port1, { launch: 'reloaded' });
    expect(firstServer.closed).toBe(true);
    expect(host.subscriptions.size).toBe(0);
    const after = await connect({ port: second.port2 });
    expect(after.launch).toBe('reloaded');
    expect(after.context.chrome?.title).toBe('Nightly');
    expect(await after.storage.get('runs')).toBe(3);
    after.close();
    host.close();
  });
});

describe('host.subscribe(listener)', () => {
  it('is called once per batch of changes, for card requests and for drivers, until unsubscribed', async () => {
    const host = createMockHost({ manifest: README_MANIFEST, grant: 'all' });
    let calls = 0;
    const stop = host.subscribe(() => (calls += 1));
    const card = await host.connect();
    await settle();
    const afterConnect = calls;
    expect(afterConnect).toBeGreaterThan(0);

    host.setAgentUsage('a1', { tokens: 10 } as never);
    host.putFile('notes.md', 'x');
    host.setTheme({ ...host.context.theme });
    await settle();
    expect(calls).toBe(afterConnect + 1);

    card.log.info('hello');
    await settle();
    expect(host.logs).toEqual([{ level: 'info', message: 'hello' }]);
    expect(calls).toBe(afterConnect + 2);

    stop();
    await card.setBadge(2);
    await settle();
    expect(calls).toBe(afterConnect + 2);
    card.close();
  });

  it('keeps calling the other listeners when one throws', async () => {
    const host = createMockHost();
    let called = false;
    const errors: unknown[] = [];
    const onError = (error: unknown): void => void errors.push(error);
    process.on('uncaughtException', onError);
    host.subscribe(() => {
      throw new Error('listener failed');
    });
    host.subscribe(() => (called = true));
    host.setVisibility('hidden');
    await settle();
    process.off('uncaughtException', onError);
    expect(called).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
