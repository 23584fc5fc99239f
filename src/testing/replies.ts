// Host-initiated exchanges (tool calls, port requests) waiting for the card's answer.
import { CardSdkError } from '../contract/errors.js';

/** A pending host-initiated exchange (tool call or port request) waiting for the card's answer. */
export interface PendingReply {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Waits for the answer under `id`; after `timeoutMs` the exchange is dropped and fails with what `onTimeout` returns. */
export function awaitReply(
  pending: Map<string, PendingReply>,
  id: string,
  timeoutMs: number,
  onTimeout: () => unknown,
): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(onTimeout());
    }, timeoutMs);
    pending.set(id, { resolve, reject, timer });
  });
}

/**
 * Settles the exchange `id` with the card's answer (an error string fails it as INTERNAL); an unknown id is NOT_FOUND,
 * as is any id when nothing was ever waited for (`pending` not made yet).
 */
export function settleReply(
  pending: Map<string, PendingReply> | undefined,
  id: string,
  unknownMessage: string,
  answer: { value: unknown; error?: string | undefined },
): void {
  const entry = pending?.get(id);
  if (!pending || !entry) throw new CardSdkError('NOT_FOUND', unknownMessage);
  pending.delete(id);
  clearTimeout(entry.timer);
  if (answer.error !== undefined) entry.reject(new CardSdkError('INTERNAL', answer.error));
  else entry.resolve(answer.value);
}
