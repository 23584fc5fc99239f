// The window handshake: how a card frame gets the MessagePort its channel runs over.
//
//   1. At module load the card's window starts listening for `message` events (the host may post before the
//      card calls `connect()`).
//   2. The host makes a MessageChannel, keeps one end and posts `{ ns: "nscard", type: "connect", protocol }` to
//      the frame with the other end transferred (`serveCardFrame` in the host engine).
//   3. The card accepts only a message from `window.parent` with that `ns`, `type`, a numeric `protocol` and a
//      port, and holds it as the handoff; anything else is ignored. Each handoff goes to one attempt only.
//   4. `connect()` takes the held handoff or waits for the next (`waitForHost`), failing with UNAVAILABLE
//      after its timeout.
//   5. Over the port the card sends `host.ready { sdkVersion, protocol }`; the host answers with the context
//      (or PROTOCOL_MISMATCH), and refuses every other method with NOT_READY until then.
//   6. If that fails, the card closes the port and listens again (`listenAgain`): a retry waits for a fresh
//      `connect` message and never reuses the closed port.
import { CardSdkError } from '../contract/errors.js';
import { NS } from '../contract/constants.js';
import type { ChannelPort } from './channel.js';
import { watchLimits } from './deadline.js';

/** The window features the handshake needs (a real `Window` fits). */
export interface HandshakeWindow {
  parent: unknown;
  addEventListener(type: 'message', listener: (event: HandshakeMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: HandshakeMessageEvent) => void): void;
}

/** The parts of a window `message` event the handshake reads. */
export interface HandshakeMessageEvent {
  source?: unknown;
  data?: unknown;
  ports?: ArrayLike<unknown>;
}

/** What the host handed over: the channel port and the host's protocol number. */
export interface HostHandoff {
  port: ChannelPort;
  protocol: number;
}

interface HandshakeState {
  /** A handoff that arrived and was not taken yet. */
  handoff: HostHandoff | null;
  /** Waiting connection attempts, oldest first; each takes one handoff. */
  waiters: Array<(handoff: HostHandoff) => void>;
  /** Listens for the next `connect` message (no-op while listening or while a handoff is held). */
  arm(): void;
}

const states = new WeakMap<object, HandshakeState>();

// The message for a page that is not inside a card frame.
const NOT_FRAMED =
  'this page is not inside a NeuroSquad card frame — run it on the local dev host (npx neurosquad-card dev) or preview it with createMockHost()';

/** True when `win` can take part in a handshake (has listeners and a parent other than itself). */
function framed(win: HandshakeWindow): boolean {
  return (
    typeof win.addEventListener === 'function' && win.parent !== win && win.parent !== null && win.parent !== undefined
  );
}

/**
 * Starts listening for the host's `connect` message in `win` (once per window) and returns the window's state
 * (none when `win` is not framed). Only a message from `win.parent` with `ns: "nscard"`, `type: "connect"`, a
 * numeric `protocol` and a port is accepted; the listener is removed once the message was captured and nobody
 * else waits for one.
 */
function stateOf(win: HandshakeWindow): HandshakeState | undefined {
  const state = states.get(win);
  if (state || !framed(win)) return state;
  let listening = false;
  const listener = (event: HandshakeMessageEvent): void => {
    const parent = win.parent;
    // A primitive event has no source, so it fails the parent check too.
    if (parent === null || parent === undefined || event?.source !== parent) return;
    const data = event.data as Record<string, unknown> | null | undefined;
    if (data?.ns !== NS || data.type !== 'connect' || typeof data.protocol !== 'number') return;
    const port = event.ports?.[0] as ChannelPort | undefined;
    if (!port) return;
    const handoff: HostHandoff = { port, protocol: data.protocol };
    const waiter = found.waiters.shift();
    if (waiter) waiter(handoff);
    else found.handoff = handoff;
    if (found.waiters.length === 0) {
      listening = false;
      win.removeEventListener('message', listener);
    }
  };
  const found: HandshakeState = {
    handoff: null,
    waiters: [],
    arm() {
      if (listening || found.handoff) return;
      listening = true;
      win.addEventListener('message', listener);
    },
  };
  states.set(win, found);
  found.arm();
  return found;
}

/** Starts listening for the host's `connect` message in `win` (once per window; see `stateOf`). */
export function listenForHost(win: HandshakeWindow): void {
  stateOf(win);
}

/**
 * Listens in `win` for the host's next `connect` message: after an attempt failed and closed the port it
 * was handed, a retry must not reuse that port.
 */
export function listenAgain(win: HandshakeWindow): void {
  stateOf(win)?.arm();
}

/**
 * Takes the host's port: the handoff that already arrived in `win`, else the next one; rejects with
 * `UNAVAILABLE` after `timeoutMs`. Each handoff goes to one attempt only.
 */
export function waitForHost(win: HandshakeWindow, timeoutMs: number): Promise<HostHandoff> {
  const state = stateOf(win);
  if (!state) {
    return Promise.reject(new CardSdkError('UNAVAILABLE', NOT_FRAMED));
  }
  const ready = state.handoff;
  if (ready) {
    state.handoff = null;
    return Promise.resolve(ready);
  }
  return new Promise<HostHandoff>((resolve, reject) => {
    const waiter = (handoff: HostHandoff): void => {
      stop();
      resolve(handoff);
    };
    const stop = watchLimits(
      { timeoutMs },
      (reason) => {
        const index = state.waiters.indexOf(waiter);
        if (index >= 0) state.waiters.splice(index, 1);
        reject(reason);
      },
      () =>
        new CardSdkError(
          'UNAVAILABLE',
          `no NeuroSquad host answered in ${timeoutMs} ms — is this page running inside a card frame?`,
        ),
    );
    state.waiters.push(waiter);
    state.arm();
  });
}

// The host may post the handshake before the card calls connect(), so listening starts at module load.
// (`stateOf` leaves a window without listeners or parent alone.)
if (typeof window !== 'undefined' && window) stateOf(window);
