import { useCallback } from 'react';
import type { AgentInfo, AgentStatus } from '../src/index.js';
import { useAgentsQuery } from './useAgentsQuery.js';

/** One agent's status (`working`, `needs-input`, …, or null if unknown); re-renders only when it changes. */
export function useAgentStatus(agentId: string): AgentStatus | null {
  const select = useCallback(
    (list: AgentInfo[]) => list.find((agent) => agent.id === agentId)?.status ?? null,
    [agentId],
  );
  return useAgentsQuery('useAgentStatus', select).data ?? null;
}
