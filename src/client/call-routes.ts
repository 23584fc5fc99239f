// Where calls from the host (tool calls, port requests) go: the handler the card registered for their name, or a
// wait for one until shortly before their deadline.
import { delayUntil } from './deadline.js';

/** The handlers of one kind of inbound call, and the calls that arrived before theirs. */
export interface CallRoutes<T extends { deadline: number }, H> {
  /** Runs `call` with the handler of `key`, or keeps it until `deadline - marginMs` and then hands it to `expire`. */
  route(call: T, key: string, marginMs?: number, expire?: (call: T) => void): void;
  /**
   * Registers `handler` for `key` (throwing `Error(duplicate)` when one is registered) and runs the calls that
   * wait for it, oldest first; returns the function that removes it.
   */
  handle(key: string, handler: H, duplicate: string): () => void;
  /** Forgets the waiting calls `match` takes. */
  drop(match: (call: T) => boolean): void;
}

/** Creates the routes of one kind of call; `run` answers a call with its handler. */
export function createCallRoutes<T extends { deadline: number }, H>(
  run: (call: T, handler: H) => void,
): CallRoutes<T, H> {
  const handlers = new Map<string, H>();
  const waiting = new Set<[T, string, ReturnType<typeof setTimeout>]>();
  const take = (match: (call: T, key: string) => boolean): T[] => {
    const taken: T[] = [];
    for (const entry of waiting) {
      if (!match(entry[0], entry[1])) continue;
      waiting.delete(entry);
      clearTimeout(entry[2]);
      taken.push(entry[0]);
    }
    return taken;
  };
  return {
    route(call, key, marginMs = 0, expire) {
      const handler = handlers.get(key);
      if (handler) return run(call, handler);
      const entry: [T, string, ReturnType<typeof setTimeout>] = [
        call,
        key,
        setTimeout(
          () => {
            waiting.delete(entry);
            expire?.(call);
          },
          delayUntil(call.deadline - marginMs),
        ),
      ];
      waiting.add(entry);
    },
    handle(key, handler, duplicate) {
      if (handlers.has(key)) throw new Error(duplicate);
      handlers.set(key, handler);
      for (const call of take((_, waitingKey) => waitingKey === key)) run(call, handler);
      return () => {
        if (handlers.get(key) === handler) handlers.delete(key);
      };
    },
    drop: take,
  };
}
