// Card storage results and events.
import type { StorageScope } from '../constants.js';
import type { JsonValue } from './json.js';

/** Result of `storage.get`. */
export interface StorageGetResult<T = JsonValue> {
  exists: boolean;
  value: T | null;
}

/** Result of `storage.usage`. */
export interface StorageUsage {
  bytes: number;
  quota: number;
  keys: number;
}

/** `storage.changed`: a stored key changed. */
export interface StorageChangedEvent {
  key: string;
  scope?: StorageScope;
  [field: string]: JsonValue | undefined;
}
