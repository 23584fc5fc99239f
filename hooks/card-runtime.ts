import type { QueryClient } from '@tanstack/react-query';
import type { Card, CardEventName, CardEvents, StorageScope } from '../src/index.js';
import {
  createAgentsModel,
  createChromeClaims,
  createStorageModel,
  type AgentsModel,
  type ChromeClaims,
  type StorageModel,
} from '../src/live/index.js';
import { followQueryCache, mirrorStoredValue } from './query-cache-bridge.js';

/** What `CardProvider` hands to every hook: the card, its live models and the query cache. */
export interface CardRuntime {
  readonly card: Card;
  /**
   * The cache of host reads that are not live models (replies, usage, capabilities, port answers): the one given to
   * `CardProvider`, else one made by `make` on first use, so a card whose hooks never read through a cache does not
   * bundle TanStack Query's cache.
   */
  queryClient(make?: () => QueryClient): QueryClient;
  /** The agent list, handed to each reader per agent id. */
  readonly agents: AgentsModel;
  /** The model of one stored key, shared by every reader of it. */
  storage(scope: StorageScope, key: string): StorageModel;
  /** Which mounted chrome hook holds each chrome field (`card.setTitle`, …). */
  readonly chromeClaims: ChromeClaims;
  /** While attached, the query cache is mounted and shares reads with the live models; returns the stop. */
  attach(): () => void;
  /** Listens to a host event through one shared `card.on` per event, kept a microtask after the last user leaves. */
  listen<E extends CardEventName>(event: E, listener: (data: CardEvents[E]) => void): () => void;
}

/** Builds the runtime for one card. Pure: nothing listens until a hook subscribes or `attach` is called. */
export function createCardRuntime(card: Card, given?: QueryClient): CardRuntime {
  const listeners = new Map<CardEventName, { set: Set<(data: never) => void>; stop: (() => void) | null }>();
  const stored = new Map<string, StorageModel>();
  const agents = createAgentsModel(card);
  let client = given ?? null;
  let attached = 0;
  let stopClient: (() => void) | null = null;
  const startClient = () => {
    if (!client || stopClient || attached === 0) return;
    const started = client;
    started.mount();
    const off = followQueryCache(card, started, agents, (scope, key) => stored.get(`${scope}\u0000${key}`));
    stopClient = () => {
      off();
      started.unmount();
    };
  };
  return {
    card,
    agents,
    queryClient(make) {
      if (!client) {
        if (!make) throw new Error('no query cache: pass queryClient to <CardProvider>');
        client = make();
        startClient();
      }
      return client;
    },
    chromeClaims: createChromeClaims(),
    storage(scope, key) {
      const id = `${scope}\u0000${key}`;
      let model = stored.get(id);
      if (!model) {
        const inner = createStorageModel(card, key, scope);
        // Each change also lands in the query cache, for an app reading `cardQueryKeys.storage(…)` itself.
        const write = mirrorStoredValue(() => client, scope, key, inner);
        model = {
          ...inner,
          subscribe: (listener) =>
            inner.subscribe(() => {
              write();
              listener();
            }),
        };
        stored.set(id, model);
      }
      return model;
    },
    attach() {
      attached += 1;
      startClient();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        attached -= 1;
        if (attached > 0) return;
        stopClient?.();
        stopClient = null;
      };
    },
    listen(event, listener) {
      let entry = listeners.get(event);
      if (!entry) {
        entry = { set: new Set(), stop: null };
        listeners.set(event, entry);
      }
      const held = entry;
      const added = listener as (data: never) => void;
      held.set.add(added);
      held.stop ??= card.on(event, (data) => {
        for (const each of [...held.set]) (each as (data: unknown) => void)(data);
      });
      return () => {
        held.set.delete(added);
        // Deferred so a StrictMode unmount-and-remount keeps one host subscription instead of two.
        queueMicrotask(() => {
          if (held.set.size > 0 || !held.stop) return;
          held.stop();
          held.stop = null;
        });
      };
    },
  };
}
