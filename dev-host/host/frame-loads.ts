// Which document of the card frame gets the host port: the app hands a card its channel once, for the entry it
// loaded. The page arms the frame each time it sets its `src` (the first render, a reload); the card page's dev
// sandbox script says `entry` as it starts, and the first `entry` after arming is handed the port at once, through
// the door that document hands with its word (`throughDoor`), so the port reaches that document and never one the
// frame navigates to. A load the page did not ask for is the frame navigating itself (a link, `location`, a reload
// by the card): reported, never served.
// The page's load event and the entry's word reach the page by different ways, so the load it asked for may come a
// moment before the word: that load is still the page's, and the word is served when it comes. The page sets `src`
// again only once the document it asked for has settled (loaded and said it started), so no late word or load of
// the document being replaced is taken for the new one's.

import type { CardFrameWindow } from '../../src/host/frame.js';

/** What the dev sandbox script in each card page posts about the page's life: `entry` at start, `leaving` on pagehide. */
export type FrameLifeMessage = 'entry' | 'leaving';

/** The loads of one card frame. */
export interface FrameLoads {
  /** The page set the frame's `src`: the next `entry` gets the port, the next load is the page's own. */
  expect(): void;
  /** A life message from the frame: `serve` (hand the port now), `navigated` (the entry left while loading), or null. */
  message(kind: FrameLifeMessage): 'serve' | 'navigated' | null;
  /**
   * The frame loaded: `own` (the load the page asked for, or one already reported) or `navigated` (a load the page
   * did not ask for: the frame went elsewhere by itself).
   */
  load(): 'own' | 'navigated';
  /** The page wants the entry loaded again: true to set `src` now, false to hold it until the frame has settled. */
  reload(): boolean;
  /** A held reload: `due` once the page's load has come and its entry said it started, `waiting` before, else null. */
  heldReload(): 'due' | 'waiting' | null;
  /** Lets a held reload go (the page sets `src` now); false when none was held. */
  release(): boolean;
}

/**
 * The frame's entry as the handshake sees it: the door the entry handed with its `entry` word (one end of a
 * MessageChannel whose other end that page keeps). The `connect` message and the host port go through the door, so
 * they reach the page that spoke and never one the frame has navigated to since (a window message with target `*`
 * may).
 */
export function throughDoor(door: MessagePort): CardFrameWindow {
  return {
    postMessage(message, _targetOrigin, transfer) {
      door.postMessage(message, transfer ?? []);
    },
  };
}

/** Reads a frame message `{ neurosquadDev: 1, kind: 'entry' | 'leaving' }`; null for others. */
export function readFrameLife(data: unknown): FrameLifeMessage | null {
  if (!data || typeof data !== 'object') return null;
  const value = data as Record<string, unknown>;
  if (value.neurosquadDev !== 1) return null;
  return value.kind === 'entry' || value.kind === 'leaving' ? value.kind : null;
}

/**
 * Whether a sourceless `leaving` message may be this frame's: it names a page on the frame's card origin, or
 * names none (a sandbox script that does not say).
 */
export function leftFrom(data: unknown, cardOrigin: string): boolean {
  const href = (data as { href?: unknown } | null)?.href;
  return typeof href !== 'string' || href.startsWith(`${cardOrigin}/`);
}

/** The load tracker of a frame whose `src` the page has just set. */
export function createFrameLoads(): FrameLoads {
  // Waiting for the entry to say it started.
  let armed = true;
  // The page's own load has not fired yet.
  let loadPending = true;
  // The frame holds the entry that was handed the port.
  let served = false;
  // That entry said it was leaving by itself: reported once, the load that follows is not reported again.
  let left = false;
  // A reload asked for before the frame settled.
  let held = false;
  const settled = () => !loadPending && !armed;
  return {
    expect() {
      armed = true;
      loadPending = true;
      served = false;
      left = false;
    },
    message(kind) {
      if (kind === 'entry') {
        if (!armed) return null;
        armed = false;
        served = true;
        return 'serve';
      }
      // The page did not set src since the entry was served: the entry navigated (while loading, or after).
      if (!served) return null;
      served = false;
      left = true;
      return 'navigated';
    },
    load() {
      const requested = loadPending;
      loadPending = false;
      if (left) {
        left = false;
        return 'own';
      }
      // The page's own load (its entry's word may still be on its way); anything else is a page the frame went to.
      if (requested) return 'own';
      served = false;
      armed = false;
      return 'navigated';
    },
    reload() {
      if (settled()) return true;
      held = true;
      return false;
    },
    heldReload() {
      if (!held) return null;
      return settled() ? 'due' : 'waiting';
    },
    release() {
      const was = held;
      held = false;
      return was;
    },
  };
}
