import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AgentInfo } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import type { QueryStatusFields } from './query-status.js';

/** One agent as `useAgent` reads it, with the query's loading and error state. */
export interface AgentState extends QueryStatusFields {
  /** The agent, or null while loading or when no agent has this id. */
  agent: AgentInfo | null;
  /** The same agent as `agent`, in TanStack Query's word (undefined instead of null). */
  data: AgentInfo | undefined;
  /** True until the agent list was read once (the published name of `isPending`). */
  loading: boolean;
}

function agentState(agent: AgentInfo | undefined, status: QueryStatusFields, previous: AgentState | null): AgentState {
  if (previous && previous.data === agent && previous.status === status.status && previous.error === status.error) {
    if (previous.isFetching === status.isFetching) return previous;
  }
  return { ...status, agent: agent ?? null, data: agent, loading: status.isPending };
}

/** One agent, kept current by agent events; re-renders only when this agent changes. */
export function useAgent(agentId: string): AgentState {
  const { agents } = useCardRuntime('useAgent');
  const last = useRef<AgentState | null>(null);
  const subscribe = useCallback((listener: () => void) => agents.subscribeAgent(agentId, listener), [agents, agentId]);
  const snapshot = () => (last.current = agentState(agents.agent(agentId), agents.getStatus(), last.current));
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
