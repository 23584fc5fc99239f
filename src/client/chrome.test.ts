import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectScripted, flush } from './card.test-helper.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('chrome lanes', () => {
  it('folds 100 rapid setStatus calls into at most 2 sends, the last with the latest value', async () => {
    const { host, card } = await connectScripted();
    host.on('card.setStatus', () => undefined);
    const calls = Array.from({ length: 100 }, (_, i) => card.setStatus(`step ${i}`, { tone: 'accent' }));
    await Promise.all(calls);
    const sent = host.params('card.setStatus');
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(sent.at(-1)).toEqual({ text: 'step 99', tone: 'accent' });
    card.close();
  });

  it('leaves out options that are undefined', async () => {
    const { host, card } = await connectScripted();
    host.on('card.setStatus', () => undefined).on('card.setOverview', () => undefined);
    await card.setStatus('x', { tone: undefined, busy: true });
    await card.setOverview({ primary: 'p', icon: undefined });
    expect(host.params('card.setStatus')).toEqual([{ text: 'x', busy: true }]);
    expect(host.params('card.setOverview')).toEqual([{ primary: 'p' }]);
    card.close();
  });

  it('keeps one call in flight per method; other methods have their own lane', async () => {
    const { host, card } = await connectScripted();
    void card.setTitle('a');
    void card.setTitle('b');
    void card.setBadge(3);
    await flush();
    expect(host.params('card.setTitle')).toEqual([{ title: 'a' }]);
    expect(host.params('card.setBadge')).toEqual([{ count: 3, text: null }]);
    card.close();
  });

  it('retries the latest value after RATE_LIMITED retryAfterMs (+25 ms) and never rejects for rate', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { host, card } = await connectScripted();
    let refusals = 1;
    host.on('card.setOverview', () =>
      refusals-- > 0
        ? { error: { code: 'RATE_LIMITED', message: 'card.setOverview: 120 per minute', data: { retryAfterMs: 400 } } }
        : undefined,
    );
    let firstDone = false;
    const first = card.setOverview({ primary: 'one' }).then(() => {
      firstDone = true;
    });
    await flush();
    const second = card.setOverview({ primary: 'two', progress: 0.5 });
    await flush();
    expect(host.params('card.setOverview')).toEqual([{ primary: 'one' }]);
    vi.advanceTimersByTime(424);
    await flush();
    expect(host.params('card.setOverview')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await flush();
    expect(host.params('card.setOverview')).toEqual([{ primary: 'one' }, { primary: 'two', progress: 0.5 }]);
    await Promise.all([first, second]);
    expect(firstDone).toBe(true);
    expect(card.context.chrome?.overview).toEqual({ primary: 'two', progress: 0.5 });
    card.close();
  });

  it('waits 1000 ms when RATE_LIMITED carries no retryAfterMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { host, card } = await connectScripted();
    let refusals = 1;
    host.on('card.attention', () =>
      refusals-- > 0 ? { error: { code: 'RATE_LIMITED', message: 'slow down' } } : undefined,
    );
    const done = card.attention('needs-input', 'look');
    await flush();
    vi.advanceTimersByTime(1024);
    await flush();
    expect(host.params('card.attention')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await done;
    expect(host.params('card.attention')).toEqual([
      { level: 'needs-input', message: 'look' },
      { level: 'needs-input', message: 'look' },
    ]);
    card.close();
  });

  it('rejects other failures, and INVALID_PARAMS names the exact path', async () => {
    const { host, card } = await connectScripted();
    host.on('card.setTitle', () => ({ error: { code: 'INTERNAL', message: 'boom' } }));
    await expect(card.setTitle('x')).rejects.toMatchObject({ code: 'INTERNAL', method: 'card.setTitle' });
    const error = await card.setStatus('x'.repeat(81)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_PARAMS', method: 'card.setStatus' });
    expect((error as { hostMessage: string }).hostMessage).toMatch(/^invalid params at \/text: /);
    expect(host.params('card.setStatus')).toEqual([]);
    card.close();
  });

  it('mirrors accepted chrome into a new context object', async () => {
    const { host, card } = await connectScripted();
    for (const method of ['card.setTitle', 'card.setStatus', 'card.setBadge', 'card.attention'])
      host.on(method, () => undefined);
    const contexts: unknown[] = [];
    card.onContextChange((context) => contexts.push(context));
    const before = card.context;
    await card.setTitle('Radar');
    await card.setStatus('3 failing', { tone: 'danger' });
    await card.setBadge('new');
    await card.attention('info');
    expect(card.context).not.toBe(before);
    expect(contexts).toHaveLength(4);
    expect(card.context.chrome).toEqual({
      title: 'Radar',
      status: { text: '3 failing', tone: 'danger', busy: false },
      badge: { count: null, text: 'new', tone: 'default' },
      overview: null,
      attention: { level: 'info', message: null },
    });
    await card.setStatus(null);
    await card.setBadge(null);
    await card.attention('none');
    expect(card.context.chrome).toMatchObject({ status: null, badge: null, attention: null });
    card.close();
  });

  it('resolves waiting calls on close and later calls without sending', async () => {
    const { host, card } = await connectScripted();
    const first = card.setStatus('a');
    const waiting = card.setStatus('b');
    await flush();
    card.close();
    await expect(waiting).resolves.toBeUndefined();
    await expect(first).resolves.toBeUndefined();
    await expect(card.setStatus('c')).resolves.toBeUndefined();
    expect(host.params('card.setStatus')).toEqual([{ text: 'a' }]);
  });

  it('resolves chrome calls made only after close without sending, even when none came before', async () => {
    const { host, card } = await connectScripted();
    card.close();
    await expect(card.setTitle('late')).resolves.toBeUndefined();
    await expect(card.attention('needs-input', 'late')).resolves.toBeUndefined();
    expect(host.requests('card.setTitle')).toEqual([]);
    expect(host.requests('card.attention')).toEqual([]);
  });
});
