import type { StorageScope } from '../src/index.js';
import type { CardRuntime } from './card-runtime.js';
import { cardQueryKeys } from './query-keys.js';

/** The key of one stored key in `runtime.storageWrites`. */
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
      if (runtime.storageWrites.get(storageWriteKey(scope, change.key))) continue;
      void runtime.queryClient.invalidateQueries({ queryKey: cardQueryKeys.storage(scope, change.key), exact: true });
    }
  });
}
