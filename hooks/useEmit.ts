import { useCallback, useMemo } from 'react';
import {
  undeclaredPortError,
  type CardContext,
  type CardSdkError,
  type KeyDefault,
  type KeyParam,
  type NameArg,
  type OutputMap,
  type PortInfo,
  type ValueFor,
} from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useContextSelector } from './useContextSelector.js';
import { useHostMutation } from './useHostMutation.js';

/** The `emit` function of an output and how its last send went. */
export interface EmitState<T> {
  /** Sends `data` on the output to every downstream peer; resolves how many received it (undefined on failure). */
  emit: (data: T) => Promise<number | undefined>;
  /** How many peers received the last value, or null before the first send. */
  delivered: number | null;
  /** True while a send is in flight. */
  pending: boolean;
  /** The same as `pending`, in TanStack Query's word. */
  isPending: boolean;
  /** Why the last send failed (INVALID_PARAMS for bad data, …); for an undeclared output, NOT_FOUND from the start. */
  error: CardSdkError | null;
}

const selectOutputs = (context: CardContext): PortInfo[] | undefined => context.ports?.outputs;

/**
 * Sends values on one of this card's outputs.
 * @typeParam K - In a card that declares no `Register['outputs']`, the emitted value's type (`useEmit<string>('summary')`);
 *   in one that does, the output's name, and `emit` takes the type declared for it.
 * @example const { emit } = useEmit<string>('summary'); emit('# Done')
 */
export function useEmit<K extends KeyParam<OutputMap> = KeyDefault<OutputMap, unknown>>(
  output: NameArg<OutputMap, K>,
): EmitState<ValueFor<OutputMap, K>> {
  type T = ValueFor<OutputMap, K>;
  const { card } = useCardRuntime('useEmit');
  const outputs = useContextSelector(selectOutputs, Object.is, 'useEmit');
  const undeclared = useMemo(
    () => (outputs ? undeclaredPortError(outputs, output, 'output', 'useEmit') : null),
    [outputs, output],
  );
  const sending = useHostMutation('useEmit', 'ports.emit', (data: T) => card.ports.emit(output, data));
  const run = sending.run;
  const emit = useCallback((data: T) => run(data), [run]);
  const delivered = sending.lastResult ?? null;
  return useMemo(
    () => ({
      emit,
      delivered,
      pending: sending.pending,
      isPending: sending.pending,
      error: sending.error ?? undeclared,
    }),
    [emit, delivered, sending.pending, sending.error, undeclared],
  );
}
