import { decodeBase64, encodeBase64 } from '../contract/base64.js';
import { CardSdkError } from '../contract/errors.js';
import type { FsChangedEvent, FsListResult, FsReadResult, FsStat } from '../contract/types.js';
import type { CardSession } from './session.js';
import { definedFields } from './defined-fields.js';

/** How much of a file `card.fs.read*` reads. */
export interface FsReadOptions {
  /** Read at most this many bytes (1 to 10 MiB). */
  maxBytes?: number;
}

/** Folder creation and the mtime guard of `card.fs.write*`. */
export interface FsWriteOptions {
  /** Create missing parent folders. */
  createDirs?: boolean;
  /** Refuse the write (FS_ERROR, `data.conflict`) when the file's mtime differs. */
  ifMtimeMs?: number;
}

/** `card.fs`: files in the workspace folder, by paths relative to it. */
export interface CardFs {
  /** Size, type and mtime of a path. */
  stat(path: string): Promise<FsStat>;
  /** Entries of a folder (`""` is the workspace root). */
  list(path?: string, options?: { recursive?: boolean; maxEntries?: number }): Promise<FsListResult>;
  /** A file as text. */
  readText(path: string, options?: FsReadOptions): Promise<string>;
  /** A file as bytes. */
  readBytes(path: string, options?: FsReadOptions): Promise<Uint8Array>;
  /** The raw `fs.read` result. */
  read(path: string, options?: FsReadOptions & { encoding?: 'utf8' | 'base64' }): Promise<FsReadResult>;
  /** Writes text; resolves with the new stat. */
  writeText(path: string, text: string, options?: FsWriteOptions): Promise<FsStat>;
  /** Writes bytes; resolves with the new stat. */
  writeBytes(
    path: string,
    bytes: Uint8Array | ArrayBuffer | ArrayBufferView,
    options?: FsWriteOptions,
  ): Promise<FsStat>;
  /** Creates a folder. */
  mkdir(path: string): Promise<FsStat>;
  /** Moves a path to the trash. */
  trash(path: string): Promise<void>;
  /** Calls `listener` when something under `path` changes; resolves with an async `unwatch`. */
  watch(
    path: string,
    listener: (event: FsChangedEvent) => void,
    options?: { recursive?: boolean },
  ): Promise<() => Promise<void>>;
}

/** Builds `card.fs`, routing `fs.changed` events to their watchers. */
export function createFs(session: CardSession): CardFs {
  const { channel, events } = session;
  const watchers = new Map<string, (event: FsChangedEvent) => void>();

  const deliver = (listener: (event: FsChangedEvent) => void, event: FsChangedEvent): void => {
    try {
      listener(event);
    } catch (error) {
      session.report('fs watcher', error);
    }
  };

  events.intercept('fs.changed', (data) => {
    const event = data as FsChangedEvent;
    const listener = watchers.get(event?.watchId);
    if (!listener) return false;
    deliver(listener, event);
    return true;
  });

  const read = (path: string, options: FsReadOptions & { encoding?: 'utf8' | 'base64' } = {}) =>
    channel.request('fs.read', { path, ...definedFields(options) });

  return {
    stat: (path) => channel.request('fs.stat', { path }),
    list: (path = '', options) => channel.request('fs.list', { path, ...definedFields(options) }),
    readText: async (path, options = {}) => (await read(path, { ...options, encoding: 'utf8' }))?.data,
    async readBytes(path, options = {}) {
      const result = await read(path, { ...options, encoding: 'base64' });
      try {
        return decodeBase64(result?.data);
      } catch {
        throw new CardSdkError('FS_ERROR', 'the app sent file bytes that are not base64', undefined, 'fs.read');
      }
    },
    read,
    writeText: (path, text, options = {}) =>
      channel.request('fs.write', { path, data: text, encoding: 'utf8', ...definedFields(options) }),
    writeBytes: (path, bytes, options = {}) =>
      channel.request('fs.write', { path, data: encodeBase64(bytes), encoding: 'base64', ...definedFields(options) }),
    mkdir: (path) => channel.request('fs.mkdir', { path }),
    async trash(path) {
      await channel.request('fs.trash', { path });
    },
    async watch(path, listener, options) {
      const { watchId } = await channel.request('fs.watch', { path, ...definedFields(options) });
      const entry = (event: FsChangedEvent): void => listener(event);
      watchers.set(watchId, entry);
      const missed = events.takeBuffered('fs.changed', (data) => (data as FsChangedEvent)?.watchId === watchId);
      for (const event of missed) deliver(entry, event as FsChangedEvent);
      return async () => {
        if (watchers.get(watchId) !== entry) return;
        watchers.delete(watchId);
        await channel.request('fs.unwatch', { watchId }).catch(() => undefined);
      };
    },
  };
}
