import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLimits } from './deadline.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A wait of `timeoutMs` (and a signal, unless left out): what it ended with, the abort and the stop. */
function wait(timeoutMs: number | undefined, withSignal = true) {
  const ended: unknown[] = [];
  const controller = new AbortController();
  const limits = { timeoutMs, signal: withSignal ? controller.signal : undefined };
  const stop = watchLimits(
    limits,
    (reason) => ended.push(reason),
    () => 'late',
  );
  return { ended, abort: (reason: string) => controller.abort(reason), stop };
}

describe('watchLimits', () => {
  it('ends the wait once at the timeout with what timedOut() gives, and leaves the signal alone after', () => {
    const { ended, abort } = wait(100);
    vi.advanceTimersByTime(99);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ended).toEqual(['late']);
    abort('too late to matter');
    vi.advanceTimersByTime(1000);
    expect(ended).toEqual(['late']);
  });

  it('ends the wait once with the signal’s reason when it aborts first, and the timer no longer fires', () => {
    const { ended, abort } = wait(100);
    abort('user left');
    vi.advanceTimersByTime(1000);
    expect(ended).toEqual(['user left']);
  });

  it('stops both when the wait ends another way', () => {
    const { ended, abort, stop } = wait(50);
    stop();
    abort('after the answer');
    vi.advanceTimersByTime(1000);
    expect(ended).toEqual([]);
  });

  it('waits forever with no limits, and ends at the timeout with a timeout alone', () => {
    const endless = wait(undefined, false);
    const timed = wait(10, false);
    vi.advanceTimersByTime(1_000_000);
    expect(endless.ended).toEqual([]);
    expect(timed.ended).toEqual(['late']);
  });
});
