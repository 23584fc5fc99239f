// The canvas page's one stream of every card's server events (`reload`, `manifest`, `build`, `finding`), each sent
// as `{ card, data }` by src/dev/canvas-server.ts and shared out here to the card it names. A browser keeps at most
// 6 connections to the dev server: one stream per card would stall a canvas of 6 cards.
import { parsed, type DevEventSource } from '../host/dev-server.js';

/** The page's stream, shared out by card. */
export interface CanvasEvents {
  /** Card `index`'s events, as its own stream would carry them; its `close` removes only its listeners. */
  forCard(index: number): DevEventSource;
  /** Closes the stream (the next listener opens it again). */
  close(): void;
}

/** The canvas's stream with its `token`, opened when the first card listens. */
export function createCanvasEvents(token: string): CanvasEvents {
  let source: EventSource | null = null;
  const open = (): EventSource =>
    (source ??= new EventSource(`/__dev/canvas-events?token=${encodeURIComponent(token)}`));
  return {
    forCard(index) {
      const added: [EventSource, string, (event: Event) => void][] = [];
      return {
        addEventListener(type, listener) {
          const relay = (event: Event): void => {
            const { card, data } = parsed(event);
            if (card === index) listener(new MessageEvent(type, { data: JSON.stringify(data ?? {}) }));
          };
          const stream = open();
          added.push([stream, type, relay]);
          stream.addEventListener(type, relay);
        },
        close() {
          for (const [stream, type, relay] of added.splice(0)) stream.removeEventListener(type, relay);
        },
      };
    },
    close() {
      source?.close();
      source = null;
    },
  };
}
