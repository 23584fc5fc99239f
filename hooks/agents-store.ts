import { QueryObserver, replaceEqualDeep } from '@tanstack/react-query';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AgentInfo, CardSdkError } from '../src/index.js';
import type { CardRuntime } from './card-runtime.js';
import { cardQueryKeys } from './query-keys.js';
import { callCard } from './to-card-sdk-error.js';

/** The cached `agents.list` as the agent hooks read it through selectors. */
export interface AgentsSnapshot {
  /** The list, or undefined until it was read. */
  agents: AgentInfo[] | undefined;
  /** True until the list was read once. */
  pending: boolean;
  /** Why the list could not be read. */
  error: CardSdkError | null;
}

const stores = new WeakMap<CardRuntime, StoreApi<AgentsSnapshot>>();
const indexes = new WeakMap<AgentInfo[], Map<string, AgentInfo>>();

/** The agent with `id` in `list`, through an index built once per list version (200 readers, one pass). */
export function findAgent(list: AgentInfo[] | undefined, id: string): AgentInfo | undefined {
  if (!list) return undefined;
  let index = indexes.get(list);
  if (!index) {
    index = new Map(list.map((agent) => [agent.id, agent]));
    indexes.set(list, index);
  }
  return index.get(id);
}

/** Keeps the previous object of every agent that did not change (the event patches already do; a refetch or
 * `agents.changed` list is compared agent by agent). */
function shareAgents(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next) || previous === next) return next;
  const old = previous as AgentInfo[];
  let same = old.length === next.length;
  const shared = (next as AgentInfo[]).map((agent, i) => {
    if (old[i] === agent) return agent;
    const before = findAgent(old, agent.id);
    const kept = before ? replaceEqualDeep(before, agent) : agent;
    if (kept !== old[i]) same = false;
    return kept;
  });
  return same ? old : shared;
}

/** The query options of the one cached agent list. */
function agentsQueryOptions(runtime: CardRuntime) {
  const { card } = runtime;
  return {
    queryKey: cardQueryKeys.agents(),
    queryFn: () => callCard('agents.list', () => card.agents.list()),
    staleTime: Infinity,
    retry: false,
    structuralSharing: shareAgents,
  } as const;
}

/** The selector store of one runtime's agent list (created on first use; filled by `agentsListFeed`). */
export function agentsStore(runtime: CardRuntime): StoreApi<AgentsSnapshot> {
  let store = stores.get(runtime);
  if (!store) {
    const state = runtime.queryClient.getQueryState<AgentInfo[], CardSdkError>(cardQueryKeys.agents());
    store = createStore<AgentsSnapshot>()(() => ({
      agents: state?.data,
      pending: state?.data === undefined,
      error: state?.error ?? null,
    }));
    stores.set(runtime, store);
  }
  return store;
}

/** One query observer for every agent reader: reads the list and copies each result into the store. */
export function agentsListFeed(runtime: CardRuntime): () => void {
  const store = agentsStore(runtime);
  const observer = new QueryObserver<AgentInfo[], CardSdkError>(runtime.queryClient, agentsQueryOptions(runtime));
  const publish = (result: { data: AgentInfo[] | undefined; isPending: boolean; error: CardSdkError | null }) => {
    const current = store.getState();
    if (current.agents === result.data && current.pending === result.isPending && current.error === result.error)
      return;
    store.setState({ agents: result.data, pending: result.isPending, error: result.error });
  };
  const off = observer.subscribe(publish);
  publish(observer.getCurrentResult());
  return () => {
    off();
    observer.destroy();
  };
}
