/**
 * Starts `start` on the first hold and stops it a microtask after the last release, so a StrictMode
 * unmount-and-remount (release, then hold again in the same task) keeps one host subscription instead of two.
 * `hold(remove)` runs `remove` (a listener's removal) first when the hold is released.
 */
export function createLease(start: () => () => void): {
  hold: (remove?: () => void) => () => void;
  readonly held: boolean;
} {
  let holders = 0;
  let stop: (() => void) | null = null;
  return {
    hold(remove) {
      holders += 1;
      stop ??= start();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        remove?.();
        holders -= 1;
        queueMicrotask(() => {
          if (holders > 0 || !stop) return;
          const end = stop;
          stop = null;
          end();
        });
      };
    },
    get held() {
      return holders > 0;
    },
  };
}

/** A set of change listeners: `subscribe` adds one (returns its removal), `notify` calls each. */
export function createListeners(): { subscribe: (listener: () => void) => () => void; notify: () => void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
  };
}
