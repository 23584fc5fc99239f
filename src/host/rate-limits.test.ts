// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../contract/limits.js';
import { createRateLimiter } from './rate-limits.js';

function clock() {
  const time = { now: 1_000_000 };
  return { time, limiter: createRateLimiter(() => time.now) };
}

const refusal = (limiter: ReturnType<typeof createRateLimiter>, spec: Parameters<typeof limiter.check>[1]) => {
  const error = limiter.check('ui.confirm', spec);
  return error && { code: error.code, message: error.hostMessage, data: error.data };
};

describe('createRateLimiter: per method', () => {
  it('lets every call of a method without limits through', () => {
    const { limiter } = clock();
    for (let i = 0; i < 100; i += 1) expect(limiter.check('ui.toast', {})).toBeNull();
  });

  it('lets perMinute calls through in a sliding 60 s window, then refuses with the wait until the oldest leaves', () => {
    const { time, limiter } = clock();
    for (let i = 0; i < 3; i += 1) {
      expect(refusal(limiter, { perMinute: 3 })).toBeNull();
      time.now += 1000;
    }
    expect(refusal(limiter, { perMinute: 3 })).toEqual({
      code: 'RATE_LIMITED',
      message: 'ui.confirm: 3 per minute',
      data: { retryAfterMs: 57_000 },
    });
    // The first call leaves the window exactly 60 s after it was made.
    time.now = 1_000_000 + 59_999;
    expect(refusal(limiter, { perMinute: 3 })?.code).toBe('RATE_LIMITED');
    time.now = 1_000_000 + 60_000;
    expect(refusal(limiter, { perMinute: 3 })).toBeNull();
  });

  it('counts only the calls it let through, and each method on its own', () => {
    const { limiter } = clock();
    expect(refusal(limiter, { perMinute: 1 })).toBeNull();
    for (let i = 0; i < 5; i += 1) expect(refusal(limiter, { perMinute: 1 })?.code).toBe('RATE_LIMITED');
    expect(limiter.check('card.focus', { perMinute: 1 })).toBeNull();
  });

  it('refuses a call sooner than minIntervalMs after the last one, with the wait left', () => {
    const { time, limiter } = clock();
    expect(refusal(limiter, { minIntervalMs: 500 })).toBeNull();
    time.now += 200;
    expect(refusal(limiter, { minIntervalMs: 500 })).toEqual({
      code: 'RATE_LIMITED',
      message: 'ui.confirm: once per 500 ms',
      data: { retryAfterMs: 300 },
    });
    time.now += 300;
    expect(refusal(limiter, { minIntervalMs: 500 })).toBeNull();
  });

  it('applies minIntervalMs alone, without a per-minute cap', () => {
    const { time, limiter } = clock();
    for (let i = 0; i < 50; i += 1) {
      expect(refusal(limiter, { minIntervalMs: 10 })).toBeNull();
      time.now += 10;
    }
  });
});

describe('createRateLimiter: per output port', () => {
  it(`lets ${LIMITS.portMessagesPerSecond} messages an output through in a sliding second, then refuses`, () => {
    const { time, limiter } = clock();
    for (let i = 0; i < LIMITS.portMessagesPerSecond; i += 1) {
      expect(limiter.checkPort('summary')).toBeNull();
      time.now += 10;
    }
    const error = limiter.checkPort('summary');
    expect(error && { code: error.code, message: error.hostMessage, data: error.data }).toEqual({
      code: 'RATE_LIMITED',
      message: `summary: ${LIMITS.portMessagesPerSecond} messages per second`,
      data: { retryAfterMs: 1000 - LIMITS.portMessagesPerSecond * 10 },
    });
    expect(limiter.checkPort('other')).toBeNull();
    time.now = 1_000_000 + 1000;
    expect(limiter.checkPort('summary')).toBeNull();
  });

  it('keeps the port and method counts apart', () => {
    const { limiter } = clock();
    for (let i = 0; i < LIMITS.portMessagesPerSecond; i += 1) limiter.checkPort('ui.confirm');
    expect(limiter.check('ui.confirm', { perMinute: 1 })).toBeNull();
  });
});
