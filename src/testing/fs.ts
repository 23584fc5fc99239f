import { decodeBase64, encodeBase64 } from '../contract/base64.js';
import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import { normalizeWorkspacePath, writeProtectionError } from '../contract/paths.js';
import type { BuiltinHandlers, MockCardHost } from './mock-host.js';

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

function isFolder(host: MockCardHost, path: string): boolean {
  if (path === '') return true;
  for (const key of host.files.keys()) if (key.startsWith(`${path}/`)) return true;
  return false;
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function fileStat(host: MockCardHost, path: string) {
  const file = host.files.get(path);
  if (file) return { path, type: 'file', size: file.data.length, mtimeMs: file.mtimeMs };
  if (isFolder(host, path)) return { path, type: 'directory', size: 0, mtimeMs: 0 };
  throw new CardSdkError('NOT_FOUND', `${path} does not exist`);
}

function listEntries(host: MockCardHost, folder: string, recursive: boolean) {
  const entries = new Map<string, { path: string; type: string; size?: number }>();
  const prefix = folder === '' ? '' : `${folder}/`;
  for (const [path, file] of host.files) {
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

/** Driver: writes a file when data is given, then fires every watcher that covers the path. */
export function touchFile(host: MockCardHost, path: string, data?: string | Uint8Array): void {
  if (data !== undefined) host.putFile(path, data);
  for (const [watchId, watcher] of host.watchers) {
    const inside = watcher.path === '' || path === watcher.path || path.startsWith(`${watcher.path}/`);
    if (!inside) continue;
    const rest = watcher.path === '' ? path : path.slice(watcher.path.length + 1);
    if (path === watcher.path || watcher.recursive || !rest.includes('/')) {
      host.emit('fs.changed', { watchId, path, type: 'change' });
    }
  }
}

/** `fs.*`, under the workspace path rules and the write protection list. */
export const fsHandlers: BuiltinHandlers = {
  'fs.stat'(params: { path: string }, host) {
    return fileStat(host, workspacePath(params.path));
  },
  'fs.list'(params: { path: string; recursive?: boolean; maxEntries?: number }, host) {
    const path = workspacePath(params.path);
    if (!isFolder(host, path)) throw new CardSdkError('NOT_FOUND', `${path} is not a folder`);
    const all = listEntries(host, path, params.recursive === true);
    const max = params.maxEntries ?? LIMITS.fsListEntries;
    return { entries: all.slice(0, max), truncated: all.length > max };
  },
  'fs.read'(params: { path: string; encoding?: 'utf8' | 'base64'; maxBytes?: number }, host) {
    const path = workspacePath(params.path);
    const file = host.files.get(path);
    if (!file) throw new CardSdkError('NOT_FOUND', `${path} does not exist`);
    const encoding = params.encoding ?? 'utf8';
    const bytes = file.data.subarray(0, params.maxBytes ?? LIMITS.fsReadBytes);
    const data = encoding === 'base64' ? encodeBase64(bytes) : new TextDecoder().decode(bytes);
    return { data, encoding, size: file.data.length, truncated: bytes.length < file.data.length };
  },
  'fs.write'(
    params: { path: string; data: string; encoding?: 'utf8' | 'base64'; createDirs?: boolean; ifMtimeMs?: number },
    host,
  ) {
    const path = writablePath(params.path);
    const data = params.encoding === 'base64' ? decodeBase64(params.data) : fileBytes(params.data);
    if (data.length > LIMITS.fsWriteBytes) {
      throw new CardSdkError('TOO_LARGE', `data larger than ${LIMITS.fsWriteBytes} bytes`);
    }
    const existing = host.files.get(path);
    if (params.ifMtimeMs !== undefined && existing?.mtimeMs !== params.ifMtimeMs) {
      throw new CardSdkError('FS_ERROR', 'the file changed since it was read', {
        conflict: true,
        mtimeMs: existing?.mtimeMs ?? null,
      });
    }
    const parent = parentOf(path);
    if (!params.createDirs && !isFolder(host, parent)) {
      throw new CardSdkError('FS_ERROR', `folder ${parent} does not exist`);
    }
    const mtimeMs = Math.max(Date.now(), (existing?.mtimeMs ?? 0) + 1);
    host.files.set(path, { data, mtimeMs });
    touchFile(host, path);
    return { path, type: 'file', size: data.length, mtimeMs };
  },
  'fs.mkdir'(params: { path: string }, host) {
    const path = writablePath(params.path);
    const mtimeMs = Date.now();
    host.files.set(`${path}/.keep`, { data: new Uint8Array(0), mtimeMs });
    return { path, type: 'directory', size: 0, mtimeMs };
  },
  'fs.trash'(params: { path: string }, host) {
    const path = writablePath(params.path);
    if (!host.files.has(path) && !isFolder(host, path)) throw new CardSdkError('NOT_FOUND', `${path} does not exist`);
    for (const key of [...host.files.keys()]) {
      if (key === path || key.startsWith(`${path}/`)) host.files.delete(key);
    }
  },
  'fs.watch'(params: { path: string; recursive?: boolean }, host) {
    const path = workspacePath(params.path);
    if (host.watchers.size >= LIMITS.fsWatchers) throw new CardSdkError('QUOTA_EXCEEDED', 'too many watchers');
    const watchId = host.nextId('watch');
    host.watchers.set(watchId, { path, recursive: params.recursive === true });
    return { watchId };
  },
  'fs.unwatch'(params: { watchId: string }, host) {
    host.watchers.delete(params.watchId);
  },
};
