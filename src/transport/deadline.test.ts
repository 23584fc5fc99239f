import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLimits } from './deadline.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('watchLimits', () => {
  it('ends the wait once at the timeout with what timedOut() gives, and leaves the signal alone after', () => {
    const ended: unknown[] = [];
    const controller = new AbortController();
    watchLimits(
      { timeoutMs: 100, signal: controller.signal },
      (reason) => ended.push(reason),
      () => 'late',
    );
    vi.advanceTimersByTime(99);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ended).toEqual(['late']);
    controller.abort('too late to matter');
    vi.advanceTimersByTime(1000);
    expect(ended).toEqual(['late']);
  });

  it('ends the wait once with the signal’s reason when it aborts first, and the timer no longer fires', () => {
    const ended: unknown[] = [];
    const controller = new AbortController();
    watchLimits(
      { timeoutMs: 100, signal: controller.signal },
      (reason) => ended.push(reason),
      () => 'late',
    );
    controller.abort('user left');
    vi.advanceTimersByTime(1000);
    expect(ended).toEqual(['user left']);
  });

  it('stops both when the wait ends another way, and waits forever with no limits', () => {
    const ended: unknown[] = [];
    const controller = new AbortController();
    const stop = watchLimits(
      { timeoutMs: 50, signal: controller.signal },
      (reason) => ended.push(reason),
      () => 'late',
    );
    stop();
    controller.abort('after the answer');
    vi.advanceTimersByTime(1000);
    watchLimits(
      {},
      (reason) => ended.push(reason),
      () => 'never',
    );
    vi.advanceTimersByTime(1_000_000);
    expect(ended).toEqual([]);
  });

  it('with a timeout alone, ends at the timeout', () => {
    const ended: unknown[] = [];
    watchLimits(
      { timeoutMs: 10 },
      (reason) => ended.push(reason),
      () => 'late',
    );
    vi.advanceTimersByTime(10);
    expect(ended).toEqual(['late']);
  });
});
