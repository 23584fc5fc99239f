/** When a wait ends early: after `timeoutMs` (if given), or when `signal` aborts, whichever comes first. */
export interface WaitLimits {
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Calls `onExpire` once, with `timedOut()` after `timeoutMs` or with the signal's reason when it aborts;
 * returns the function that stops both (call it when the wait ends another way).
 */
export function watchLimits(
  limits: WaitLimits,
  onExpire: (reason: unknown) => void,
  timedOut: () => unknown,
): () => void {
  const { timeoutMs, signal } = limits;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };
  function onAbort(): void {
    stop();
    onExpire(signal?.reason);
  }
  if (timeoutMs !== undefined) {
    timer = setTimeout(() => {
      stop();
      onExpire(timedOut());
    }, timeoutMs);
  }
  signal?.addEventListener('abort', onAbort, { once: true });
  return stop;
}
