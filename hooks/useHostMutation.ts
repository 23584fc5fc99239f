import { useState, useSyncExternalStore } from 'react';
import type { CardSdkError } from '../src/index.js';
import { createSendModel } from '../src/live/index.js';
import { useCardRuntime } from './card-runtime-context.js';
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

/**
 * A send model (`createSendModel`) as a hook: failures land in `error` instead of escaping, and the state is the
 * latest run's, as with TanStack Query's `useMutation`, without the mutation cache a one-shot host call never needs.
 */
export function useHostMutation<V, R>(
  hook: string,
  method: string,
  action: (variables: V) => Promise<R>,
): HostMutation<V, R> {
  useCardRuntime(hook);
  const latest = useLatest(action);
  const [model] = useState(() => createSendModel((variables: V) => latest.current(variables), method));
  const state = useSyncExternalStore(model.subscribe, model.getSnapshot, model.getSnapshot);
  return { run: model.run, pending: state.pending, error: state.error, lastResult: state.data };
}
