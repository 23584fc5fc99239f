// How the channel judges a request's params when the opener brings no check of its own: plain JSON within the
// value limits, and the errors for params that are not (or cannot even be read).
import { errorMessage } from '../contract/error-message.js';
import { CardSdkError } from '../contract/errors.js';
import { UNREADABLE } from '../contract/json.js';
import * as LIMITS from '../contract/limit-values.js';

/** How deep and how large a request value may be. */
export const PLAIN_JSON_LIMITS = { maxDepth: LIMITS.valueDepth, maxNodes: LIMITS.valueNodes };

/**
 * `BAD_REQUEST` for params that are not plain JSON, naming where (`issue`); `INVALID_PARAMS` when a part could
 * not even be read (a getter or proxy trap threw while the value was checked).
 */
export function notPlainJson(method: string, issue: { path: string; message: string }): CardSdkError {
  if (issue.message === UNREADABLE) {
    return new CardSdkError(
      'INVALID_PARAMS',
      `invalid params: ${issue.path || 'the value'} ${UNREADABLE}`,
      issue,
      method,
    );
  }
  return new CardSdkError('BAD_REQUEST', `params must be plain JSON: ${issue.message}`, issue, method);
}

/** `INVALID_PARAMS` for params that cannot even be read (a throwing getter, a proxy, a value too deep). */
export function unreadableParams(method: string, error: unknown): CardSdkError {
  return new CardSdkError('INVALID_PARAMS', `invalid params: ${errorMessage(error)}`, undefined, method);
}
