import type { ServerResponse } from 'node:http';

/** Server-Sent Events to every open dev page: `reload`, `manifest` and `build`. */
export interface EventStream {
  /** Keeps `response` open as an event stream until the page or the stream closes it. */
  attach(response: ServerResponse): void;
  /** Sends one event with JSON data to every attached page and listener. */
  send(event: string, data: unknown): void;
  /** Tells `listener` each event sent from now on (a canvas relays a card's events on its page-wide stream). */
  listen(listener: (event: string, data: unknown) => void): () => void;
  /** How many pages are attached. */
  readonly size: number;
  /** Ends every stream. */
  close(): void;
}

/** Creates an event stream; a comment line every `keepAliveMs` keeps idle connections open. */
export function createEventStream(keepAliveMs = 15_000): EventStream {
  const clients = new Set<ServerResponse>();
  const listeners = new Set<(event: string, data: unknown) => void>();
  const timer = setInterval(() => {
    for (const client of clients) client.write(': keep-alive\n\n');
  }, keepAliveMs);
  timer.unref();
  return {
    attach(response) {
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      response.write('retry: 500\n\n');
      clients.add(response);
      response.on('close', () => clients.delete(response));
    },
    send(event, data) {
      const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const client of clients) client.write(frame);
      for (const listener of [...listeners]) listener(event, data);
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get size() {
      return clients.size;
    },
    close() {
      clearInterval(timer);
      for (const client of clients) client.end();
      clients.clear();
      listeners.clear();
    },
  };
}
