// The watch for a host that has stopped answering. It starts once the host pings; from then on silence longer
// than `LIMITS.unresponsiveMs` sends one probe (timers of a hidden page run late), and silence after the probe
// gives up on the host.
import * as LIMITS from '../contract/limit-values.js';

/** What the watch does to the channel it guards. */
export interface HeartbeatActions {
  /** True once the channel is closed: the watch then stops. */
  isClosed(): boolean;
  /** Asks the host once whether it is still there (any answer counts as heard). */
  probe(): void;
  /** Gives up on the host after `quietMs` of silence. */
  giveUp(quietMs: number): void;
}

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

/** Creates the watch; nothing runs until the first `start`. */
export function createHeartbeat(actions: HeartbeatActions): Heartbeat {
  let lastHeard = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing = false;

  const check = (): void => {
    timer = undefined;
    if (actions.isClosed()) return;
    const quiet = Date.now() - lastHeard;
    if (quiet < LIMITS.unresponsiveMs) {
      timer = unref(setTimeout(check, LIMITS.unresponsiveMs - quiet));
      return;
    }
    if (probing) return actions.giveUp(quiet);
    probing = true;
    actions.probe();
    timer = unref(setTimeout(check, LIMITS.heartbeatMs));
  };

  return {
    heard() {
      lastHeard = Date.now();
      probing = false;
    },
    start() {
      if (timer !== undefined || actions.isClosed()) return;
      timer = unref(setTimeout(check, LIMITS.unresponsiveMs));
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
