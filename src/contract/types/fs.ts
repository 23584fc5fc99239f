// Workspace files: stats, listings, reads and change events.

/** File or folder. */
export type FsEntryType = 'file' | 'directory';

/** File encodings of `fs.read` / `fs.write`. */
export type FsEncoding = 'utf8' | 'base64';

/** Result of `fs.stat`, `fs.write`, `fs.mkdir`. */
export interface FsStat {
  path: string;
  type: FsEntryType;
  size: number;
  mtimeMs: number;
}

/** One entry of `fs.list`. */
export interface FsEntry {
  path: string;
  type: FsEntryType;
  size?: number;
}

/** Result of `fs.list`. */
export interface FsListResult {
  entries: FsEntry[];
  truncated: boolean;
}

/** Result of `fs.read`. */
export interface FsReadResult {
  data: string;
  encoding: FsEncoding;
  size: number;
  truncated: boolean;
}

/** `fs.changed`: a watched path changed. */
export interface FsChangedEvent {
  watchId: string;
  path: string;
  type: string;
}
