// The watch for a host that has stopped answering. It starts once the host pings; from then on silence longer
// than `LIMITS.unresponsiveMs` sends one probe (timers of a hidden page run late), and silence after the probe
// gives up on the host.
import * as LIMITS from '../contract/limit-values.js';

/** The watch on one channel: `heard` on every message, `start` on a ping, `stop` when the channel closes. */
export interface Heartbeat {
  heard(): void;
  start(): void;
  stop(): void;
}

/** Node keeps a process alive for a timer; the watch for a dead host must not. */
function unref(timer: ReturnType<typeof setTimeout>): ReturnType<typeof setTimeout> {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/**
 * Creates the watch; nothing runs until the first `start`. `probe` asks the host once whether it is still there
 * (any answer counts as heard), `giveUp` ends the channel after `quietMs` of silence. The channel stops the watch
 * when it closes, so no timer of a closed channel runs.
 */
export function createHeartbeat(probe: () => void, giveUp: (quietMs: number) => void): Heartbeat {
  let lastHeard = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing = false;

  const check = (): void => {
    timer = undefined;
    const quiet = Date.now() - lastHeard;
    if (quiet < LIMITS.unresponsiveMs) {
      timer = unref(setTimeout(check, LIMITS.unresponsiveMs - quiet));
      return;
    }
    if (probing) return giveUp(quiet);
    probing = true;
    probe();
    timer = unref(setTimeout(check, LIMITS.heartbeatMs));
  };

  return {
    heard() {
      lastHeard = Date.now();
      probing = false;
    },
    start() {
      if (timer !== undefined) return;
      timer = unref(setTimeout(check, LIMITS.unresponsiveMs));
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
