import { useCallback, useSyncExternalStore } from 'react';
import type { AgentStatus } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';

/** One agent's status (`working`, `needs-input`, …, or null if unknown); re-renders only when it changes. */
export function useAgentStatus(agentId: string): AgentStatus | null {
  const { agents } = useCardRuntime('useAgentStatus');
  const subscribe = useCallback((listener: () => void) => agents.subscribeAgent(agentId, listener), [agents, agentId]);
  const status = () => agents.agent(agentId)?.status ?? null;
  return useSyncExternalStore(subscribe, status, status);
}
