import type { CardContext } from '../contract/types.js';
import type { CardChannel } from './card-channel.js';
import { createContextStore, type ContextStore } from './context-store.js';
import { createEventRouter, type EventRouter } from './event-router.js';
import { createLog, formatLogValue, type CardLog } from './log.js';

/** What every part of a card shares: the channel, the context, the event router and the log. */
export interface CardSession {
  /** The request channel to the host. */
  readonly channel: CardChannel;
  /** `card.context` and its listeners. */
  readonly context: ContextStore;
  /** Host events. */
  readonly events: EventRouter;
  /** `card.log`. */
  readonly log: CardLog;
  /** Prints a failure of card code and sends it to the package log. */
  report(where: string, error: unknown): void;
}

/** Builds the shared session for a connected channel and its first context. */
export function createSession(channel: CardChannel, initial: CardContext): CardSession {
  const log = createLog(channel);
  const report = (where: string, error: unknown): void => {
    console.error(`[card-sdk] ${where}:`, error);
    log.error(`${where}: ${formatLogValue(error)}`);
  };
  const context = createContextStore(initial, report);
  const events = createEventRouter(channel, log, report);
  return {
    channel,
    context,
    events,
    log,
    report,
  };
}
