import { QueryObserver, type QueryState } from '@tanstack/react-query';
import type { CardSdkError, StorageScope } from '../src/index.js';
import type { CardRuntime } from './card-runtime.js';
import { storageOf, storageQueryOptions, type StoredEntry } from './query-options.js';
import { toQueryStatus, type HostQueryStatus } from './query-status.js';
import { storageWriteKey } from './storage-feed.js';
import { toCardSdkError } from './to-card-sdk-error.js';

/** Options of a stored value: its scope, and what a refused write does. */
export interface StorageOptions {
  /** `instance` (this card, the default) or `package` (shared by every card of the package). */
  scope?: StorageScope;
  /**
   * True to put the previous value back when the host refuses a write (and read the key again). By default the
   * written value stays, with `error` set, so what the user typed is not lost.
   */
  rollbackOnError?: boolean;
}

/**
 * The status part of the `useStorage` tuple: the published `{ loading, error }`, plus TanStack Query's words as
 * getters (`status`, `isPending`, `isSuccess`, `isError`, `isFetching`).
 */
export class StorageStatus {
  /** True until the first read finished. */
  readonly loading: boolean;
  /** Why the last read or write failed. */
  readonly error: CardSdkError | null;
  readonly #fetching: boolean;

  constructor(loading: boolean, error: CardSdkError | null, fetching: boolean) {
    this.loading = loading;
    this.error = error;
    this.#fetching = fetching;
  }

  /** `pending` until the first read, `error` after a failed read or write, else `success`. */
  get status(): HostQueryStatus {
    return this.loading ? 'pending' : this.error ? 'error' : 'success';
  }
  /** The same as `loading`. */
  get isPending(): boolean {
    return this.loading;
  }
  /** True once read (or written) with no failure since. */
  get isSuccess(): boolean {
    return this.status === 'success';
  }
  /** True when the last read or write failed. */
  get isError(): boolean {
    return this.error !== null;
  }
  /** True while a read is in flight. */
  get isFetching(): boolean {
    return this.#fetching;
  }
}

/** How many times a write the host refused with `retryAfterMs` is tried again before it stays unsaved. */
const STORAGE_RETRIES = 5;
/** The longest wait honoured between two tries (a refusal asking for longer waits this long). */
const STORAGE_RETRY_MAX_MS = 60_000;

/** The wait before trying a refused write again, or undefined when the refusal gives none or the tries are spent. */
function retryDelay(refusal: CardSdkError, retries: number): number | undefined {
  const wait = refusal.retryAfterMs;
  if (wait === undefined || !Number.isFinite(wait) || retries >= STORAGE_RETRIES) return undefined;
  return Math.min(Math.max(wait, 0), STORAGE_RETRY_MAX_MS);
}

/** What a stored value shows now. */
export interface StorageSnapshot<T> {
  /** The stored value, the value last set, or the fallback. */
  value: T;
  /** Where the read and the last write stand. */
  status: StorageStatus;
}

/**
 * One stored key as an observable value with optimistic writes, beside the query cache as TanStack Query's
 * `MutationObserver` sits beside a query: the value lives in the cache (shared by every reader of the key), this
 * observer adds the write and its failure. Framework-free; `useStorage` reads it with `useSyncExternalStore`.
 */
export class StorageObserver<T> {
  readonly #runtime: CardRuntime;
  readonly #key: string;
  readonly #scope: StorageScope;
  readonly #fallback: () => T;
  readonly #rollback: () => boolean;
  readonly #options: ReturnType<typeof storageQueryOptions>;
  readonly #listeners = new Set<() => void>();
  #observer: QueryObserver<StoredEntry, CardSdkError> | null = null;
  #writeError: CardSdkError | null = null;
  #state: QueryState<StoredEntry, CardSdkError> | undefined;
  #snapshot: StorageSnapshot<T> | null = null;

