import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { KeyDefault, KeyParam, NameArg, StorageMap, ValueFor } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { storageFeed } from './storage-feed.js';
import { useLatest } from './useLatest.js';
import { StorageObserver, type StorageOptions, type StorageStatus } from './storage-observer.js';

export { StorageStatus } from './storage-observer.js';

/** Options of `useStorage`: the scope, and whether a refused write rolls back. */
export type UseStorageOptions = StorageOptions;

/** The setter of `useStorage`: a value or an updater of the latest value; resolves true once stored. */
export type StorageSetter<T> = (next: T | ((previous: T) => T)) => Promise<boolean>;

/**
 * One stored value as state: `[value, set, { loading, error }]`. Writes show at once; a write refused with
 * `retryAfterMs` (RATE_LIMITED) is tried again then; any other refused write stays on
 * screen with `error` set (or rolls back with `{ rollbackOnError: true }`). In the `package` scope, keys reported
 * by `storage.changed` are read again.
 * @typeParam K - In a card that declares no `Register['storage']`, the stored value's type (`useStorage<Note[]>('notes', [])`,
 *   else read from `fallback`); in one that does, the key, and the value has the type declared for it.
 * @param key - The storage key to read and write.
 * @param fallback - The value while nothing is stored under the key (the first one given is kept).
 * @param options - `scope` (`'instance'`, the default, or `'package'`) and `rollbackOnError`.
 * @returns `[value, set, { loading, error }]`: the stored value, its setter, and the read or write state.
 * @example const [notes, setNotes] = useStorage('notes', '')
 */
export function useStorage<K extends KeyParam<StorageMap> = KeyDefault<StorageMap, unknown>>(
  key: NameArg<StorageMap, K>,
  fallback: ValueFor<StorageMap, K>,
  options: UseStorageOptions = {},
): [ValueFor<StorageMap, K>, StorageSetter<ValueFor<StorageMap, K>>, StorageStatus] {
  type T = ValueFor<StorageMap, K>;
  const runtime = useCardRuntime('useStorage');
  const scope = options.scope ?? 'instance';
  // The first fallback stands for the key while nothing is stored (a later one is ignored).
  const [initial] = useState(() => fallback);
  const rollback = useLatest(options.rollbackOnError === true);
  // The observer reads the first fallback and the latest rollback choice when a write needs them, not in render.
  const observer = useMemo(
    () =>
      new StorageObserver<T>(
        runtime,
        key,
        scope,
        () => initial,
        () => rollback.current,
      ),
    [runtime, key, scope, initial, rollback],
  );
  // Only shared package keys change behind the card's back; `storage.changed` is followed for them alone.
  useEffect(() => (scope === 'package' ? runtime.retain(storageFeed) : undefined), [runtime, scope]);
  const { value, status } = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot);
  return [value, observer.set, status];
}
