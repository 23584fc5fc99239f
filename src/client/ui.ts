import type { CardTone } from '../contract/constants.js';
import type { ConfirmRequest, MenuItem } from '../contract/types.js';
import type { CardSession } from './session.js';
import { definedFields } from './defined-fields.js';

/** A menu entry with an optional click handler (the handler stays in the card). */
export interface CardMenuItem extends MenuItem {
  onSelect?: () => void;
}

/** The tone and duration of a toast. */
export interface ToastOptions {
  /** Colour of the toast. */
  tone?: CardTone;
  /** How long the toast stays, in ms. */
  durationMs?: number;
}

/** `card.ui`: toasts, confirmations and the card menu. */
export interface CardUi {
  /** Shows a short message in the app. */
  toast(message: string, options?: ToastOptions): Promise<void>;
  /** Asks the user in the app's own dialog; resolves with their answer. */
  confirm(request: ConfirmRequest): Promise<boolean>;
  /** Replaces the card menu; each item's `onSelect` runs when it is clicked. */
  setMenu(items: CardMenuItem[]): Promise<void>;
  /** Calls `listener` with the id of every clicked menu item; returns an unsubscribe function. */
  onMenu(listener: (id: string) => void): () => void;
}

/** Builds `card.ui`. */
export function createUi(session: CardSession): CardUi {
  const { channel, events } = session;
  let handlers = new Map<string, () => void>();

  events.intercept('ui.menu', (data) => {
    const id = (data as { id?: unknown } | null)?.id;
    const handler = typeof id === 'string' ? handlers.get(id) : undefined;
    if (!handler) return false;
    try {
      handler();
    } catch (error) {
      session.report(`menu item ${String(id)}`, error);
    }
    return false;
  });

  return {
    async toast(message, options) {
      await channel.request('ui.toast', { message, ...definedFields(options) });
    },
    async confirm(request) {
      // Only undefined fields are dropped, so the required title and message stay.
      const result = await channel.request('ui.confirm', definedFields(request) as ConfirmRequest);
      return result?.confirmed === true;
    },
    async setMenu(items) {
      const next = new Map<string, () => void>();
      const wire = items.map(({ onSelect, ...item }) => {
        if (onSelect) next.set(item.id, onSelect);
        return definedFields(item);
      });
      await channel.request('ui.setMenu', { items: wire });
      handlers = next;
    },
    onMenu(listener) {
      return events.on('ui.menu', (data) => listener((data as { id: string }).id));
    },
  };
}
