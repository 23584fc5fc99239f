import type { CardContext } from '../contract/types.js';

/** Holds `card.context`: every change replaces it with a new object and tells the listeners. */
export interface ContextStore {
  /** The current context. */
  get(): CardContext;
  /** Replaces fields, producing a new context object, and notifies listeners. */
  update(patch: Partial<CardContext>): void;
  /** Calls `listener` with the new context after every change; returns an unsubscribe function. */
  subscribe(listener: (context: CardContext) => void): () => void;
}

/** Where a context listener's failure goes. */
export interface FailureSink {
  /** Reports a failure of card code under a short label. */
  report(where: string, error: unknown): void;
}

/** Creates the context holder; `failures` receives listener failures. */
export function createContextStore(initial: CardContext, failures: FailureSink): ContextStore {
  let current = initial;
  // Made by the first subscriber: a card that only reads `card.context` keeps no table.
  let listeners: Set<(context: CardContext) => void> | undefined;
  return {
    get: () => current,
    update(patch) {
      current = { ...current, ...patch };
      const snapshot = current;
      for (const listener of [...(listeners ?? [])]) {
        try {
          listener(snapshot);
        } catch (error) {
          failures.report('context listener', error);
        }
      }
    },
    subscribe(listener) {
      const held = (listeners ??= new Set());
      held.add(listener);
      return () => {
        held.delete(listener);
      };
    },
  };
}
