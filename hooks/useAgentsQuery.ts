import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AgentInfo, CardSdkError } from '../src/index.js';
import { agentsFeed, canReadAgents } from './agents-feed.js';
import { useCardRuntime } from './card-runtime-context.js';
import { cardQueryKeys } from './query-keys.js';
import { callCard } from './to-card-sdk-error.js';
import { useContextSelector } from './useContextSelector.js';

/** Keeps agent events flowing into the cache while the calling component is mounted and may read agents. */
export function useAgentsFeed(hook: string): void {
  const runtime = useCardRuntime(hook);
  const readable = useContextSelector(canReadAgents, Object.is, hook);
  useEffect(() => (readable ? runtime.retain(agentsFeed) : undefined), [runtime, readable]);
}

/** The one cached `agents.list`, seen through `select` (a component re-renders only when its selection changes). */
export function useAgentsQuery<T>(
  hook: string,
  select: (agents: AgentInfo[]) => T,
): UseQueryResult<T, CardSdkError> {
  const runtime = useCardRuntime(hook);
  useAgentsFeed(hook);
  const { card } = runtime;
  return useQuery<AgentInfo[], CardSdkError, T>(
    {
      queryKey: cardQueryKeys.agents(),
      queryFn: () => callCard('agents.list', () => card.agents.list()),
      staleTime: Infinity,
      retry: false,
      select,
    },
    runtime.queryClient,
  );
}
