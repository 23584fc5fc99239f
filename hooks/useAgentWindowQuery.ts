import { useQuery } from '@tanstack/react-query';
import type { Card, CardSdkError } from '../src/index.js';
import { useRefetch } from './useRefetch.js';
import { useCardRuntime } from './card-runtime-context.js';
import { callCard } from './to-card-sdk-error.js';
import { useAgentsFeed } from './useAgentsSelector.js';
import { useHostSupports } from './useHostSupports.js';

/** Options of `useAgentUsage` and `useAgentTimeline`. */
export interface AgentWindowOptions {
  /** False to hold the request (for example until an agent is picked). */
  enabled?: boolean;
  /** Reads again every so many milliseconds while mounted. */
  refetchIntervalMs?: number;
}

/** A feature-detected host read over one agent's time window. */
export interface AgentWindowState<T> {
  /** The result, or null while loading, unsupported or failed. */
  data: T | null;
  /** Whether the app implements the method; null until known. */
  supported: boolean | null;
  /** True while the first result is on its way. */
  loading: boolean;
  /** Why the read failed (PERMISSION_DENIED without `usage.read`, NOT_CONNECTED without an arrow, …). */
  error: CardSdkError | null;
  /** Reads again. */
  refetch: () => Promise<void>;
}

/** Shared body of the agent window reads: feature detection, caching, refresh at the end of each turn. */
export function useAgentWindowQuery<T>(
  hook: string,
  method: 'agents.usage' | 'agents.timeline',
  queryKey: readonly unknown[],
  read: (card: Card) => Promise<T>,
  options: AgentWindowOptions,
): AgentWindowState<T> {
  const runtime = useCardRuntime(hook);
  useAgentsFeed(hook);
  const support = useHostSupports(method);
  const query = useQuery<T, CardSdkError>(
    {
      queryKey,
      queryFn: () => callCard(method, () => read(runtime.card)),
      enabled: support.supported === true && options.enabled !== false,
      refetchInterval: options.refetchIntervalMs,
      retry: false,
    },
    runtime.queryClient,
  );
  const refetch = useRefetch(query.refetch);
  return {
    data: query.data ?? null,
    supported: support.supported,
    loading: support.supported === null ? support.error === null : support.supported && query.isLoading,
    error: support.error ?? query.error ?? null,
    refetch,
  };
}
