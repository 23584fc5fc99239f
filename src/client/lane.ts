import { isCardSdkError, type CardSdkError } from '../contract/errors.js';

/** One chrome method's queue: one call in flight, later calls folded into the latest, retries on RATE_LIMITED. */
export interface Lane<P> {
  /** Queues `params`; resolves when these (or newer) params were accepted. */
  push(params: P): Promise<void>;
  /** Stops the lane: waiting calls resolve, later calls resolve at once without sending. */
  cancel(): void;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Batch<P> {
  params: P;
  waiters: Waiter[];
}

const RETRY_MARGIN_MS = 25;
const DEFAULT_RETRY_MS = 1000;

function retryDelay(error: CardSdkError): number {
  const value = error.retryAfterMs;
  return value !== undefined && value > 0 ? value : DEFAULT_RETRY_MS;
}

/** Creates a lane that sends with `send` and reports accepted params to `accepted`. */
export function createLane<P>(send: (params: P) => Promise<unknown>, accepted: (params: P) => void): Lane<P> {
  let inFlight = false;
  let cancelled = false;
  let pending: Batch<P> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pump = (): void => {
    if (cancelled || inFlight || timer !== undefined || !pending) return;
    const batch = pending;
    pending = null;
    inFlight = true;
    send(batch.params).then(
      () => {
        inFlight = false;
        for (const waiter of batch.waiters) waiter.resolve();
        if (!cancelled) accepted(batch.params);
        pump();
      },
      (error: unknown) => {
        inFlight = false;
        if (cancelled) {
          for (const waiter of batch.waiters) waiter.resolve();
          return;
        }
        if (isCardSdkError(error, 'RATE_LIMITED')) {
          // The newest params win; the failed callers wait for them.
          // Concatenated, not spread into unshift: a lane can hold hundreds of thousands of folded callers.
          if (pending) pending.waiters = batch.waiters.concat(pending.waiters);
          else pending = batch;
          timer = setTimeout(
            () => {
              timer = undefined;
              pump();
            },
            retryDelay(error) + RETRY_MARGIN_MS,
          );
          return;
        }
        for (const waiter of batch.waiters) waiter.reject(error);
        pump();
      },
    );
  };

  return {
    push(params) {
      if (cancelled) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = { resolve, reject };
        if (pending) {
          pending.params = params;
          pending.waiters.push(waiter);
        } else {
          pending = { params, waiters: [waiter] };
        }
        pump();
      });
    },
    cancel() {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const batch = pending;
      pending = null;
      for (const waiter of batch?.waiters ?? []) waiter.resolve();
    },
  };
}
