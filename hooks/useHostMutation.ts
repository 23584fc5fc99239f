import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CardSdkError } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { callCard } from './to-card-sdk-error.js';
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

/** Wraps a card call in a query-cache mutation so failures land in `error` instead of escaping. */
export function useHostMutation<V, R>(
  hook: string,
  method: string,
  action: (variables: V) => Promise<R>,
): HostMutation<V, R> {
  const { queryClient } = useCardRuntime(hook);
  const latest = useLatest(action);
  const mutation = useMutation<R, CardSdkError, V>(
    {
      mutationFn: (variables) => callCard(method, () => latest.current(variables)),
    },
    queryClient,
  );
  const mutateAsync = mutation.mutateAsync;
  const run = useCallback((variables: V) => mutateAsync(variables).catch(() => undefined), [mutateAsync]);
  return { run, pending: mutation.isPending, error: mutation.error, lastResult: mutation.data };
}
