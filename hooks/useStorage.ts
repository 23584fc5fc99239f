import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Card, CardSdkError, JsonValue, StorageScope } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { cardQueryKeys } from './query-keys.js';
import { storageFeed, storageWriteKey, storageWrites, type StoredEntry } from './storage-feed.js';
import { callCard, toCardSdkError } from './to-card-sdk-error.js';

/** Options of `useStorage`. */
export interface UseStorageOptions {
  /** `instance` (this card, the default) or `package` (shared by every card of the package). */
  scope?: StorageScope;
}

/** The setter of `useStorage`: a value or an updater of the latest value; resolves true once stored. */
export type StorageSetter<T> = (next: T | ((previous: T) => T)) => Promise<boolean>;

/** The status part of the `useStorage` tuple. */
export interface StorageStatus {
  /** True until the first read finished. */
  loading: boolean;
  /** Why the last read or write failed (a failed write is rolled back). */
  error: CardSdkError | null;
}

const missing = Object.freeze({});

function storeFor(card: Card, scope: StorageScope) {
  return scope === 'package' ? card.storage.package : card.storage;
}

async function readEntry(card: Card, scope: StorageScope, key: string): Promise<StoredEntry> {
  const value: unknown = await callCard('storage.get', () => storeFor(card, scope).get(key, missing as JsonValue));
  return value === missing ? { exists: false, value: null } : { exists: true, value };
}

/**
 * One stored value as state: `[value, set, { loading, error }]`. Writes show at once and roll back if the
 * host refuses them; in the `package` scope, keys reported by `storage.changed` are read again.
 * @example const [notes, setNotes] = useStorage('notes', '')
 */
export function useStorage<T>(
  key: string,
  fallback: T,
  options: UseStorageOptions = {},
): [T, StorageSetter<T>, StorageStatus] {
  const runtime = useCardRuntime('useStorage');
  const scope = options.scope ?? 'instance';
  const initial = useRef(fallback);
  const [writeError, setWriteError] = useState<CardSdkError | null>(null);
  // The cache tells its readers on the next tick; a controlled input needs the written value in this render.
  const [optimistic, setOptimistic] = useState<{
    writeKey: string;
    base: StoredEntry | undefined;
    entry: StoredEntry;
  } | null>(null);
  const shownEntry = useRef<StoredEntry | undefined>(undefined);

  // Only shared package keys change behind the card's back; `storage.changed` is followed for them alone.
  useEffect(() => (scope === 'package' ? runtime.retain(storageFeed) : undefined), [runtime, scope]);
  useEffect(() => setWriteError(null), [runtime, scope, key]);

  const query = useQuery<StoredEntry, CardSdkError>(
    {
      queryKey: cardQueryKeys.storage(scope, key),
      queryFn: () => readEntry(runtime.card, scope, key),
      staleTime: Infinity,
      retry: false,
    },
    runtime.queryClient,
  );

  const set = useCallback<StorageSetter<T>>(
    async (next) => {
      const { queryClient, card } = runtime;
      const queryKey = cardQueryKeys.storage(scope, key);
      const writes = storageWrites(runtime);
      const writeKey = storageWriteKey(scope, key);
      const previous = queryClient.getQueryData<StoredEntry>(queryKey);
      const current = previous?.exists ? (previous.value as T) : initial.current;
      const value = typeof next === 'function' ? (next as (previous: T) => T)(current) : next;
      // A read still in flight would overwrite the optimistic value when it lands.
      void queryClient.cancelQueries({ queryKey, exact: true });
      // The cache may hand back a structurally shared copy: compare against what it actually holds.
      const written = queryClient.setQueryData<StoredEntry>(queryKey, { exists: true, value }) ?? {
        exists: true,
        value,
      };
      setOptimistic({ writeKey, base: shownEntry.current, entry: written });
      writes.set(writeKey, (writes.get(writeKey) ?? 0) + 1);
      let rolledBack = false;
      try {
        await storeFor(card, scope).set(key, value as JsonValue);
        setWriteError(null);
        return true;
      } catch (error) {
        setWriteError(toCardSdkError(error, 'storage.set'));
        // Roll back only if no later write replaced this value meanwhile.
        if (queryClient.getQueryData(queryKey) === written) {
          rolledBack = true;
          if (previous) queryClient.setQueryData<StoredEntry>(queryKey, previous);
        }
        return false;
      } finally {
        setOptimistic((current) => (current?.entry === written ? null : current));
        const left = (writes.get(writeKey) ?? 1) - 1;
        if (left > 0) writes.set(writeKey, left);
        else writes.delete(writeKey);
        // After a failure the stored value is read again, so no stale value stays on screen.
        if (rolledBack && previous) void queryClient.invalidateQueries({ queryKey, exact: true });
        else if (rolledBack) void queryClient.resetQueries({ queryKey, exact: true });
      }
    },
    [runtime, scope, key],
  );

  shownEntry.current = query.data;
  const current = optimistic?.writeKey === storageWriteKey(scope, key) ? optimistic : null;
  const entry = current && query.data === current.base ? current.entry : query.data;
  const value = entry?.exists ? (entry.value as T) : initial.current;
  return [value, set, { loading: query.isPending, error: writeError ?? query.error ?? null }];
}
