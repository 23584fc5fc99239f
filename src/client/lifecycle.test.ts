import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectScripted, flush } from './card.test-helper.js';
import type { CardLifecycleRuntime } from './lifecycle.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('card.lifecycle', () => {
  it('passes visibility, expansion and size to their listeners', async () => {
    const { host, card } = await connectScripted();
    const seen: unknown[] = [];
    card.lifecycle.onVisibility((state) => seen.push(state));
    card.lifecycle.onExpanded((expanded) => seen.push(expanded));
    card.lifecycle.onResized((size) => seen.push(size));
    host.emit('lifecycle.visibility', { state: 'hidden' });
    host.emit('lifecycle.expanded', { expanded: true });
    host.emit('lifecycle.resized', { w: 10, h: 20 });
    await flush();
    expect(seen).toEqual(['hidden', true, { w: 10, h: 20 }]);
    card.close();
  });

  it('runs suspend handlers with the grace time when the host suspends the frame', async () => {
    const { host, card } = await connectScripted();
    const graces: number[] = [];
    const off = card.lifecycle.onSuspend((graceMs) => {
      graces.push(graceMs);
    });
    host.emit('lifecycle.suspend', { graceMs: 750 });
    await flush();
    off();
    host.emit('lifecycle.suspend', { graceMs: 750 });
    await flush();
    expect(graces).toEqual([750]);
    card.close();
  });

  it('waits for suspend handlers until they settle or the grace time passes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { card } = await connectScripted();
    const lifecycle = card.lifecycle as CardLifecycleRuntime;
    const saved: string[] = [];
    card.lifecycle.onSuspend(async () => {
      await Promise.resolve();
      saved.push('state');
    });
    await lifecycle.runSuspend(1000);
    expect(saved).toEqual(['state']);

    card.lifecycle.onSuspend(() => new Promise(() => undefined));
    let done = false;
    const waiting = lifecycle.runSuspend(1000).then(() => {
      done = true;
    });
    await flush();
    expect(done).toBe(false);
    vi.advanceTimersByTime(1000);
    await waiting;
    expect(done).toBe(true);
    card.close();
  });
});
