// The schema check of known methods' params: the method table's schemas and the keyword checks. The card's
// channel imports this module on the first request that needs it, so a card that never calls does not load it.
import { CardSdkError } from '../contract/errors.js';
import { isMethodName, methodParamsTable } from '../contract/method-params.js';
import { checkParamsShape } from '../contract/params-check.js';

/** `INVALID_PARAMS` (first issue, up to ten listed) when plain JSON `params` do not fit a known method's schema. */
export function checkKnownParams(method: string, params: unknown): CardSdkError | null {
  if (!isMethodName(method)) return null;
  const issues = checkParamsShape(methodParamsTable()[method], params, 10);
  const first = issues[0];
  if (!first) return null;
  const where = first.path === '' ? 'invalid params' : `invalid params at ${first.path}`;
  return new CardSdkError('INVALID_PARAMS', `${where}: ${first.message}`, issues, method);
}
