import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  CardSdkError,
  type PeerOrOwnDefault,
  type PeerOrOwnName,
  type RequestMap,
  type RequestQuery,
  type RequestQueryAnswer,
} from '../src/index.js';
import { useRefetch } from './useRefetch.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useCardQueryClient } from './useCardQueryClient.js';
import { cardQueryKeys } from './query-keys.js';
import { toQueryStatus, type QueryStatusFields } from './query-status.js';
import { callCard } from './to-card-sdk-error.js';

/** When `usePortQuery` asks the peer, how long it waits and how long an answer stays fresh. */
export interface PortQueryOptions {
  /** False to hold the request. */
  enabled?: boolean;
  /** How long the peer may take to answer (100–120000 ms). */
  timeoutMs?: number;
  /** How long an answer counts as fresh before it is asked again (default 0). */
  staleTimeMs?: number;
}

/** A peer's answer to a port request, with the query's state, refetch and cancel. */
export interface PortQueryState<T> extends QueryStatusFields {
  /** The peer's answer, or undefined until there is one. */
  data: T | undefined;
  /** True until the first answer arrived. */
  loading: boolean;
  /** True while a request is in flight. */
  fetching: boolean;
  /** Asks again. */
  refetch: () => Promise<void>;
  /** Stops waiting for the request in flight; the state from before it comes back. */
  cancel: () => Promise<void>;
}

function abortable<T>(request: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CardSdkError('USER_CANCELLED', 'aborted', undefined, 'ports.request'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    request.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Asks a peer's request input through the query cache: answers are cached per `(peer, input, data)`,
 * refetchable and cancellable.
 * @typeParam T - The answer's type (`usePortQuery<Result[]>(…)`); left out in a card that declares
 *   `Register['requests']`, where the input's declared types apply.
 * @typeParam I - The request input's name: any string, or one the card declares.
 * @example const { data } = usePortQuery<Result[]>('search-card', 'lookup', query)
 */
export function usePortQuery<
  T = PeerOrOwnDefault<RequestMap>,
  I extends PeerOrOwnName<RequestMap, T> = PeerOrOwnName<RequestMap, T>,
>(
  peerId: string,
  input: I,
  data: RequestQuery<T, I>,
  options: PortQueryOptions = {},
): PortQueryState<RequestQueryAnswer<T, I>> {
  const runtime = useCardRuntime('usePortQuery');
  const { card } = runtime;
  const queryClient = useCardQueryClient('usePortQuery');
  const queryKey = cardQueryKeys.portRequest(peerId, input, data);
  const query = useQuery<RequestQueryAnswer<T, I>, CardSdkError>(
    {
      queryKey,
      queryFn: ({ signal }) =>
        callCard('ports.request', () => {
          const timeout = options.timeoutMs === undefined ? undefined : { timeoutMs: options.timeoutMs };
          return abortable(card.ports.request<RequestQueryAnswer<T, I>>(peerId, input, data, timeout), signal);
        }),
      enabled: options.enabled !== false,
      staleTime: options.staleTimeMs ?? 0,
      retry: false,
    },
    queryClient,
  );
  const refetch = useRefetch(query.refetch);
  const hash = JSON.stringify(queryKey);
  const cancel = useCallback(
    () => queryClient.cancelQueries({ queryKey: JSON.parse(hash) as unknown[], exact: true }),
    [queryClient, hash],
  );
  return {
    ...toQueryStatus(query),
    data: query.data,
    loading: query.isLoading,
    fetching: query.isFetching,
    refetch,
    cancel,
  };
}
