/** One mounted chrome hook's hold on a field (such as `card.setTitle`): what it sent last and how to send again. */
export interface ChromeClaim {
  /** The JSON of the value this hook sent last (null before its first send). */
  shown: string | null;
  /** Sends this hook's latest value again. */
  resend(): void;
}

/** The mounted hooks holding one chrome field, kept on the card's runtime. */
export interface ChromeClaims {
  /** Mounted claims in the order they last sent; the last one is on screen unless `current` says otherwise. */
  order: ChromeClaim[];
  /** The claim whose value the card sent last, or null once cleared. */
  current: ChromeClaim | null;
}

function fieldClaims(fields: Map<string, ChromeClaims>, field: string): ChromeClaims {
  let claims = fields.get(field);
  if (!claims) {
    claims = { order: [], current: null };
    fields.set(field, claims);
  }
  return claims;
}

/**
 * Records that `claim` shows `key` on `field` now; returns false when that is already on screen (a StrictMode
 * remount), so nothing needs sending.
 */
export function takeChrome(fields: Map<string, ChromeClaims>, field: string, claim: ChromeClaim, key: string): boolean {
  const claims = fieldClaims(fields, field);
  const index = claims.order.indexOf(claim);
  if (index >= 0) claims.order.splice(index, 1);
  claims.order.push(claim);
  if (claims.current === claim && claim.shown === key) return false;
  claims.current = claim;
  claim.shown = key;
  return true;
}

/**
 * Lets go of `field` when a hook unmounts. Only if its value is still on screen does the field change: to the
 * value of the hook that set it most recently before, or cleared with `clear` when no other hook holds it.
 * Deferred a microtask so a StrictMode unmount-and-remount changes nothing.
 */
export function releaseChrome(
  fields: Map<string, ChromeClaims>,
  field: string,
  claim: ChromeClaim,
  clear: () => void,
): void {
  const claims = fieldClaims(fields, field);
  const index = claims.order.indexOf(claim);
  if (index >= 0) claims.order.splice(index, 1);
  queueMicrotask(() => {
    if (claims.current !== claim || claims.order.includes(claim)) return;
    const previous = claims.order.at(-1);
    if (previous) {
      claims.current = previous;
      previous.resend();
    } else {
      claims.current = null;
      claim.shown = null;
      clear();
    }
  });
}
