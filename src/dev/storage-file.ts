// The card's storage kept across `dev` runs, `.neurosquad-storage.json` in the card folder:
// `{ "instance": { key: value }, "package": { key: value } }`, readable and writable by hand. Read at start,
// written (owner-only, through a temporary file) when the page says the card's storage changed; held to the
// app's storage limits, so the file never holds what the host would refuse.
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_SCOPES, type StorageScope } from '../contract/constants.js';
import { checkPlainJson, isPlainObject, jsonLength } from '../contract/json.js';
import { LIMITS } from '../contract/limits.js';
import type { JsonValue } from '../contract/types.js';
import { ignoreInGit } from './ignore-in-git.js';

/** The file in the card folder that keeps the card's storage across `dev` runs (git-ignored, never packed). */
export const STORAGE_FILE = '.neurosquad-storage.json';

/** The card's storage as the file holds it: one object of key → JSON value per scope. */
export type KeptStorage = Record<StorageScope, Record<string, JsonValue>>;

/** A problem in the file (or a posted body): which file, where in it (`instance["theme"]`), and what. */
export interface StorageFinding {
  file: string;
  path: string;
  message: string;
}

/** What reading gave: the storage (empty whenever there is a finding) and the findings. */
export interface StorageRead {
  storage: KeptStorage;
  findings: StorageFinding[];
}

/** The quota of each scope, as the host counts it (key length plus the value's JSON length). */
const QUOTA: Record<StorageScope, number> = {
  instance: LIMITS.instanceStorageBytes,
  package: LIMITS.packageStorageBytes,
};

/** Empty storage: both scopes without a key. */
function emptyStorage(): KeptStorage {
  return { instance: {}, package: {} };
}

/** One scope's problems against the app's limits: key length, value JSON and size, key count, quota. */
function scopeFindings(scope: StorageScope, value: unknown, add: (path: string, message: string) => void): void {
  if (!isPlainObject(value)) {
    add(scope, 'must be an object of key → JSON value');
    return;
  }
  const keys = Object.keys(value);
  if (keys.length > LIMITS.storageKeys) add(scope, `has ${keys.length} keys; the app allows ${LIMITS.storageKeys}`);
  let bytes = 0;
  for (const key of keys) {
    const path = `${scope}[${JSON.stringify(key)}]`;
    if (key.length === 0 || key.length > LIMITS.storageKeyChars) {
      add(path, `a key is 1 to ${LIMITS.storageKeyChars} characters`);
    }
    // As deep as `storage.set` takes it: the value sits one level into the call's params.
    const issue = checkPlainJson(value[key], { maxDepth: LIMITS.valueDepth - 1, maxNodes: LIMITS.valueNodes });
    if (issue) {
      add(`${path}${issue.path}`, issue.message);
      continue;
    }
    const size = jsonLength(value[key]);
    if (size > LIMITS.storageValueBytes) {
      add(path, `is ${size} characters of JSON; the app allows ${LIMITS.storageValueBytes} a value`);
    }
    bytes += key.length + size;
  }
  if (bytes > QUOTA[scope]) add(scope, `holds ${bytes} characters; the app's quota is ${QUOTA[scope]}`);
}

/** Sorted by key, so the file reads (and diffs) the same for the same storage. */
function sortedScope(value: Record<string, unknown>): Record<string, JsonValue> {
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key] as JsonValue]),
  );
}

/** Reads storage out of a parsed value; `file` names it in findings. Any finding leaves the storage empty. */
export function readKeptStorage(value: unknown, file: string): StorageRead {
  const findings: StorageFinding[] = [];
  const add = (path: string, message: string): void => void findings.push({ file, path, message });
  if (!isPlainObject(value)) {
    add('$', 'must be an object: { "instance": { … }, "package": { … } }');
    return { storage: emptyStorage(), findings };
  }
  for (const key of Object.keys(value)) {
    if (!(STORAGE_SCOPES as readonly string[]).includes(key)) add(key, 'is not a storage scope (instance, package)');
  }
  for (const scope of STORAGE_SCOPES) if (value[scope] !== undefined) scopeFindings(scope, value[scope], add);
  if (findings.length > 0) return { storage: emptyStorage(), findings };
  const scopes = value as Partial<Record<StorageScope, Record<string, unknown>>>;
  return {
    storage: { instance: sortedScope(scopes.instance ?? {}), package: sortedScope(scopes.package ?? {}) },
    findings,
  };
}

/** Reads the card folder's storage file: missing is empty storage, unreadable JSON or a wrong shape findings. */
export function readStorageFile(folder: string): StorageRead {
  const file = join(folder, STORAGE_FILE);
  if (!existsSync(file)) return { storage: emptyStorage(), findings: [] };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { storage: emptyStorage(), findings: [{ file, path: '$', message: `is not JSON: ${message}` }] };
  }
  return readKeptStorage(value, file);
}

/**
 * Writes the storage to the card folder's file, owner-only, through a temporary file so a reader (or a `dev`
 * stopped halfway) never sees half of it; the card's `.gitignore` names the file first.
 */
export function writeStorageFile(folder: string, storage: KeptStorage): void {
  ignoreInGit(folder, STORAGE_FILE, 'card storage kept by neurosquad-card dev (your test data; never commit)');
  const file = join(folder, STORAGE_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  const text = `${JSON.stringify({ instance: sortedScope(storage.instance), package: sortedScope(storage.package) }, null, 2)}\n`;
  try {
    writeFileSync(temporary, text, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
