import { encodeBase64 } from '../contract/base64.js';
import { base64Param } from './base64-param.js';
import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import { normalizeWorkspacePath, writeProtectionError } from '../contract/paths.js';
import type { FsEntry, FsStat } from '../contract/types.js';
import type { Builtins, MethodsOf } from './builtin.js';
import type { MockCore } from './core.js';
import type { MockFile } from './types.js';

/** What `fs.*` owns: the workspace files and the watchers the card set up. */
export interface FsState {
  readonly core: MockCore;
  readonly files: Map<string, MockFile>;
  /** Watch id → what it watches. */
  watchers?: Map<string, { path: string; recursive: boolean }>;
}

/** Text as UTF-8 bytes; bytes as they are. */
export function fileBytes(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? new TextEncoder().encode(data) : data;
}

function workspacePath(raw: unknown): string {
  const result = normalizeWorkspacePath(raw);
  if (!result.ok) throw new CardSdkError('FS_DENIED', result.error);
  return result.path;
}

function writablePath(raw: unknown): string {
  const path = workspacePath(raw);
  if (path === '') throw new CardSdkError('FS_DENIED', 'the workspace folder itself cannot be changed');
  const refusal = writeProtectionError(path);
  if (refusal) throw new CardSdkError('FS_DENIED', refusal);
  return path;
}

function isFolder(files: ReadonlyMap<string, MockFile>, path: string): boolean {
  if (path === '') return true;
  for (const key of files.keys()) if (key.startsWith(`${path}/`)) return true;
  return false;
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function fileStat(files: ReadonlyMap<string, MockFile>, path: string): FsStat {
  const file = files.get(path);
  if (file) return { path, type: 'file', size: file.data.length, mtimeMs: file.mtimeMs };
  if (isFolder(files, path)) return { path, type: 'directory', size: 0, mtimeMs: 0 };
  throw new CardSdkError('NOT_FOUND', `${path} does not exist`);
}

function listEntries(files: ReadonlyMap<string, MockFile>, folder: string, recursive: boolean): FsEntry[] {
  const entries = new Map<string, FsEntry>();
  const prefix = folder === '' ? '' : `${folder}/`;
  for (const [path, file] of files) {
    if (!path.startsWith(prefix)) continue;
    const parts = path.slice(prefix.length).split('/');
    if (!recursive && parts.length > 1) {
      const sub = prefix + parts[0];
      entries.set(sub, { path: sub, type: 'directory' });
      continue;
    }
    entries.set(path, { path, type: 'file', size: file.data.length });
    for (let i = 1; i < parts.length; i += 1) {
      const sub = prefix + parts.slice(0, i).join('/');
      entries.set(sub, { path: sub, type: 'directory' });
    }
  }
  return [...entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Stores a file without firing watchers. */
export function putFile(files: Map<string, MockFile>, path: string, data: string | Uint8Array): void {
  files.set(path, { data: fileBytes(data), mtimeMs: Date.now() });
}

/** Driver: writes a file when data is given, then fires every watcher that covers the path. */
export function touchFile(state: FsState, path: string, data?: string | Uint8Array): void {
  if (data !== undefined) putFile(state.files, path, data);
  for (const [watchId, watcher] of state.watchers ?? []) {
    const inside = watcher.path === '' || path === watcher.path || path.startsWith(`${watcher.path}/`);
    if (!inside) continue;
    const rest = watcher.path === '' ? path : path.slice(watcher.path.length + 1);
    if (path === watcher.path || watcher.recursive || !rest.includes('/')) {
      state.core.emit('fs.changed', { watchId, path, type: 'change' });
    }
  }
}

/** `fs.*`, under the workspace path rules and the write protection list. */
export const fsHandlers: Builtins<FsState, MethodsOf<'fs'>> = {
  'fs.stat'(params, state) {
    return fileStat(state.files, workspacePath(params.path));
  },
  'fs.list'(params, state) {
    const path = workspacePath(params.path);
    if (!isFolder(state.files, path)) throw new CardSdkError('NOT_FOUND', `${path} is not a folder`);
    const all = listEntries(state.files, path, params.recursive === true);
    const max = params.maxEntries ?? LIMITS.fsListEntries;
    return { entries: all.slice(0, max), truncated: all.length > max };
  },
  'fs.read'(params, state) {
    const path = workspacePath(params.path);
    const file = state.files.get(path);
    if (!file) throw new CardSdkError('NOT_FOUND', `${path} does not exist`);
    const encoding = params.encoding ?? 'utf8';
    const bytes = file.data.subarray(0, params.maxBytes ?? LIMITS.fsReadBytes);
    const data = encoding === 'base64' ? encodeBase64(bytes) : new TextDecoder().decode(bytes);
    return { data, encoding, size: file.data.length, truncated: bytes.length < file.data.length };
  },
  'fs.write'(params, state) {
    const path = writablePath(params.path);
    const data = params.encoding === 'base64' ? base64Param(params.data, 'data') : fileBytes(params.data);
    if (data.length > LIMITS.fsWriteBytes) {
      throw new CardSdkError('TOO_LARGE', `data larger than ${LIMITS.fsWriteBytes} bytes`);
    }
    const existing = state.files.get(path);
    if (params.ifMtimeMs !== undefined && existing?.mtimeMs !== params.ifMtimeMs) {
      throw new CardSdkError('FS_ERROR', 'the file changed since it was read', {
        conflict: true,
        mtimeMs: existing?.mtimeMs ?? null,
      });
    }
    const parent = parentOf(path);
    if (!params.createDirs && !isFolder(state.files, parent)) {
      throw new CardSdkError('FS_ERROR', `folder ${parent} does not exist`);
    }
    const mtimeMs = Math.max(Date.now(), (existing?.mtimeMs ?? 0) + 1);
    state.files.set(path, { data, mtimeMs });
    touchFile(state, path);
    return { path, type: 'file', size: data.length, mtimeMs };
  },
  'fs.mkdir'(params, state) {
    const path = writablePath(params.path);
    const mtimeMs = Date.now();
    state.files.set(`${path}/.keep`, { data: new Uint8Array(0), mtimeMs });
    return { path, type: 'directory', size: 0, mtimeMs };
  },
  'fs.trash'(params, state) {
    const path = writablePath(params.path);
    if (!state.files.has(path) && !isFolder(state.files, path))
      throw new CardSdkError('NOT_FOUND', `${path} does not exist`);
    for (const key of [...state.files.keys()]) {
      if (key === path || key.startsWith(`${path}/`)) state.files.delete(key);
    }
  },
  'fs.watch'(params, state) {
    const path = workspacePath(params.path);
    const watchers = (state.watchers ??= new Map());
    if (watchers.size >= LIMITS.fsWatchers) throw new CardSdkError('QUOTA_EXCEEDED', 'too many watchers');
    const watchId = state.core.nextId('watch');
    watchers.set(watchId, { path, recursive: params.recursive === true });
    return { watchId };
  },
  'fs.unwatch'(params, state) {
    state.watchers?.delete(params.watchId);
  },
};
