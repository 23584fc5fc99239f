import { CardSdkError } from '../contract/errors.js';

/** An abort controller that aborts with `TIMEOUT` at an absolute deadline (epoch ms). */
export interface DeadlineSignal {
  readonly signal: AbortSignal;
  /** Aborts now with `reason`. */
  abort(reason: unknown): void;
  /** Stops the deadline timer. */
  clear(): void;
}

/** Starts a controller that aborts with `TIMEOUT` `message` when `deadline` passes. */
export function abortAtDeadline(deadline: number, message: string): DeadlineSignal {
  const controller = new AbortController();
  const delay = Math.max(0, (Number.isFinite(deadline) ? deadline : Date.now()) - Date.now());
  const timer = setTimeout(() => controller.abort(new CardSdkError('TIMEOUT', message)), delay);
  return {
    signal: controller.signal,
    abort: (reason) => {
      clearTimeout(timer);
      controller.abort(reason);
    },
    clear: () => clearTimeout(timer),
  };
}

/** The message of a thrown value (`Error.message`, else its string form). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
