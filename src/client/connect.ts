import { CARD_PROTOCOL_VERSION, SDK_VERSION } from '../contract/constants.js';
import { CardSdkError, isCardSdkError } from '../contract/errors.js';
import * as LIMITS from '../contract/limit-values.js';
import type { CardContext } from '../contract/types.js';
import type { ChannelPort } from '../transport/channel.js';
import { createCardChannel } from './card-channel.js';
import { listenAgain, waitForHost, type HandshakeWindow } from '../transport/handshake.js';
import { createCard, type Card } from './card.js';
import type { ThemeTarget } from './apply-theme.js';

/** Options of {@link connect}. */
export interface ConnectOptions {
  /** Use this port directly and skip the window handshake (how the mock host connects a card). */
  port?: MessagePort | ChannelPort;
  /** The window to wait for the host's handshake in (default the global window). */
  window?: Window | HandshakeWindow;
  /** How long to wait for the host, and then for `host.ready` (default 10000 ms each). */
  timeoutMs?: number;
  /** `false`: leave CSS alone; an element: write the theme variables there; default `<html>`. */
  theme?: false | HTMLElement | ThemeTarget;
  /** Keep `<html lang>` equal to the app language (default true). */
  syncLang?: boolean;
  /** Send uncaught page errors and rejections to the package log (default true). */
  forwardErrors?: boolean;
}

let shared: Promise<Card> | null = null;

/**
 * Connects to the NeuroSquad host and resolves with the `Card`. Without `port` or `window` every call
 * returns the same connection (a failed attempt is forgotten so a later call retries, on the next port the
 * host hands over).
 * @example const card = await connect()
 */
export function connect(options: ConnectOptions = {}): Promise<Card> {
  if (options.port || options.window) return open(options);
  if (!shared) {
    const attempt = open(options);
    shared = attempt;
    attempt.catch(() => {
      if (shared === attempt) shared = null;
    });
  }
  return shared;
}

async function open(options: ConnectOptions): Promise<Card> {
  const timeoutMs = options.timeoutMs ?? LIMITS.readyTimeoutMs;
  // The window the port was handed over in (none for a given port).
  let win: HandshakeWindow | undefined;
  let port = options.port;
  if (!port) {
    win = options.window ?? (typeof window === 'undefined' ? undefined : window);
    if (!win || typeof win.addEventListener !== 'function') {
      throw new CardSdkError(
        'UNAVAILABLE',
        'connect() needs a browser window; in tests use createMockHost() from @neurosquad/card-sdk/testing',
      );
    }
    port = (await waitForHost(win, timeoutMs)).port;
  }
  const channel = createCardChannel(port);
  let context: CardContext;
  try {
    context = await channel.request(
      'host.ready',
      { sdkVersion: SDK_VERSION, protocol: CARD_PROTOCOL_VERSION },
      { timeoutMs },
    );
  } catch (error) {
    channel.close('handshake failed');
    // The port is closed now: a retry waits for the host's next connect message.
    if (win) listenAgain(win);
    if (isCardSdkError(error, 'PROTOCOL_MISMATCH')) {
      throw new CardSdkError(
        'PROTOCOL_MISMATCH',
        `this card speaks card protocol ${CARD_PROTOCOL_VERSION}, which this NeuroSquad does not support yet (${error.hostMessage})`,
        error.data,
        'host.ready',
      );
    }
    throw error;
  }
  // A copy: the card reads its setup later, and the caller's object may change meanwhile.
  return createCard(channel, context, { ...options });
}
