import type { StorageScope } from '../contract/constants.js';
import { CardSdkError } from '../contract/errors.js';
import { jsonLength } from '../contract/json.js';
import { LIMITS } from '../contract/limits.js';
import type { JsonValue } from '../contract/types.js';
import type { BuiltinHandlers } from './mock-host.js';

const QUOTA: Record<StorageScope, number> = {
  instance: LIMITS.instanceStorageBytes,
  package: LIMITS.packageStorageBytes,
};

/** Bytes a scope uses, counted as the app does: key length plus JSON length of the value. */
export function storageBytes(entries: Iterable<[string, unknown]>): number {
  let bytes = 0;
  for (const [key, value] of entries) bytes += key.length + jsonLength(value);
  return bytes;
}

/** `storage.*`, `theme.get`, `i18n.get` and `workspace.get`. */
export const storageHandlers: BuiltinHandlers = {
  'storage.get'(params: { scope: StorageScope; key: string }, host) {
    const store = host.storage[params.scope];
    return store.has(params.key) ? { exists: true, value: store.get(params.key) } : { exists: false, value: null };
  },
  'storage.set'(params: { scope: StorageScope; key: string; value: JsonValue }, host) {
    const store = host.storage[params.scope];
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
  'storage.delete'(params: { scope: StorageScope; key: string }, host) {
    host.storage[params.scope].delete(params.key);
  },
  'storage.keys'(params: { scope: StorageScope; prefix?: string }, host) {
    const prefix = params.prefix ?? '';
    return { keys: [...host.storage[params.scope].keys()].filter((key) => key.startsWith(prefix)).sort() };
  },
  'storage.clear'(params: { scope: StorageScope }, host) {
    host.storage[params.scope].clear();
  },
  'storage.usage'(params: { scope: StorageScope }, host) {
    const store = host.storage[params.scope];
    return { bytes: storageBytes(store), quota: QUOTA[params.scope], keys: store.size };
  },
  'theme.get'(_params, host) {
    return host.context.theme;
  },
  'i18n.get'(_params, host) {
    return host.context.i18n;
  },
  'workspace.get'(_params, host) {
    return host.context.workspace;
  },
};
