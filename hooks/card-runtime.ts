import type { QueryClient } from '@tanstack/react-query';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Card, CardContext, CardEventName, CardEvents } from '../src/index.js';

/** A shared host subscription that hooks start on first use and stop when the last user leaves. */
export type CardFeed = (runtime: CardRuntime) => () => void;

/** What `CardProvider` hands to every hook: the card, its context store and the query cache. */
export interface CardRuntime {
  /** The connected card. */
  readonly card: Card;
  /** The card context, replaced on every change (read it through selectors). */
  readonly contextStore: StoreApi<CardContext>;
  /** The cache of host data, kept current by host events. */
  readonly queryClient: QueryClient;
  /** Feeds `card.onContextChange` into the store; returns the unsubscribe. */
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

/** Builds the runtime for one card. Pure: nothing listens until `attach` or `retain` is called. */
export function createCardRuntime(card: Card, queryClient: QueryClient): CardRuntime {
  const contextStore = createStore<CardContext>()(() => card.context);
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

  const runtime: CardRuntime = {
    card,
    contextStore,
    queryClient,
    attach() {
      // The context may have changed between render and this effect.
      if (contextStore.getState() !== card.context) contextStore.setState(card.context, true);
      return card.onContextChange((context) => contextStore.setState(context, true));
    },
    retain(feed) {
      let state = feeds.get(feed);
      if (!state) {
        state = { users: 0, stop: null };
        feeds.set(feed, state);
      }
      state.users += 1;
      if (!state.stop) state.stop = feed(runtime);
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
