import type { CardContext } from '../contract/types.js';
import type { CardChannel } from './card-channel.js';
import { createContextStore, type ContextStore } from './context-store.js';
import { createEventRouter, type EventRouter } from './event-router.js';
import type { ChromeState } from './chrome.js';
import { createLog, formatLogValue, type CardLog } from './log.js';

/** A card method written once for every card: `this` is the card's session (each card binds its own copy). */
export type SessionMethod<F> = F extends (...args: infer A) => infer R ? (this: CardSession, ...args: A) => R : never;

/**
 * What every part of a card shares: the channel, the context, the event router and the log. One object per card,
 * its methods on the class: a connected card keeps no closures here, and builds its log on first use.
 */
export class CardSession {
  // Declared, not defined: the fields are set where they are first known, and the bundle carries no field list.
  /** The request channel to the host. */
  declare readonly channel: CardChannel;
  /** `card.context` and its listeners. */
  declare readonly context: ContextStore;
  /** Host events. */
  declare readonly events: EventRouter;
  /** What the chrome calls (`setTitle`, `setStatus`, ...) keep, owned by `chrome.ts`: made by the first of them. */
  declare chrome?: ChromeState;
  /** Undoes what the card installed on the page (error forwarding); run by `close()`. */
  declare stopForwarding?: () => void;
  declare private builtLog?: CardLog;

  constructor(channel: CardChannel, initial: CardContext) {
    this.channel = channel;
    this.context = createContextStore(initial, this);
    this.events = createEventRouter(this);
  }

  /** `card.log`, made on first use: a card that never logs keeps none. */
  get log(): CardLog {
    return (this.builtLog ??= createLog(this.channel));
  }

  /** Prints a failure of card code and sends it to the package log. */
  report(where: string, error: unknown): void {
    console.error(`[card-sdk] ${where}:`, error);
    this.log.error(`${where}: ${formatLogValue(error)}`);
  }
}
