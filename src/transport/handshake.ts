import { CardSdkError } from '../contract/errors.js';
import { NS } from '../contract/constants.js';
import type { ChannelPort } from './channel.js';

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
  handoff: HostHandoff | null;
  waiters: Set<(handoff: HostHandoff) => void>;
}

const states = new WeakMap<object, HandshakeState>();

/** True when `win` can take part in a handshake (has listeners and a parent other than itself). */
function framed(win: HandshakeWindow): boolean {
  return typeof win.addEventListener === 'function' && win.parent !== win;
}

/**
 * Starts listening for the host's `connect` message in `win` (once per window). Only a message from
 * `win.parent` with `ns: "nscard"`, `type: "connect"`, a numeric `protocol` and a port is accepted.
 */
export function listenForHost(win: HandshakeWindow): void {
  if (states.has(win) || !framed(win)) return;
  const state: HandshakeState = { handoff: null, waiters: new Set() };
  states.set(win, state);
  const listener = (event: HandshakeMessageEvent): void => {
    const parent = win.parent;
    if (event === null || typeof event !== 'object') return;
    if (parent === null || parent === undefined || event.source !== parent) return;
    const data = event.data as Record<string, unknown> | null | undefined;
    if (data === null || typeof data !== 'object') return;
    if (data.ns !== NS || data.type !== 'connect' || typeof data.protocol !== 'number') return;
    const port = event.ports?.[0] as ChannelPort | undefined;
    if (!port) return;
    state.handoff = { port, protocol: data.protocol };
    win.removeEventListener('message', listener);
    for (const waiter of [...state.waiters]) waiter(state.handoff);
    state.waiters.clear();
  };
  win.addEventListener('message', listener);
}

/**
 * Resolves with the host's port once the `connect` message arrives in `win`; rejects with `UNAVAILABLE`
 * after `timeoutMs`.
 */
export function waitForHost(win: HandshakeWindow, timeoutMs: number): Promise<HostHandoff> {
  listenForHost(win);
  const state = states.get(win);
  if (!state) {
    return Promise.reject(new CardSdkError('UNAVAILABLE', notFramedMessage()));
  }
  if (state.handoff) return Promise.resolve(state.handoff);
  return new Promise<HostHandoff>((resolve, reject) => {
    const waiter = (handoff: HostHandoff): void => {
      clearTimeout(timer);
      resolve(handoff);
    };
    const timer = setTimeout(() => {
      state.waiters.delete(waiter);
      reject(
        new CardSdkError(
          'UNAVAILABLE',
          `no NeuroSquad host answered in ${timeoutMs} ms — is this page running inside a card frame?`,
        ),
      );
    }, timeoutMs);
    state.waiters.add(waiter);
  });
}

/** The message for a page that is not inside a card frame. */
export function notFramedMessage(): string {
  return 'this page is not inside a NeuroSquad card frame — open it in the app (neurosquad-card dev) or preview it with createMockHost()';
}

// The host may post the handshake before the card calls connect(), so listening starts at module load.
if (typeof window !== 'undefined' && window && typeof window.addEventListener === 'function') {
  listenForHost(window as unknown as HandshakeWindow);
}
