import { CardSdkError } from '../contract/errors.js';
import { METHODS } from '../contract/methods.js';
import type { MethodSpec } from '../contract/methods.js';
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

/** Looks a method up in the method table (own keys only, so `toString` is unknown). */
export function methodSpec(method: string): MethodSpec | undefined {
  return Object.prototype.hasOwnProperty.call(METHODS, method)
    ? (METHODS as Readonly<Record<string, MethodSpec>>)[method]
    : undefined;
}

/** Whether a grant set satisfies a method's permission (a list means any one of them). */
export function permissionMissing(
  required: MethodSpec['permission'],
  grants: ReadonlySet<string>,
): string | null {
  if (required === undefined) return null;
  const ids: readonly string[] = typeof required === 'string' ? [required] : required;
  if (ids.length === 0 || ids.some((id) => grants.has(id))) return null;
  return ids[0] as string;
}

/** Runs the app's checks in its order; returns the first failure, or null when the handler may run. */
export function checkRequest(method: string, params: unknown, state: RequestCheckState): CardSdkError | null {
  const spec = methodSpec(method);
  if (!state.ready && !spec?.beforeReady) return new CardSdkError('NOT_READY', 'call host.ready first');
  if (!spec) return new CardSdkError('METHOD_NOT_FOUND', `no method ${method}`);
  const issues = validateValue(spec.params, params);
  const first = issues[0];
  if (first) return new CardSdkError('INVALID_PARAMS', `${first.path || 'params'}: ${first.message}`, issues);
  const permission = permissionMissing(spec.permission, state.grants);
  if (permission !== null) {
    return new CardSdkError('PERMISSION_DENIED', `${method} needs ${permission}`, { permission });
  }
  if (spec.visible && state.visibility !== 'visible') {
    return new CardSdkError('NOT_VISIBLE', `${method} needs the card on screen`);
  }
  return state.rateLimiter ? state.rateLimiter.check(method, spec) : null;
}
