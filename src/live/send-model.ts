import type { CardSdkError } from '../index.js';
import { createListeners } from './lease.js';
import { toCardSdkError } from './status.js';

/** Where a send (or any one-shot host call) stands, in TanStack Query's `useMutation` words. */
export interface SendSnapshot<R> {
  /** True while a call is in flight (the published name, with `isPending`). */
  pending: boolean;
  /** The same as `pending`. */
  isPending: boolean;
  /** True when the last call failed. */
  isError: boolean;
  /** True when the last call succeeded. */
  isSuccess: boolean;
  /** The failure of the last call, cleared by the next one. */
  error: CardSdkError | null;
  /** The result of the last successful call. */
  data: R | undefined;
}

/**
 * A host call as a live model, as TanStack Query's `MutationObserver`: `run` never rejects (it resolves undefined
 * on failure, with `error` set), and the state is the latest run's.
 */
export interface SendModel<V, R> {
  /** The latest run's state; a new object only when it changed. */
  getSnapshot: () => SendSnapshot<R>;
  /** Calls `listener` whenever the state changes. */
  subscribe: (listener: () => void) => () => void;
  /** Runs the call; resolves its result, or undefined when it failed. */
  run: (variables: V) => Promise<R | undefined>;
}

const snapshotOf = <R>(pending: boolean, error: CardSdkError | null, data: R | undefined): SendSnapshot<R> => ({
  pending,
  isPending: pending,
  isError: error !== null,
  isSuccess: !pending && error === null && data !== undefined,
  error,
  data,
});

/**
 * Builds a send model over `call` (named `method` in its errors).
 * @example const summary = createSendModel((text: string) => card.ports.emit('summary', text), 'ports.emit')
 */
export function createSendModel<V, R>(call: (variables: V) => Promise<R>, method: string): SendModel<V, R> {
  const listeners = createListeners();
  let snapshot = snapshotOf<R>(false, null, undefined);
  let lastRun = 0;
  const show = (next: SendSnapshot<R>) => {
    snapshot = next;
    listeners.notify();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe: listeners.subscribe,
    async run(variables) {
      const id = ++lastRun;
      show(snapshotOf<R>(true, null, undefined));
      try {
        const result = await call(variables);
        if (id === lastRun) show(snapshotOf(false, null, result));
        return result;
      } catch (error) {
        if (id === lastRun) show(snapshotOf<R>(false, toCardSdkError(error, method), undefined));
        return undefined;
      }
    },
  };
}
