/** How long Vite's file watcher (chokidar) passes on only the first change of a file and drops the others. */
export const WATCHER_CHANGE_WINDOW_MS = 50;

/** The part of Vite's file watcher that passing on a dropped save needs. */
export interface ChangeWatcher {
  on(event: 'change', listener: (file: string) => void): unknown;
  emit(event: 'change', file: string): boolean;
}

/** What dev's own folder watch tells about each save. */
export interface DroppedSaves {
  /** Dev's folder watch saw `file` (absolute) change. */
  saw(file: string): void;
  /** Cancels what is still to be passed on (dev is stopping). */
  stop(): void;
}

/**
 * Passes on to Vite the saves its file watcher drops. The watcher passes on one change per file every 50 ms and
 * drops the rest, so a save close behind another (a format-on-save, a quick fix) would never reach the frame, which
 * would go on running the older code. Dev's own folder watch sees every save: one that comes within that window
 * after the watcher's last change of the file is passed on when the window is over, unless a newer one got through.
 * A save that wrote in several pieces may be passed on twice: an update to the same code is harmless, a lost one is
 * not.
 */
export function passDroppedSaves(watcher: ChangeWatcher, now: () => number = () => performance.now()): DroppedSaves {
  const passedAt = new Map<string, number>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  watcher.on('change', (file) => passedAt.set(file, now()));
  return {
    saw(file) {
      const last = passedAt.get(file);
      if (last === undefined) return;
      const since = now() - last;
      if (since >= WATCHER_CHANGE_WINDOW_MS) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (passedAt.get(file) === last) watcher.emit('change', file);
        },
        // Just past the window's end, when the watcher takes changes of the file again.
        WATCHER_CHANGE_WINDOW_MS - since + 5,
      );
      timers.add(timer);
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
