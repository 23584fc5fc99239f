import type { QueryClient } from '@tanstack/react-query';
import type { StoreApi } from 'zustand/vanilla';
import type { Card, CardContext, CardEventName, CardEvents } from '../src/index.js';
import { agentsFeed } from './agents-feed.js';
import { createAgentsObserver, type AgentsObserver } from './agents-observer.js';
import type { ChromeClaims } from './chrome-claims.js';
import { cardQueryKeys } from './query-keys.js';

/** A shared host subscription that hooks start on first use and stop when the last user leaves. */
type CardFeed = (runtime: CardRuntime) => () => void;

/** The card context as a read-only zustand store: a view over `card.context` and `card.onContextChange`. */
type ContextStore = Pick<StoreApi<CardContext>, 'getState' | 'getInitialState' | 'subscribe'>;

/** What `CardProvider` hands to every hook: the card, a view of its context, the query cache and per-card state. */
export interface CardRuntime {
  readonly card: Card;
  /** The client's own context, read through selectors (not a copy). */
  readonly contextStore: ContextStore;
  /** The cache of host data, kept current by host events. */
  readonly queryClient: QueryClient;
  /** The cached agent list, handed to each reader per agent id (created on first use). */
  readonly agents: AgentsObserver;
  /** Storage writes in flight, per `storageWriteKey` (a `storage.changed` re-read must not undo them). */
  readonly storageWrites: Map<string, number>;
  /** Which mounted chrome hook holds each chrome field (`card.setTitle`, …). */
  readonly chromeClaims: Map<string, ChromeClaims>;
  /** Keeps agent events flowing while the cached agent list has observers; returns the stop. */
  attach(): () => void;
  /** Starts `feed` unless it runs already; the returned release stops it after its last user leaves. */
  retain(feed: CardFeed): () => void;
  /** Listens to a host event through one shared `card.on` per event (released like a feed). */
  listen<E extends CardEventName>(event: E, listener: (data: CardEvents[E]) => void): () => void;
}

interface FeedState {
  users: number;
  stop: (() => void) | null;
}

/** A read-only zustand store over the client's context holder. */
function contextView(card: Card): ContextStore {
  return {
    getState: () => card.context,
    getInitialState: () => card.context,
    subscribe(listener) {
      let previous = card.context;
      return card.onContextChange((context) => {
        const before = previous;
        previous = context;
        listener(context, before);
      });
    },
  };
}

/** Builds the runtime for one card. Pure: nothing listens until `attach` or `retain` is called. */
export function createCardRuntime(card: Card, queryClient: QueryClient): CardRuntime {
  const feeds = new Map<CardFeed, FeedState>();
  const listeners = new Map<CardEventName, Set<(data: never) => void>>();
  const eventFeeds = new Map<CardEventName, CardFeed>();
  const eventFeed = (event: CardEventName): CardFeed => {
    let feed = eventFeeds.get(event);
    if (!feed) {
      feed = () =>
        card.on(event, (data) => {
          for (const listener of [...(listeners.get(event) ?? [])]) (listener as (data: unknown) => void)(data);
        });
      eventFeeds.set(event, feed);
    }
    return feed;
  };
  let agents: AgentsObserver | null = null;

  const runtime: CardRuntime = {
    card,
    contextStore: contextView(card),
    queryClient,
    get agents() {
      agents ??= createAgentsObserver(card, queryClient);
      return agents;
    },
    storageWrites: new Map(),
    chromeClaims: new Map(),
    attach() {
      // Any observer of the agent list (the hooks, or a card's own `useQuery(agentsQueryOptions(card))`) keeps
      // the agent events flowing into it.
      const cache = queryClient.getQueryCache();
      const agentsQuery = () => cache.find({ queryKey: cardQueryKeys.agents(), exact: true });
      let release: (() => void) | null = null;
      const follow = () => {
        const observed = (agentsQuery()?.getObserversCount() ?? 0) > 0;
        if (observed && !release) release = runtime.retain(agentsFeed);
        else if (!observed && release) {
          release();
          release = null;
        }
      };
      const off = cache.subscribe((event) => {
        if (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'removed') {
          if (event.query === agentsQuery() || event.type === 'removed') follow();
        }
      });
      follow();
      return () => {
        off();
        release?.();
      };
    },
    retain(feed) {
      let state = feeds.get(feed);
      if (!state) {
        state = { users: 0, stop: null };
        feeds.set(feed, state);
      }
      state.users += 1;
      state.stop ??= feed(runtime);
      const held = state;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.users -= 1;
        // Deferred so a StrictMode unmount-and-remount keeps one host subscription instead of two.
        queueMicrotask(() => {
          if (held.users > 0 || !held.stop || feeds.get(feed) !== held) return;
          const stop = held.stop;
          held.stop = null;
          feeds.delete(feed);
          stop();
        });
      };
    },
    listen(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      const added = listener as (data: never) => void;
      set.add(added);
      const release = runtime.retain(eventFeed(event));
      return () => {
        set.delete(added);
        release();
      };
    },
  };
  return runtime;
}
