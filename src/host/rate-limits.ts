import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import type { MethodSpec } from '../contract/methods.js';

/** Per-method throttle state of one card: the app's `minIntervalMs` and `perMinute` limits. */
export interface RateLimiter {
  /** Returns the RATE_LIMITED error for a call made now, or records the call and returns null. */
  check(method: string, spec: Pick<MethodSpec, 'minIntervalMs' | 'perMinute'>): CardSdkError | null;
  /** The same for one message on an output port (`portMessagesPerSecond`, sliding 1 s window per output). */
  checkPort(output: string): CardSdkError | null;
}

const WINDOW_MS = 60_000;
const PORT_WINDOW_MS = 1_000;

/** Creates a throttle that counts only the calls it lets through, per method (sliding 60 s window). */
export function createRateLimiter(now: () => number = () => Date.now()): RateLimiter {
  const accepted = new Map<string, number[]>();
  const sent = new Map<string, number[]>();
  return {
    check(method, spec) {
      if (spec.minIntervalMs === undefined && spec.perMinute === undefined) return null;
      const at = now();
      const times = (accepted.get(method) ?? []).filter((t) => at - t < WINDOW_MS);
      const last = times.at(-1);
      if (spec.minIntervalMs !== undefined && last !== undefined && at - last < spec.minIntervalMs) {
        const retryAfterMs = spec.minIntervalMs - (at - last);
        return new CardSdkError('RATE_LIMITED', `${method}: once per ${spec.minIntervalMs} ms`, { retryAfterMs });
      }
      if (spec.perMinute !== undefined && times.length >= spec.perMinute) {
        const retryAfterMs = WINDOW_MS - (at - times[0]);
        return new CardSdkError('RATE_LIMITED', `${method}: ${spec.perMinute} per minute`, { retryAfterMs });
      }
      times.push(at);
      accepted.set(method, times);
      return null;
    },
    checkPort(output) {
      const at = now();
      const times = (sent.get(output) ?? []).filter((t) => at - t < PORT_WINDOW_MS);
      const limit = LIMITS.portMessagesPerSecond;
      if (times.length >= limit) {
        const retryAfterMs = PORT_WINDOW_MS - (at - times[0]);
        return new CardSdkError('RATE_LIMITED', `${output}: ${limit} messages per second`, { retryAfterMs });
      }
      times.push(at);
      sent.set(output, times);
      return null;
    },
  };
}
