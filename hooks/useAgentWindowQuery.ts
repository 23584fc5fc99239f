import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { CardSdkError } from '../src/index.js';
import { useCardQueryClient } from './useCardQueryClient.js';
import { toQueryStatus, type QueryStatusFields } from './query-status.js';
import { useAgentsFeed } from './useAgentsFeed.js';
import { useHostSupports } from './useHostSupports.js';
import { useRefetch } from './useRefetch.js';

/** When `useAgentUsage` and `useAgentTimeline` read, and how often they read again. */
export interface AgentWindowOptions {
  /** False to hold the request (for example until an agent is picked). */
  enabled?: boolean;
  /** Reads again every so many milliseconds while mounted. */
  refetchIntervalMs?: number;
}

/** A feature-detected host read over one agent's time window. */
export interface AgentWindowState<T> extends QueryStatusFields {
  /** The result, or null while loading, unsupported or failed. */
  data: T | null;
  /** Whether the app implements the method; null until known. */
  supported: boolean | null;
  /** True while the first result is on its way (held, unsupported or failed reads are not loading). */
  loading: boolean;
  /** Reads again. */
  refetch: () => Promise<void>;
}

/** Shared body of the agent window reads: feature detection, caching, refresh at the end of each turn. */
export function useAgentWindowQuery<T>(
  hook: string,
  method: 'agents.usage' | 'agents.timeline',
  query: UseQueryOptions<T, CardSdkError>,
  options: AgentWindowOptions,
): AgentWindowState<T> {
  const queryClient = useCardQueryClient(hook);
  useAgentsFeed(hook);
  const support = useHostSupports(method);
  const result = useQuery<T, CardSdkError>(
    {
      ...query,
      enabled: support.supported === true && options.enabled !== false,
      refetchInterval: options.refetchIntervalMs,
    },
    queryClient,
  );
  const refetch = useRefetch(result.refetch);
  const status = toQueryStatus(result);
  return {
    ...status,
    ...(support.error ? ({ status: 'error', isError: true, isPending: false, isSuccess: false } as const) : {}),
    error: support.error ?? status.error,
    data: result.data ?? null,
    supported: support.supported,
    loading: support.supported === null ? support.error === null : support.supported && result.isLoading,
    refetch,
  };
}
