import { useMemo, useState, useSyncExternalStore } from 'react';
import type { KeyDefault, KeyParam, NameArg, StorageMap, StorageScope, ValueFor } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { StorageStatus } from './storage-status.js';
import { useLatest } from './useLatest.js';

export { StorageStatus } from './storage-status.js';

/** Options of `useStorage`: the scope, and whether a refused write rolls back. */
export interface UseStorageOptions {
  /** `instance` (this card, the default) or `package` (shared by every card of the package). */
  scope?: StorageScope;
  /**
   * True to put the previous value back when the host refuses a write (and read the key again). By default the
   * written value stays, with `error` set, so what the user typed is not lost.
   */
  rollbackOnError?: boolean;
}

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
  const model = useCardRuntime('useStorage').storage(options.scope ?? 'instance', key);
  // The first fallback stands for the key while nothing is stored (a later one is ignored).
  const [initial] = useState(() => fallback);
  const rollbackOnError = useLatest(options.rollbackOnError === true);
  const snapshot = useSyncExternalStore(model.subscribe, model.getSnapshot, model.getSnapshot);
  const status = useMemo(
    () => new StorageStatus(snapshot.isPending, snapshot.error, snapshot.isFetching),
    [snapshot.isPending, snapshot.error, snapshot.isFetching],
  );
  const set = useMemo<StorageSetter<T>>(
    () => (next) => {
      const current = model.getSnapshot();
      const previous = (current.exists ? current.value : initial) as T;
      const value = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next;
      return model.set(value, { rollbackOnError: rollbackOnError.current });
    },
    [model, initial, rollbackOnError],
  );
  return [(snapshot.exists ? snapshot.value : initial) as T, set, status];
}
