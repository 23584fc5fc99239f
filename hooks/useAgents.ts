import { useCallback, useMemo } from 'react';
import type { AgentInfo, AgentKind, AgentStatus, CardSdkError } from '../src/index.js';
import type { AgentsSnapshot } from './agents-store.js';
import { useCardRuntime } from './card-runtime-context.js';
import { cardQueryKeys } from './query-keys.js';
import { useAgentsSelector } from './useAgentsSelector.js';

/** Which agents `useAgents` returns: fields to match, or a predicate. */
export type AgentFilter =
  | {
      /** Only agents joined to this card by an arrow (true) or only the others (false). */
      connected?: boolean;
      /** Only AI agents or only shells. */
      kind?: AgentKind;
      /** Only agents of this harness (for example `claude-code`). */
      harness?: string;
      /** Only agents in this status (or any of these). */
      status?: AgentStatus | readonly AgentStatus[];
    }
  | ((agent: AgentInfo) => boolean);

/** What `useAgents` returns. */
export interface AgentsState {
  /** The matching agents (empty while loading or on error). */
  agents: AgentInfo[];
  /** True until the list was read once. */
  loading: boolean;
  /** Why the list could not be read (for example PERMISSION_DENIED without `agents.read`). */
  error: CardSdkError | null;
  /** Reads the list from the host again. */
  refetch: () => Promise<void>;
}

const none: AgentInfo[] = [];

const sameList = (a: AgentInfo[], b: AgentInfo[]) =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
const sameAgentsState = (a: Omit<AgentsState, 'refetch'>, b: Omit<AgentsState, 'refetch'>) =>
  sameList(a.agents, b.agents) && a.loading === b.loading && a.error === b.error;

function matcher(filter: AgentFilter | undefined): ((agent: AgentInfo) => boolean) | null {
  if (!filter) return null;
  if (typeof filter === 'function') return filter;
  const { connected, kind, harness, status } = filter;
  const statuses = status === undefined ? null : typeof status === 'string' ? [status] : status;
  return (agent) =>
    (connected === undefined || agent.connected === connected) &&
    (kind === undefined || agent.kind === kind) &&
    (harness === undefined || agent.harness === harness) &&
    (statuses === null || statuses.includes(agent.status));
}

/**
 * The agents on the canvas, kept current by agent events (one shared cached list).
 * @example const { agents } = useAgents({ connected: true })
 */
export function useAgents(filter?: AgentFilter): AgentsState {
  const runtime = useCardRuntime('useAgents');
  const filterKey = typeof filter === 'function' ? filter : JSON.stringify(filter ?? null);
  // Keyed on the filter's content, so an inline object filter does not rebuild the selection each render.
  const match = useMemo(() => matcher(filter), [filterKey]);
  const select = useCallback(
    (snapshot: AgentsSnapshot): Omit<AgentsState, 'refetch'> => ({
      agents: snapshot.agents ? (match ? snapshot.agents.filter(match) : snapshot.agents) : none,
      loading: snapshot.pending,
      error: snapshot.error,
    }),
    [match],
  );
  const state = useAgentsSelector('useAgents', select, sameAgentsState);
  const { queryClient } = runtime;
  const refetch = useCallback(
    () => queryClient.refetchQueries({ queryKey: cardQueryKeys.agents(), exact: true }),
    [queryClient],
  );
  return { ...state, refetch };
}
