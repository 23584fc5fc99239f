// The host's own dialogs (confirm, open link, permission request) waiting for the person to answer them.
import type { MockConfirmRequest } from '../../src/testing/index.js';

/** A dialog the host shows over the whole window. */
export type HostDialog =
  | { id: number; kind: 'confirm'; title: string; message: string }
  | { id: number; kind: 'open-link'; url: string }
  | { id: number; kind: 'permissions'; ids: string[] };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What answers a dialog: yes or no, or the permission ids granted. */
type DialogAnswer = boolean | string[];

/** The open dialogs, oldest first, with the means to ask and to answer. */
export interface HostDialogs {
  /** The open dialogs, oldest first (a new array after each change). */
  list(): readonly HostDialog[];
  /** Called after a dialog opened or was answered; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Shows a confirm or open-link dialog; resolves with the answer. */
  confirm(request: MockConfirmRequest): Promise<boolean>;
  /** Shows a permission request; resolves with the ids granted. */
  requestPermissions(ids: string[]): Promise<string[]>;
  /** Answers an open dialog (a no-op for one already answered). */
  answer(id: number, answer: DialogAnswer): void;
}

/** Creates the queue of host dialogs the mock host's `confirm` and `requestPermissions` open. */
export function createHostDialogs(): HostDialogs {
  let open: HostDialog[] = [];
  const waiting = new Map<number, (answer: DialogAnswer) => void>();
  const listeners = new Set<() => void>();
  let next = 0;
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const ask = (dialog: DistributiveOmit<HostDialog, 'id'>): Promise<DialogAnswer> => {
    next += 1;
    const entry = { ...dialog, id: next };
    open = [...open, entry];
    changed();
    return new Promise((resolve) => waiting.set(entry.id, resolve));
  };
  return {
    list: () => open,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async confirm(request) {
      const dialog =
        request.type === 'confirm'
          ? { kind: 'confirm' as const, title: request.title, message: request.message }
          : { kind: 'open-link' as const, url: request.url };
      return (await ask(dialog)) === true;
    },
    async requestPermissions(ids) {
      const answer = await ask({ kind: 'permissions', ids: [...ids] });
      return Array.isArray(answer) ? answer.filter((id) => ids.includes(id)) : [];
    },
    answer(id, answer) {
      const resolve = waiting.get(id);
      if (!resolve) return;
      waiting.delete(id);
      open = open.filter((dialog) => dialog.id !== id);
      changed();
      resolve(answer);
    },
  };
}
