// The card's channel: the transport channel with the method table's rules put in, and typed by it.
import { CardSdkError } from '../contract/errors.js';
import { isMethodName, methodParamsTable } from '../contract/method-params.js';
import { requestLimit } from '../contract/request-limit.js';
import type { MethodName, MethodParams, MethodResult } from '../contract/methods.js';
import { checkParamsShape } from '../contract/params-check.js';
import { checkPlainJson } from '../contract/json.js';
import { createChannel } from '../transport/channel.js';
import { notPlainJson, PLAIN_JSON_LIMITS } from '../transport/request-params.js';
import type { Channel, ChannelPort, RequestOptions } from '../transport/channel.js';

/** The channel a card talks over: requests of known methods are typed and checked against their schema. */
export interface CardChannel extends Channel {
  /** Sends a request and resolves with the host's result (or rejects with a `CardSdkError`). */
  request<M extends MethodName>(
    method: M,
    params?: MethodParams<M>,
    options?: RequestOptions,
  ): Promise<MethodResult<M>>;
  /** Sends a request by any name (known methods are still checked locally). */
  request<T = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<T>;
}

/**
 * Errors for a request's params: `BAD_REQUEST` for non-JSON, `INVALID_PARAMS` (first issue, up to ten listed) for
 * a known method's schema, checked only once the value is known to be plain JSON within the message limits.
 */
function checkMethodParams(method: string, params: unknown): CardSdkError | null {
  const plain = checkPlainJson(params, PLAIN_JSON_LIMITS);
  if (plain) return notPlainJson(method, plain);
  if (!isMethodName(method)) return null;
  const issues = checkParamsShape(methodParamsTable()[method], params, 10);
  const first = issues[0];
  if (!first) return null;
  const where = first.path === '' ? 'invalid params' : `invalid params at ${first.path}`;
  return new CardSdkError('INVALID_PARAMS', `${where}: ${first.message}`, issues, method);
}

/** Opens the card's channel on `port`: the method table decides each request's schema and size limit. */
export function createCardChannel(port: ChannelPort): CardChannel {
  return createChannel(port, { checkParams: checkMethodParams, requestLimit });
}
