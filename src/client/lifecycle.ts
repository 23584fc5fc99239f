import type { CardSize, CardVisibility } from '../contract/constants.js';
import * as LIMITS from '../contract/limit-values.js';
import type { CardSession } from './session.js';

/** `card.lifecycle`: visibility, expansion, size and suspension of the frame. */
export interface CardLifecycle {
  /** Calls `listener` with the new visibility; returns an unsubscribe function. */
  onVisibility(listener: (state: CardVisibility) => void): () => void;
  /** Calls `listener` when the card is expanded or collapsed. */
  onExpanded(listener: (expanded: boolean) => void): () => void;
  /** Calls `listener` with the new size. */
  onResized(listener: (size: CardSize) => void): () => void;
  /** Runs `handler` before the frame is suspended; a returned promise is awaited up to the grace time. */
  onSuspend(handler: (graceMs: number) => unknown): () => void;
}

/** `card.lifecycle` plus the suspend runner the card uses on `lifecycle.suspend`. */
export interface CardLifecycleRuntime extends CardLifecycle {
  /** Runs every suspend handler; resolves when all settle or `graceMs` passes. */
  runSuspend(graceMs: number): Promise<void>;
}

/** Builds `card.lifecycle`. */
export function createLifecycle(session: CardSession): CardLifecycleRuntime {
  const { events } = session;
  const suspendHandlers = new Set<(graceMs: number) => unknown>();

  const runSuspend = (graceMs: number): Promise<void> => {
    const runs = [...suspendHandlers].map((handler) =>
      Promise.resolve()
        .then(() => handler(graceMs))
        .catch((error: unknown) => session.report('suspend handler', error)),
    );
    if (runs.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      void Promise.allSettled(runs).then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  };

  events.intercept('lifecycle.suspend', (data) => {
    const grace = (data as { graceMs?: unknown } | null)?.graceMs;
    void runSuspend(typeof grace === 'number' && grace >= 0 ? grace : LIMITS.suspendGraceMs);
  });

  return {
    onVisibility: (listener) =>
      events.on('lifecycle.visibility', (data) => listener((data as { state: CardVisibility }).state)),
    onExpanded: (listener) =>
      events.on('lifecycle.expanded', (data) => listener((data as { expanded: boolean }).expanded)),
    onResized: (listener) => events.on('lifecycle.resized', (data) => listener(data as CardSize)),
    onSuspend(handler) {
      // Wrap so one function can be registered twice and removed per registration.
      const entry = (graceMs: number): unknown => handler(graceMs);
      suspendHandlers.add(entry);
      return () => {
        suspendHandlers.delete(entry);
      };
    },
    runSuspend,
  };
}