  constructor(runtime: CardRuntime, key: string, scope: StorageScope, fallback: () => T, rollback: () => boolean) {
    this.#runtime = runtime;
    this.#key = key;
    this.#scope = scope;
    this.#fallback = fallback;
    this.#rollback = rollback;
    this.#options = storageQueryOptions(runtime.card, key, scope);
  }

  /** What to show now: read straight from the cache, so a write shows in the same render. */
  readonly getSnapshot = (): StorageSnapshot<T> => {
    const state = this.#runtime.queryClient.getQueryState<StoredEntry, CardSdkError>(this.#options.queryKey);
    const previous = this.#snapshot;
    if (previous && state === this.#state) return previous;
    this.#state = state;
    const query = toQueryStatus(state);
    const entry = state?.data;
    const value = entry?.exists ? (entry.value as T) : this.#fallback();
    const error = this.#writeError ?? query.error;
    const loading = query.isPending;
    if (previous && Object.is(previous.value, value) && previous.status.error === error) {
      if (previous.status.loading === loading && previous.status.isFetching === query.isFetching) return previous;
    }
    this.#snapshot = { value, status: new StorageStatus(loading, error, query.isFetching) };
    return this.#snapshot;
  };

  /** Reads the key while someone listens; `listener` runs on every change. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    this.#observer ??= new QueryObserver(this.#runtime.queryClient, this.#options);
    const off = this.#observer.subscribe(() => this.#notify());
    return () => {
      off();
      this.#listeners.delete(listener);
    };
  };

  /** Shows `next` at once and stores it; resolves true once stored, false when the host refused it. */
  readonly set = async (next: T | ((previous: T) => T)): Promise<boolean> => {
    const { queryClient, storageWrites } = this.#runtime;
    const queryKey = this.#options.queryKey;
    const writeKey = storageWriteKey(this.#scope, this.#key);
    const previous = queryClient.getQueryData(queryKey);
    const current = previous?.exists ? (previous.value as T) : this.#fallback();
    const value = typeof next === 'function' ? (next as (previous: T) => T)(current) : next;
    // A read still in flight would overwrite the written value when it lands.
    void queryClient.cancelQueries({ queryKey, exact: true });
    // The cache may hand back a structurally shared copy: compare against what it actually holds.
    const written = queryClient.setQueryData(queryKey, { exists: true, value }) ?? { exists: true, value };
    this.#notify();
    storageWrites.set(writeKey, (storageWrites.get(writeKey) ?? 0) + 1);
    let rolledBack = false;
    try {
      for (let retries = 0; ; retries += 1) {
        try {
          await storageOf(this.#runtime.card, this.#scope).set(this.#key, value);
          this.#setWriteError(null);
          return true;
        } catch (error) {
          const refusal = toCardSdkError(error, 'storage.set');
          this.#setWriteError(refusal);
          // The host said when to try again (RATE_LIMITED): the value waits on screen, unsaved with `error` set,
          // and is written then, unless a later write has replaced it by that time.
          const wait = retryDelay(refusal, retries);
          if (wait !== undefined && queryClient.getQueryData(queryKey) === written) {
            await new Promise((resolve) => setTimeout(resolve, wait));
            if (queryClient.getQueryData(queryKey) === written) continue;
            return false;
          }
          // Roll back only when asked, and only if no later write replaced this value meanwhile.
          if (this.#rollback() && queryClient.getQueryData(queryKey) === written) {
            rolledBack = true;
            if (previous) queryClient.setQueryData(queryKey, previous);
          }
          return false;
        }
      }
    } finally {
      const left = (storageWrites.get(writeKey) ?? 1) - 1;
      if (left > 0) storageWrites.set(writeKey, left);
      else storageWrites.delete(writeKey);
      // After a rollback the stored value is read again, so no stale value stays on screen.
      if (rolledBack && previous) void queryClient.invalidateQueries({ queryKey, exact: true });
      else if (rolledBack) void queryClient.resetQueries({ queryKey, exact: true });
    }
  };

  #setWriteError(error: CardSdkError | null): void {
    if (this.#writeError === error) return;
    this.#writeError = error;
    this.#snapshot = null;
    this.#notify();
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
