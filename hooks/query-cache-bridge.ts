import type { QueryClient } from '@tanstack/react-query';
import type { AgentInfo, Card, StorageScope } from '../src/index.js';
import type { AgentsModel, StorageModel } from '../src/live/index.js';
import { cardQueryKeys } from './query-keys.js';
import { agentsQueryOptions, type StoredEntry } from './query-options.js';

const agentsHash = JSON.stringify(cardQueryKeys.agents());

/**
 * Lets the query cache and the live models share reads: invalidating `cardQueryKeys.agents()` or a storage key
 * reads the model again, a list your own `useQuery(agentsQueryOptions(card))` reads reaches the model, and while
 * such a query has observers the model's list (kept current by agent events) is written into it. Stored values are
 * written into the cache as they change, so `getQueryData(cardQueryKeys.storage(…))` sees them.
 */
export function followQueryCache(
  card: Card,
  queryClient: QueryClient,
  agents: AgentsModel,
  stored: (scope: StorageScope, key: string) => StorageModel | undefined,
): () => void {
  const cache = queryClient.getQueryCache();
  const options = agentsQueryOptions(card);
  // An entry to invalidate even before anyone observes it (nothing is read until someone does).
  const ensureAgentsQuery = () => cache.build(queryClient, options as Parameters<typeof cache.build>[1]);
  let agentsQuery = ensureAgentsQuery();
  let mirrored: AgentInfo[] | undefined;
  let stopMirror: (() => void) | null = null;
  // True while the model's list is written into the cache: the cache's `success` for that write is not news for the
  // model (its data may be a structurally shared copy, and taking it back would notify and write again, forever).
  let writing = false;
  const mirror = () => {
    const { data } = agents.getSnapshot();
    if (data && data !== mirrored) {
      mirrored = data;
      writing = true;
      try {
        agentsQuery.setData(data, { manual: true });
      } finally {
        writing = false;
      }
    }
  };

  const off = cache.subscribe((event) => {
    const { query } = event;
    const key = (query as { queryKey: readonly unknown[] }).queryKey;
    if (query.queryHash === agentsHash) {
      if (event.type === 'removed') {
        stopMirror?.();
        stopMirror = null;
        agentsQuery = ensureAgentsQuery();
        return;
      }
      const observed = query.getObserversCount() > 0;
      if (observed && !stopMirror) stopMirror = agents.subscribe(mirror);
      else if (!observed && stopMirror) {
        stopMirror();
        stopMirror = null;
      }
      if (event.type !== 'updated') return;
      if (event.action.type === 'invalidate' && !observed) void agents.refetch();
      else if (event.action.type === 'success' && !writing && query.state.data !== mirrored) {
        agents.receive(query.state.data as AgentInfo[]);
      }
      return;
    }
    if (key[0] !== cardQueryKeys.all()[0] || key[1] !== 'storage' || key.length !== 4) return;
    const model = stored(key[2] as StorageScope, key[3] as string);
    if (!model) return;
    if (event.type === 'updated' && event.action.type === 'invalidate') void model.refetch();
  });
  return () => {
    off();
    stopMirror?.();
  };
}

/** Writes a stored model's value into the query cache, when there is one, as it changes (`storageQueryOptions`'s entry). */
export function mirrorStoredValue(
  queryClient: () => QueryClient | null,
  scope: StorageScope,
  key: string,
  model: StorageModel,
): () => void {
  const queryKey = cardQueryKeys.storage(scope, key);
  let last: unknown = null;
  return () => {
    const snapshot = model.getSnapshot();
    const client = queryClient();
    if (!client || snapshot.isPending || snapshot === last) return;
    last = snapshot;
    const entry: StoredEntry = { exists: snapshot.exists, value: snapshot.exists ? snapshot.value : null };
    client.setQueryData(queryKey, entry);
  };
}
