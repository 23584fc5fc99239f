import { useCallback, useRef, useState } from 'react';
import type { CardSdkError } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { callCard, toCardSdkError } from './to-card-sdk-error.js';
import { useLatest } from './useLatest.js';

/** A host action as a hook result: `run` never rejects (it resolves `undefined` on failure), `error` holds why. */
export interface HostMutation<V, R> {
  /** Runs the action with the latest `action` function; resolves its result, or `undefined` when it failed. */
  run: (variables: V) => Promise<R | undefined>;
  /** True while a run is in flight. */
  pending: boolean;
  /** The failure of the last run, cleared by the next one. */
  error: CardSdkError | null;
  /** The result of the last successful run. */
  lastResult: R | undefined;
}

type RunState<R> = Pick<HostMutation<never, R>, 'pending' | 'error' | 'lastResult'>;

const IDLE: RunState<never> = { pending: false, error: null, lastResult: undefined };
const RUNNING: RunState<never> = { pending: true, error: null, lastResult: undefined };

/**
 * Wraps a card call so failures land in `error` instead of escaping; the state is the latest run's, as with
 * TanStack Query's `useMutation`. Written here rather than on `useMutation`: a one-shot host call needs none of
 * the mutation cache, retries or scopes, which would cost every React card about 0.5 kB gzip.
 */
export function useHostMutation<V, R>(
  hook: string,
  method: string,
  action: (variables: V) => Promise<R>,
): HostMutation<V, R> {
  useCardRuntime(hook);
  const latest = useLatest(action);
  const lastRun = useRef(0);
  const [state, setState] = useState<RunState<R>>(IDLE);
  const run = useCallback(
    async (variables: V) => {
      const id = ++lastRun.current;
      setState(RUNNING);
      try {
        const result = await callCard(method, () => latest.current(variables));
        if (id === lastRun.current) setState({ pending: false, error: null, lastResult: result });
        return result;
      } catch (error) {
        if (id === lastRun.current)
          setState({ pending: false, error: toCardSdkError(error, method), lastResult: undefined });
        return undefined;
      }
    },
    [method, latest],
  );
  return { run, ...state };
}
