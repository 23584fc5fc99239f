import { CardSdkError } from '../contract/errors.js';
import { watchLimits } from '../transport/deadline.js';

/** An abort controller that aborts with `TIMEOUT` at an absolute deadline (epoch ms). */
export interface DeadlineSignal {
  readonly signal: AbortSignal;
  /** Aborts now with `reason`. */
  abort(reason: unknown): void;
  /** Stops the deadline timer. */
  clear(): void;
}

// setTimeout fires at once for delays past 2^31 - 1 ms, so far deadlines are capped there.
const MAX_DELAY_MS = 2_147_483_647;

/** Milliseconds from now until `at` (epoch ms, finite: see `withDeadline`), between 0 and the longest timer delay. */
export function delayUntil(at: number): number {
  return Math.min(MAX_DELAY_MS, Math.max(0, at - Date.now()));
}

/** `call` as is when its deadline is a finite number, else a copy whose deadline is `defaultMs` from now. */
export function withDeadline<T extends { deadline: number }>(call: T, defaultMs: number): T {
  return Number.isFinite(call.deadline) ? call : { ...call, deadline: Date.now() + defaultMs };
}

/** Starts a controller that aborts with `TIMEOUT` `message` when `deadline` passes. */
export function abortAtDeadline(deadline: number, message: string): DeadlineSignal {
  const controller = new AbortController();
  const stop = watchLimits(
    { timeoutMs: delayUntil(deadline) },
    (reason) => controller.abort(reason),
    () => new CardSdkError('TIMEOUT', message),
  );
  return {
    signal: controller.signal,
    abort: (reason) => {
      stop();
      controller.abort(reason);
    },
    clear: stop,
  };
}
