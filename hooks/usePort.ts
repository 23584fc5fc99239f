import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  pickInputFor,
  undeclaredPortError,
  type CardContext,
  type CardSdkError,
  type InputMap,
  type JsonValue,
  type KeyDefault,
  type KeyParam,
  type NameArg,
  type ValueFor,
  type PeerInfo,
  type PortInfo,
  type PortMessage,
} from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { cardQueryKeys } from './query-keys.js';
import { toQueryStatus, type QueryStatusFields } from './query-status.js';
import { callCard } from './to-card-sdk-error.js';
import { useContextSelector } from './useContextSelector.js';
import { useLatest } from './useLatest.js';

/** A value an upstream peer keeps on a `retain` output, read with `ports.read`. */
export interface RetainedPortValue<T> {
  /** The peer's card id. */
  from: string;
  /** The peer's output id. */
  output: string;
  /** The data the peer sent. */
  data: T;
  /** When it was emitted (epoch ms). */
  at: number;
}

/** The newest value on an input: the latest message, the retained value, and the query state. */
export interface PortState<T> extends QueryStatusFields {
  /** The newest value: the latest message's data, or the retained value when it is newer or no message came yet. */
  value: T | undefined;
  /** The latest message with its metadata (`from`, `output`, `type`, `sourceType`, `at`), or null. */
  message: PortMessage<T> | null;
  /** The newest retained value of the upstream peers feeding this input, or null. */
  retained: RetainedPortValue<T> | null;
  /** True while the retained values are being read. */
  loading: boolean;
}

/** Options of `usePort`. */
export interface UsePortOptions<T> {
  /**
   * Runs for every message on the input, in arrival order, with the newest code of the component (no effect
   * needed): messages that arrive between two renders each reach it, where `value` shows only the last.
   */
  onMessage?: (data: T, message: PortMessage<T>) => void;
}

interface RetainedSource {
  from: string;
  output: string;
}

/** The upstream `retain` outputs whose values land on `input` (any input when null). */
function retainedSources(
  peers: readonly PeerInfo[],
  inputs: readonly PortInfo[],
  input: string | null,
): RetainedSource[] {
  const sources: RetainedSource[] = [];
  for (const peer of peers) {
    if (peer.direction === 'downstream') continue;
    for (const output of peer.outputs) {
      if (!output.retain) continue;
      const target = pickInputFor(output.type, inputs as PortInfo[]);
      if (target && (input === null || target.id === input)) sources.push({ from: peer.cardId, output: output.id });
    }
  }
  return sources;
}

const selectPeers = (context: CardContext) => context.peers;
const selectInputs = (context: CardContext) => context.ports.inputs;

/**
 * The latest value arriving on one of this card's inputs (all inputs without `input`), plus what upstream
 * peers retain for it; `onMessage` reacts to each message as it arrives.
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
  const runtime = useCardRuntime('usePort');
  const { card } = runtime;
  const peers = useContextSelector(selectPeers, Object.is, 'usePort');
  const inputs = useContextSelector(selectInputs, Object.is, 'usePort');
  const [message, setMessage] = useState<PortMessage<T> | null>(null);
  const inputKey = input ?? null;
  const onMessage = useLatest(options?.onMessage);

  // Through the runtime's shared listener: a StrictMode remount must not drop messages the client replays.
  useEffect(
    () =>
      runtime.listen('ports.message', (received) => {
        if (inputKey !== null && received.input !== inputKey) return;
        setMessage(received as PortMessage<T>);
        onMessage.current?.(received.data as T, received as PortMessage<T>);
      }),
    [runtime, inputKey, onMessage],
  );

  const sources = useMemo(() => retainedSources(peers, inputs, inputKey), [peers, inputs, inputKey]);
  const query = useQuery<RetainedPortValue<T> | null, CardSdkError>(
    {
      queryKey: [...cardQueryKeys.portRetained(inputKey), sources],
      queryFn: async () => {
        let newest: RetainedPortValue<T> | null = null;
        for (const source of sources) {
          const read = await callCard('ports.read', () => card.ports.read<T>(source.from, source.output));
          if (read && (!newest || read.at > newest.at)) newest = { ...source, data: read.data, at: read.at };
        }
        return newest;
      },
      enabled: sources.length > 0,
      retry: false,
    },
    runtime.queryClient,
  );

  const undeclared = useMemo(
    () =>
      inputKey === null || !Array.isArray(inputs) ? null : undeclaredPortError(inputs, inputKey, 'input', 'usePort'),
    [inputs, inputKey],
  );
  const retained = sources.length > 0 ? (query.data ?? null) : null;
  const value = message && (!retained || message.at >= retained.at) ? message.data : retained?.data;
  // With no retaining peer there is nothing to read: the state is settled, not pending.
  const status =
    sources.length > 0 ? toQueryStatus(query) : toQueryStatus({ status: 'success', error: null, fetchStatus: 'idle' });
  // An undeclared input fails with NOT_FOUND, naming the declared inputs.
  const error = undeclared ?? status.error;
  return {
    ...status,
    ...(error ? { error, status: 'error', isError: true, isSuccess: false } : {}),
    value,
    message,
    retained,
    loading: query.isLoading,
  };
}
