import { useMemo, useRef, useSyncExternalStore } from 'react';
import type { AgentInfo, AgentKind, AgentStatus } from '../src/index.js';
import type { AgentsSnapshot } from '../src/live/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import type { QueryStatusFields } from './query-status.js';

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

/** The agent list `useAgents` reads, its query state and a way to read it again. */
export interface AgentsState extends QueryStatusFields {
  /** The matching agents (empty while loading or on error). */
  agents: AgentInfo[];
  /** The matching agents, or undefined until the list was read (TanStack Query's word). */
  data: AgentInfo[] | undefined;
  /** True until the list was read once (the published name of `isPending`). */
  loading: boolean;
  /** Reads the list from the host again. */
  refetch: () => Promise<void>;
}

const none: AgentInfo[] = [];

const sameList = (a: AgentInfo[] | undefined, b: AgentInfo[] | undefined) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]));

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

interface Selection {
  result: AgentsSnapshot;
  match: ((agent: AgentInfo) => boolean) | null;
  state: AgentsState;
}

/** The state for `result` under `match`, keeping the previous state (and list) when nothing it shows changed. */
function select(
  result: AgentsSnapshot,
  match: Selection['match'],
  refetch: AgentsState['refetch'],
  previous: Selection | null,
): Selection {
  if (previous && previous.result === result && previous.match === match) return previous;
  const { data: list, ...status } = result;
  const matching = list && match ? list.filter(match) : list;
  const before = previous?.state;
  const data = before && sameList(before.data, matching) ? before.data : matching;
  if (before && before.data === data && before.status === status.status && before.error === status.error) {
    if (before.isFetching === status.isFetching && before.refetch === refetch) return { result, match, state: before };
  }
  return { result, match, state: { ...status, agents: data ?? none, data, loading: status.isPending, refetch } };
}

/**
 * The agents on the canvas, kept current by agent events (one shared cached list).
 * @example const { agents } = useAgents({ connected: true })
 */
export function useAgents(filter?: AgentFilter): AgentsState {
  const { agents } = useCardRuntime('useAgents');
  // Keyed on the filter's content, so an inline object filter does not rebuild the selection each render.
  const filterKey = typeof filter === 'function' ? filter : JSON.stringify(filter ?? null);
  const match = useMemo(
    () =>
      matcher(
        typeof filterKey === 'function' ? filterKey : ((JSON.parse(filterKey) as AgentFilter | null) ?? undefined),
      ),
    [filterKey],
  );
  const last = useRef<Selection | null>(null);
  const snapshot = () => (last.current = select(agents.getSnapshot(), match, agents.refetch, last.current)).state;
  return useSyncExternalStore(agents.subscribe, snapshot, snapshot);
}
