import type { CardRuntime } from './card-runtime.js';
import { cardQueryKeys } from './query-keys.js';
import type { StorageScope } from '../src/index.js';

/** What `storage.get` found for a key: kept in the query cache so different fallbacks can share it. */
export interface StoredEntry {
  exists: boolean;
  value: unknown;
}

const pendingWrites = new WeakMap<object, Map<string, number>>();

/** Counts in-flight writes per storage key of one query cache (a refetch must not undo them). */
export function storageWrites(runtime: CardRuntime): Map<string, number> {
  let writes = pendingWrites.get(runtime.queryClient);
  if (!writes) {
    writes = new Map();
    pendingWrites.set(runtime.queryClient, writes);
  }
  return writes;
}

/** The map key of one storage key in `storageWrites`. */
export function storageWriteKey(scope: StorageScope, key: string): string {
  return `${scope}\u0000${key}`;
}

/** Re-reads a storage key whenever the host reports `storage.changed` for it (package scope unless it says). */
export function storageFeed(runtime: CardRuntime): () => void {
  return runtime.card.storage.onChange((event) => {
    const change = event as { key?: unknown; scope?: unknown };
    if (typeof change.key !== 'string') return;
    const scopes: StorageScope[] =
      change.scope === 'instance' || change.scope === 'package' ? [change.scope] : ['package'];
    for (const scope of scopes) {
      if (storageWrites(runtime).get(storageWriteKey(scope, change.key))) continue;
      void runtime.queryClient.invalidateQueries({ queryKey: cardQueryKeys.storage(scope, change.key), exact: true });
    }
  });
}
