import { watch, readdirSync, type FSWatcher } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** A running watch over a card folder. */
export interface FolderWatch {
  /** Stops watching. */
  close(): void;
}

/** Folders `dev` never watches: dependencies, version control and other dot folders. */
function ignoredFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * Watches `root` and every folder below it (but `node_modules/` and dot folders), one watcher per folder, and
 * follows folders that appear or go; calls `onChange` with the changed path relative to `root` (`/`-separated).
 */
export function watchFolder(root: string, onChange: (path: string) => void): FolderWatch {
  const watchers = new Map<string, FSWatcher>();
  let closed = false;

  const forget = (folder: string): void => {
    for (const [path, watcher] of watchers) {
      if (path === folder || path.startsWith(folder + sep)) {
        watcher.close();
        watchers.delete(path);
      }
    }
  };

  const add = (folder: string): void => {
    if (closed || watchers.has(folder)) return;
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      forget(folder);
      return;
    }
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) => {
        const changed = name === null ? folder : join(folder, name.toString());
        // A folder may have appeared (watch it) or gone (stop watching it and what was below it).
        rescan(folder);
        const path = relative(root, changed).split(sep).join('/');
        if (!path.split('/').some(ignoredFolder)) onChange(path);
      });
    } catch {
      return;
    }
    watcher.on('error', () => forget(folder));
    watchers.set(folder, watcher);
    for (const entry of entries) {
      if (entry.isDirectory() && !ignoredFolder(entry.name)) add(join(folder, entry.name));
    }
  };

  const rescan = (folder: string): void => {
    let names: Set<string>;
    try {
      names = new Set(
        readdirSync(folder, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && !ignoredFolder(entry.name))
          .map((entry) => entry.name),
      );
    } catch {
      forget(folder);
      return;
    }
    for (const path of [...watchers.keys()]) {
      const parent = path.slice(0, path.lastIndexOf(sep));
      if (parent === folder && !names.has(path.slice(parent.length + 1))) forget(path);
    }
    for (const name of names) add(join(folder, name));
  };

  add(root);
  return {
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
