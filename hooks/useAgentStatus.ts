import { useCallback } from 'react';
import type { AgentStatus } from '../src/index.js';
import { findAgent, type AgentsSnapshot } from './agents-store.js';
import { useAgentsSelector } from './useAgentsSelector.js';

/** One agent's status (`working`, `needs-input`, …, or null if unknown); re-renders only when it changes. */
export function useAgentStatus(agentId: string): AgentStatus | null {
  const select = useCallback(
    (snapshot: AgentsSnapshot) => findAgent(snapshot.agents, agentId)?.status ?? null,
    [agentId],
  );
  return useAgentsSelector('useAgentStatus', select);
}
