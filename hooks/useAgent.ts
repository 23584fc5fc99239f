import { useCallback } from 'react';
import type { AgentInfo, CardSdkError } from '../src/index.js';
import { useAgentsQuery } from './useAgentsQuery.js';

/** What `useAgent` returns. */
export interface AgentState {
  /** The agent, or null while loading or when no agent has this id. */
  agent: AgentInfo | null;
  /** True until the agent list was read once. */
  loading: boolean;
  /** Why the list could not be read. */
  error: CardSdkError | null;
}

/** One agent, kept current by agent events; re-renders only when this agent changes. */
export function useAgent(agentId: string): AgentState {
  const select = useCallback((list: AgentInfo[]) => list.find((agent) => agent.id === agentId) ?? null, [agentId]);
  const query = useAgentsQuery('useAgent', select);
  return { agent: query.data ?? null, loading: query.isPending, error: query.error ?? null };
}
