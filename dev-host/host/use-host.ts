// Re-renders a component when the mock host's records, chrome or state change (its change feed).
import { useSyncExternalStore } from 'react';
import type { PanelHost } from './panel-host.js';

interface Versioned {
  version: number;
  subscribe: (listener: () => void) => () => void;
}

const feeds = new WeakMap<PanelHost, Versioned>();

function versioned(host: PanelHost): Versioned {
  let feed = feeds.get(host);
  if (!feed) {
    const listeners = new Set<() => void>();
    const made: Versioned = {
      version: 0,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    host.subscribe(() => {
      made.version += 1;
      for (const listener of [...listeners]) listener();
    });
    feeds.set(host, made);
    feed = made;
  }
  return feed;
}

/** The host's change count: read the host's records in a component that calls this, and it stays current. */
export function useHostVersion(host: PanelHost): number {
  const feed = versioned(host);
  return useSyncExternalStore(feed.subscribe, () => feed.version);
}
