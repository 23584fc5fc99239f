import { CardSdkError } from '../contract/errors.js';
import { METHODS, isMethodName, methodPermissions, methodPermitted } from '../contract/methods.js';
import { validateValue } from '../contract/schema.js';
import type { RateLimiter } from './rate-limits.js';

/** What the checks read about the card at the moment a request arrives. */
export interface RequestCheckState {
  /** Whether `host.ready` has succeeded on this connection. */
  ready: boolean;
  /** The effective grants (the granted ids closed over the implications). */
  grants: ReadonlySet<string>;
  /** `context.visibility`: `visible`, `hidden` or `overview`. */
  visibility: string;
  /** Present only when throttles are enforced. */
  rateLimiter?: RateLimiter | undefined;
}

/** Runs the app's checks in its order; returns the first failure, or null when the handler may run. */
export function checkRequest(method: string, params: unknown, state: RequestCheckState): CardSdkError | null {
  const known = isMethodName(method);
  if (!state.ready && !(known && METHODS[method].beforeReady)) {
    return new CardSdkError('NOT_READY', 'call host.ready first');
  }
  if (!known) return new CardSdkError('METHOD_NOT_FOUND', `no method ${method}`);
  const spec = METHODS[method];
  const issues = validateValue(spec.params, params);
  const first = issues[0];
  if (first) return new CardSdkError('INVALID_PARAMS', `${first.path || 'params'}: ${first.message}`, issues);
  if (!methodPermitted(method, state.grants)) {
    const permission = methodPermissions(method)[0];
    return new CardSdkError('PERMISSION_DENIED', `${method} needs ${permission}`, { permission });
  }
  if (spec.visible && state.visibility !== 'visible') {
    return new CardSdkError('NOT_VISIBLE', `${method} needs the card on screen`);
  }
  return state.rateLimiter ? state.rateLimiter.check(method, spec) : null;
}
