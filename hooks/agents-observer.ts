import { QueryObserver, type QueryClient, type QueryState } from '@tanstack/react-query';
import type { AgentInfo, Card, CardSdkError } from '../src/index.js';
import { agentsQueryOptions, cachedQuery } from './query-options.js';
import { toQueryStatus, type QueryStatusFields } from './query-status.js';

/** The agent list's query state, in the hooks' result words. */
export interface AgentsResult extends QueryStatusFields {
  /** The whole list, or undefined until it was read. */
  data: AgentInfo[] | undefined;
}

/**
 * One keyed view of the cached agent list per card: each reader subscribes to one agent id and is told only when
 * that agent's object changes, so an event costs one pass over the list and one notification, not one selector run
 * per mounted reader. Holds no data of its own beyond an id index of the cached list.
 */
export interface AgentsObserver {
  /** The cached agent with `id`, or undefined (unchanged objects keep their identity). */
  agent: (id: string) => AgentInfo | undefined;
  /** The list and its query state; a new object only when one of them changed. */
  result: () => AgentsResult;
  /** Calls `listener` when the agent with `id` changes, or the list's pending or error state does. */
  subscribeAgent: (id: string, listener: () => void) => () => void;
  /** Calls `listener` whenever `result()` changes. */
  subscribe: (listener: () => void) => () => void;
  /** Reads the list from the host again. */
  refetch: () => Promise<void>;
}

const emptyResult = (state: QueryState<AgentInfo[], CardSdkError> | undefined): AgentsResult => ({
  data: state?.data,
  ...toQueryStatus(state),
});

/** Builds the keyed view; it observes the query only while someone subscribes. */
export function createAgentsObserver(card: Card, queryClient: QueryClient): AgentsObserver {
  const options = agentsQueryOptions(card);
  const cache = queryClient.getQueryCache();
  const query = cachedQuery<AgentInfo[]>(queryClient, options);
  const byAgent = new Map<string, Set<() => void>>();
  const listeners = new Set<() => void>();
  let index = new Map<string, AgentInfo>();
  let list: AgentInfo[] | undefined;
  let state: QueryState<AgentInfo[], CardSdkError> | undefined;
  let result = emptyResult(undefined);
  let users = 0;
  let stop: (() => void) | null = null;

  const notifyAgent = (id: string) => {
    const set = byAgent.get(id);
    if (set) for (const listener of set) listener();
  };

  /** Brings the index and the result up to date with the cached query, then tells whoever is concerned. */
  const sync = (cached = query()) => {
    const current = cached?.state;
    if (current === state) return;
    state = current;
    const data = current?.data;
    let changed: AgentInfo[] | null = null;
    if (data !== list) {
      const previous = list;
      list = data;
      if (previous && data && previous.length === data.length) {
        // An event patch: the same agents in the same places, a few of them new objects.
        changed = [];
        for (let i = 0; i < data.length; i += 1) {
          const agent = data[i];
          if (agent === previous[i]) continue;
          if (agent.id !== previous[i]?.id) {
            changed = null;
            break;
          }
          changed.push(agent);
        }
      }
      if (changed) {
        for (const agent of changed) index.set(agent.id, agent);
      } else {
        const before = index;
        index = new Map((data ?? []).map((agent) => [agent.id, agent] as const));
        changed = [];
        for (const id of byAgent.keys()) {
          const agent = index.get(id);
          if (before.get(id) !== agent) changed.push(agent ?? ({ id } as AgentInfo));
        }
      }
    }
    const next = emptyResult(current);
    const everyone = next.status !== result.status || next.error !== result.error;
    if (everyone || next.data !== result.data || next.isFetching !== result.isFetching) {
      result = next;
      for (const listener of [...listeners]) listener();
    }
    if (everyone) for (const id of [...byAgent.keys()]) notifyAgent(id);
    else if (changed) for (const agent of changed) notifyAgent(agent.id);
  };

  const hold = () => {
    users += 1;
    if (stop) return;
    const observer = new QueryObserver<AgentInfo[], CardSdkError>(queryClient, options);
    const offObserver = observer.subscribe(() => undefined);
    // The cache tells its listeners synchronously; the observer's own notifications wait for a timer.
    const offCache = cache.subscribe((event) => {
      if (event.type === 'updated' && event.query === observer.getCurrentQuery()) sync(event.query);
    });
    stop = () => {
      offCache();
      offObserver();
      observer.destroy();
    };
    sync(observer.getCurrentQuery());
  };
  const release = () => {
    users -= 1;
    // Deferred so a StrictMode unmount-and-remount keeps the same observer.
    queueMicrotask(() => {
      if (users > 0 || !stop) return;
      stop();
      stop = null;
    });
  };

  return {
    agent(id) {
      if (!stop) sync();
      return index.get(id);
    },
    result() {
      if (!stop) sync();
      return result;
    },
    subscribeAgent(id, listener) {
      let set = byAgent.get(id);
      if (!set) {
        set = new Set();
        byAgent.set(id, set);
      }
      set.add(listener);
      hold();
      const held = set;
      return () => {
        held.delete(listener);
        if (held.size === 0 && byAgent.get(id) === held) byAgent.delete(id);
        release();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      hold();
      return () => {
        listeners.delete(listener);
        release();
      };
    },
    async refetch() {
      await queryClient.refetchQueries({ queryKey: options.queryKey, exact: true });
    },
  };
}
