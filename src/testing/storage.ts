import type { StorageScope } from '../contract/constants.js';
import { CardSdkError } from '../contract/errors.js';
import { jsonLength } from '../contract/json.js';
import { LIMITS } from '../contract/limits.js';
import type { JsonValue } from '../contract/types.js';
import type { Builtins, MethodsOf } from './builtin.js';

/** The card's storage: one map per scope, readable and writable by the test. */
export type StorageState = Record<StorageScope, Map<string, JsonValue>>;

const QUOTA: Record<StorageScope, number> = {
  instance: LIMITS.instanceStorageBytes,
  package: LIMITS.packageStorageBytes,
};

/** Bytes a scope uses, counted as the app does: key length plus JSON length of the value. */
function storageBytes(entries: Iterable<[string, unknown]>): number {
  let bytes = 0;
  for (const [key, value] of entries) bytes += key.length + jsonLength(value);
  return bytes;
}

/** `storage.*`, under the app's size and key quotas. */
export const storageHandlers: Builtins<StorageState, MethodsOf<'storage'>> = {
  'storage.get'(params, storage) {
    const store = storage[params.scope];
    return store.has(params.key)
      ? { exists: true, value: store.get(params.key) as JsonValue }
      : { exists: false, value: null };
  },
  'storage.set'(params, storage) {
    const store = storage[params.scope];
    const size = jsonLength(params.value);
    if (size > LIMITS.storageValueBytes) throw new CardSdkError('TOO_LARGE', 'value larger than 1 MB');
    if (!store.has(params.key) && store.size >= LIMITS.storageKeys) {
      throw new CardSdkError('QUOTA_EXCEEDED', 'too many keys');
    }
    const others = [...store].filter(([key]) => key !== params.key);
    if (storageBytes(others) + params.key.length + size > QUOTA[params.scope]) {
      throw new CardSdkError('QUOTA_EXCEEDED', 'storage quota exceeded');
    }
    store.set(params.key, params.value);
  },
  'storage.delete'(params, storage) {
    storage[params.scope].delete(params.key);
  },
  'storage.keys'(params, storage) {
    const prefix = params.prefix ?? '';
    return { keys: [...storage[params.scope].keys()].filter((key) => key.startsWith(prefix)).sort() };
  },
  'storage.clear'(params, storage) {
    storage[params.scope].clear();
  },
  'storage.usage'(params, storage) {
    const store = storage[params.scope];
    return { bytes: storageBytes(store), quota: QUOTA[params.scope], keys: store.size };
  },
};
