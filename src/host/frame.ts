import { CARD_PROTOCOL_VERSION, NS } from '../contract/constants.js';
import { serveCardPort } from './engine.js';
import type { CardHostBindings, CardPortServer } from './engine.js';

/** The window of a card frame, as far as the handshake needs it. */
export interface CardFrameWindow {
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
}

/** Options of {@link serveCardFrame}. */
export interface CardFrameOptions {
  /** The protocol announced in the handshake (default the SDK's). */
  protocol?: number;
  /** Where the handshake may go; sandboxed frames have an opaque origin, hence `*` by default. */
  targetOrigin?: string;
}

/**
 * Hands a card frame its channel (the `connect` window message carrying a MessagePort) and serves it.
 * @example const server = serveCardFrame(iframe.contentWindow!, bindings)
 */
export function serveCardFrame(
  frame: CardFrameWindow,
  bindings: CardHostBindings,
  options: CardFrameOptions = {},
): CardPortServer {
  const channel = new MessageChannel();
  const server = serveCardPort(channel.port1, bindings);
  frame.postMessage(
    { ns: NS, type: 'connect', protocol: options.protocol ?? CARD_PROTOCOL_VERSION },
    options.targetOrigin ?? '*',
    [channel.port2],
  );
  return server;
}
