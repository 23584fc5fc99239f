/** Listeners told, once per microtask at most, that the mock host's records or state changed. */
export interface ChangeFeed {
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: () => void): () => void;
  /** Schedules one call of every listener (changes in the same task are batched). */
  notify(): void;
}

/** Creates a change feed; a listener that throws does not keep the others from running. */
export function createChangeFeed(): ChangeFeed {
  // Made by the first subscriber: every mock host has a feed, most tests never watch it.
  let listeners: Set<() => void> | undefined;
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    for (const listener of [...(listeners ?? [])]) {
      try {
        listener();
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };
  return {
    subscribe(listener) {
      const held = (listeners ??= new Set());
      held.add(listener);
      return () => void held.delete(listener);
    },
    notify() {
      if (scheduled || !listeners?.size) return;
      scheduled = true;
      queueMicrotask(flush);
    },
  };
}
