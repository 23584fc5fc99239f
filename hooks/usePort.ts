import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { InputMap, JsonValue, KeyDefault, KeyParam, NameArg, PortMessage, ValueFor } from '../src/index.js';
import { createPortInputModel, type PortInputSnapshot } from '../src/live/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useLatest } from './useLatest.js';

export type { RetainedPortValue } from '../src/live/index.js';

/** The newest value on an input: the latest message, the retained value, and the read state. */
export type PortState<T> = PortInputSnapshot<T>;

/** Options of `usePort`. */
export interface UsePortOptions<T> {
  /**
   * Runs for every message on the input, in arrival order, with the newest code of the component (no effect
   * needed): messages that arrive between two renders each reach it, where `value` shows only the last.
   */
  onMessage?: (data: T, message: PortMessage<T>) => void;
}

/**
 * The latest value arriving on one of this card's inputs (all inputs without `input`), plus what upstream
 * peers retain for it; `onMessage` reacts to each message as it arrives. Reads one port input model.
 * @typeParam K - In a card that declares no `Register['inputs']`, the messages' type (`usePort<string>('text')`); in one
 *   that does, the input's name, and messages have the type declared for it.
 * @example const { value } = usePort<string>('text')
 * @example usePort<string>('text', { onMessage: (text) => append(text) })
 */
export function usePort<K extends KeyParam<InputMap> = KeyDefault<InputMap, JsonValue>>(
  input?: NameArg<InputMap, K>,
  options?: UsePortOptions<ValueFor<InputMap, K>>,
): PortState<ValueFor<InputMap, K>> {
  type T = ValueFor<InputMap, K>;
  const { card } = useCardRuntime('usePort');
  const model = useMemo(() => createPortInputModel<T>(card, input), [card, input]);
  const onMessage = useLatest(options?.onMessage);
  useEffect(() => model.onMessage((data, message) => onMessage.current?.(data, message)), [model, onMessage]);
  return useSyncExternalStore(model.subscribe, model.getSnapshot, model.getSnapshot);
}
