import { useCallback } from 'react';
import type { AgentInfo, CardSdkError } from '../src/index.js';
import { findAgent, type AgentsSnapshot } from './agents-store.js';
import { useAgentsSelector } from './useAgentsSelector.js';

/** What `useAgent` returns. */
export interface AgentState {
  /** The agent, or null while loading or when no agent has this id. */
  agent: AgentInfo | null;
  /** True until the agent list was read once. */
  loading: boolean;
  /** Why the list could not be read. */
  error: CardSdkError | null;
}

const sameAgentState = (a: AgentState, b: AgentState) =>
  a.agent === b.agent && a.loading === b.loading && a.error === b.error;

/** One agent, kept current by agent events; re-renders only when this agent changes. */
export function useAgent(agentId: string): AgentState {
  const select = useCallback(
    (snapshot: AgentsSnapshot): AgentState => ({
      agent: findAgent(snapshot.agents, agentId) ?? null,
      loading: snapshot.pending,
      error: snapshot.error,
    }),
    [agentId],
  );
  return useAgentsSelector('useAgent', select, sameAgentState);
}
