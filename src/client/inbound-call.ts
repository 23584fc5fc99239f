// A call the host makes into the card (a tool call, a port request): run the card's handler under the call's
// deadline and answer exactly once, unless the deadline passed, the call was cancelled or the channel closed.
import { errorMessage } from '../contract/error-message.js';
import { abortAtDeadline, type DeadlineSignal } from './deadline.js';

/** How one kind of inbound call is answered. */
export interface InboundAnswer {
  /** Epoch ms after which the answer is useless; the handler's signal aborts then with `TIMEOUT`. */
  readonly deadline: number;
  /** The `TIMEOUT` message of that abort. */
  readonly lateMessage: string;
  /** Longest error text sent back, in characters. */
  readonly errorChars: number;
  /** Put before the reason when the handler's value cannot be sent. */
  readonly invalidPrefix: string;
  /** Sends the handler's value as the answer; a throw or a rejection is answered as an invalid value. */
  send(value: unknown): Promise<unknown>;
  /** Sends an error text as the answer. */
  sendError(message: string): void;
  /** Runs once the handler settled, before anything is sent. */
  onSettled?(): void;
  /** Sees the text of the handler's own failure before it is sent. */
  onFailure?(message: string): void;
}

/** Runs `handler` for one inbound call and answers it as `answer` says; returns the call's deadline signal. */
export function answerInbound(
  channel: { readonly closed: boolean },
  answer: InboundAnswer,
  handler: (timing: DeadlineSignal) => unknown,
): DeadlineSignal {
  const timing = abortAtDeadline(answer.deadline, answer.lateMessage);
  const settled = (): boolean => {
    timing.clear();
    answer.onSettled?.();
    return !timing.signal.aborted && !channel.closed;
  };
  const invalid = (error: unknown): void => {
    if (channel.closed) return;
    answer.sendError(`${answer.invalidPrefix}${errorMessage(error)}`.slice(0, answer.errorChars));
  };
  void Promise.resolve()
    .then(() => handler(timing))
    .then(
      (value) => {
        if (!settled()) return;
        let sent: Promise<unknown>;
        try {
          sent = answer.send(value);
        } catch (error) {
          invalid(error);
          return;
        }
        sent.catch(invalid);
      },
      (error: unknown) => {
        if (!settled()) return;
        const message = errorMessage(error);
        answer.onFailure?.(message);
        answer.sendError(message.slice(0, answer.errorChars));
      },
    );
  return timing;
}
