import type { StorageScope } from '../contract/constants.js';
import type { JsonValue, StorageChangedEvent, StorageUsage } from '../contract/types.js';
import type { DeclaredValue, KeyDefault, KeyParam, NameArg, NameOf, StorageMap, ValueFor } from './register.js';
import type { CardSession } from './session.js';

/** A key-value store of one scope (`card.storage`, `card.storage.package`). */
export interface CardStorageScope {
  /** The stored value, or `fallback` when the key is missing. */
  get<K extends KeyParam<StorageMap> = KeyDefault<StorageMap, JsonValue>>(
    key: NameArg<StorageMap, K>,
  ): Promise<ValueFor<StorageMap, K> | undefined>;
  /** The stored value, or `fallback` when the key is missing. */
  get<K extends KeyParam<StorageMap> = KeyDefault<StorageMap, JsonValue>>(
    key: NameArg<StorageMap, K>,
    fallback: ValueFor<StorageMap, K>,
  ): Promise<ValueFor<StorageMap, K>>;
  /** Stores a JSON value under `key`. */
  set<K extends NameOf<StorageMap>>(key: K, value: DeclaredValue<StorageMap, K, unknown>): Promise<void>;
  /** Removes `key`. */
  delete(key: NameOf<StorageMap>): Promise<void>;
  /** Stored keys (sorted), optionally only those starting with `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  /** Removes every key of the scope. */
  clear(): Promise<void>;
  /** Bytes used, the quota and the key count. */
  usage(): Promise<StorageUsage>;
}

/** `card.storage`: this instance's store, plus the package-wide one and change events. */
export interface CardStorage extends CardStorageScope {
  /** The store shared by every card of this package. */
  readonly package: CardStorageScope;
  /** Calls `listener` on `storage.changed` (subscribed while listened to); returns an unsubscribe function. */
  onChange(listener: (event: StorageChangedEvent) => void): () => void;
}

function createScope(session: CardSession, scope: StorageScope): CardStorageScope {
  const { channel } = session;
  return {
    async get(key: string, fallback?: unknown) {
      const result = await channel.request('storage.get', { scope, key });
      return (result?.exists ? result.value : fallback) as never;
    },
    async set(key, value) {
      await channel.request('storage.set', { scope, key, value });
    },
    async delete(key) {
      await channel.request('storage.delete', { scope, key });
    },
    async keys(prefix) {
      const params = prefix === undefined ? { scope } : { scope, prefix };
      const result = await channel.request('storage.keys', params);
      return result?.keys;
    },
    async clear() {
      await channel.request('storage.clear', { scope });
    },
    usage: () => channel.request('storage.usage', { scope }),
  };
}

/** Builds `card.storage`. */
export function createStorage(session: CardSession): CardStorage {
  return Object.assign(createScope(session, 'instance'), {
    package: createScope(session, 'package'),
    onChange: (listener: (event: StorageChangedEvent) => void) =>
      session.events.on('storage.changed', listener as (data: unknown) => void),
  });
}
