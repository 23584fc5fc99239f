// Which document of the card frame gets the host port: the app hands a card its channel once, for the entry it
// loaded. The page arms the frame each time it sets its `src` (the first render, a reload); the card page's dev
// sandbox script says `entry` as it starts, and the first `entry` after arming is handed the port at once, so the
// port reaches that document and never one the frame navigates to. A load the page did not ask for is the frame
// navigating itself (a link, `location`, a reload by the card): reported, never served.

/** What the dev sandbox script in each card page posts about the page's life: `entry` at start, `leaving` on pagehide. */
export type FrameLifeMessage = 'entry' | 'leaving';

/** The loads of one card frame. */
export interface FrameLoads {
  /** The page set the frame's `src`: the next `entry` gets the port, the next load is the page's own. */
  expect(): void;
  /** A life message from the frame: `serve` (hand the port now), `navigated` (the entry left while loading), or null. */
  message(kind: FrameLifeMessage): 'serve' | 'navigated' | null;
  /**
   * The frame loaded: `own` (the load the page asked for, or one already reported) or `navigated` (the frame went
   * elsewhere by itself, or the page that loaded never said it was the entry).
   */
  load(): 'own' | 'navigated';
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
      // The page's load, from the entry that said it started; anything else loaded is a page the frame went to.
      if (requested && served) return 'own';
      served = false;
      return 'navigated';
    },
  };
}
