import type { Card, CardSdkError, JsonValue, StorageScope } from '../index.js';
import { createLease, createListeners } from './lease.js';
import { queryStatus, toCardSdkError, type QueryStatusFields } from './status.js';

/** What a stored key holds as a live model shows it, with where its read and last write stand. */
export interface StoredSnapshot extends QueryStatusFields {
  /** Whether the key holds a value (false until read, and when nothing is stored: the reader's fallback applies). */
  exists: boolean;
  /** The stored value, or the value last set (undefined when `exists` is false). */
  value: unknown;
  /** Why the last write failed (also in `error`), or null. */
  writeError: CardSdkError | null;
}

/** What a refused write does. */
export interface StorageWriteOptions {
  /**
   * True to put the previous value back when the host refuses the write (and read the key again). By default the
   * written value stays, with `error` set, so what the user typed is not lost.
   */
  rollbackOnError?: boolean;
}

/**
 * One stored key as a live model: the value (read on the first subscriber), optimistic writes, and a refused
 * write kept visible with `error` set, or retried by itself when the refusal says when (`RATE_LIMITED` with
 * `retryAfterMs`). In the `package` scope a `storage.changed` event for the key reads it again.
 */
export interface StorageModel {
  /** The value and its state; a new object only when something changed. */
  getSnapshot: () => StoredSnapshot;
  /** Calls `listener` on every change; the first listener reads the key. */
  subscribe: (listener: () => void) => () => void;
  /** Shows `value` at once and stores it; resolves true once stored, false when the host refused it. */
  set: (value: unknown, options?: StorageWriteOptions) => Promise<boolean>;
  /** Reads the key from the host again; resolves when done. */
  refetch: () => Promise<void>;
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

/** The store of one scope: `card.storage` or `card.storage.package`. */
function storageOf(card: Card, scope: StorageScope) {
  return scope === 'package' ? card.storage.package : card.storage;
}

interface Entry {
  exists: boolean;
  value: unknown;
}

const missing = Object.freeze({}) as JsonValue;

/**
 * Builds the model of the stored `key` in `scope` (`instance`, the default, or `package`). Share one model between
 * the readers of a key, so a write shows in each of them.
 * @example const notes = createStorageModel(card, 'notes'); notes.subscribe(() => show(notes.getSnapshot().value))
 */
export function createStorageModel(card: Card, key: string, scope: StorageScope = 'instance'): StorageModel {
  const listeners = createListeners();
  let entry: Entry | undefined;
  let readError: CardSdkError | null = null;
  let writeError: CardSdkError | null = null;
  let fetching = false;
  let stale = true;
  let reads = 0;
  let writes = 0;
  let snapshot: StoredSnapshot | null = null;

  const changed = () => {
    snapshot = null;
    listeners.notify();
  };

  const read = async () => {
    const id = ++reads;
    fetching = true;
    changed();
    try {
      const value: unknown = await storageOf(card, scope).get(key, missing);
      if (id !== reads) return;
      entry = value === missing ? { exists: false, value: undefined } : { exists: true, value };
      readError = null;
      stale = false;
    } catch (failure) {
      if (id !== reads) return;
      readError = toCardSdkError(failure, 'storage.get');
    }
    fetching = false;
    changed();
  };

  const lease = createLease(() => {
    if (stale && !fetching) void read();
    // Only shared package keys change behind the card's back.
    const off =
      scope === 'package'
        ? card.storage.onChange((event) => {
            const change = event as { key?: unknown; scope?: unknown };
            if (change.key !== key || (change.scope !== undefined && change.scope !== 'package')) return;
            // A re-read during a write would put the old value back.
            if (writes === 0) void read();
          })
        : () => undefined;
    return () => {
      off();
      stale = true;
    };
  });

  const setWriteError = (error: CardSdkError | null) => {
    if (writeError === error) return;
    writeError = error;
    changed();
  };

  return {
    getSnapshot() {
      snapshot ??= {
        exists: entry?.exists ?? false,
        value: entry?.value,
        writeError,
        ...queryStatus(entry !== undefined, writeError ?? readError, fetching),
      };
      return snapshot;
    },
    subscribe(listener) {
      return lease.hold(listeners.subscribe(listener));
    },
    refetch: read,
    async set(value, options = {}) {
      const previous = entry;
      // A read still in flight would overwrite the written value when it lands.
      reads += 1;
      fetching = false;
      const written: Entry = { exists: true, value };
      entry = written;
      readError = null;
      changed();
      writes += 1;
      let rolledBack = false;
      try {
        for (let retries = 0; ; retries += 1) {
          try {
            await storageOf(card, scope).set(key, value);
            setWriteError(null);
            return true;
          } catch (error) {
            const refusal = toCardSdkError(error, 'storage.set');
            setWriteError(refusal);
            // The host said when to try again (RATE_LIMITED): the value waits on screen, unsaved with `error` set,
            // and is written then, unless a later write has replaced it by that time.
            const wait = retryDelay(refusal, retries);
            if (wait !== undefined && entry === written) {
              await new Promise((resolve) => setTimeout(resolve, wait));
              if (entry === written) continue;
              return false;
            }
            // Roll back only when asked, and only if no later write replaced this value meanwhile.
            if (options.rollbackOnError && entry === written) {
              rolledBack = true;
              entry = previous;
              changed();
            }
            return false;
          }
        }
      } finally {
        writes -= 1;
        // After a rollback the stored value is read again, so no stale value stays on screen.
        if (rolledBack) {
          stale = true;
          if (lease.held) void read();
        }
      }
    },
  };
}
