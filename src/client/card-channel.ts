// The card's channel: the transport channel with the method table's rules put in, and typed by it.
import { CardSdkError } from '../contract/errors.js';
import { errorMessage } from '../contract/error-message.js';
import { requestLimit } from '../contract/request-limit.js';
import type { MethodName, MethodParams, MethodResult } from '../contract/methods.js';
import { checkPlainJson } from '../contract/json.js';
import { createChannel } from '../transport/channel.js';
import { notPlainJson, PLAIN_JSON_LIMITS } from '../transport/request-params.js';
import type { Channel, ChannelPort, RequestOptions } from '../transport/channel.js';
import type { checkKnownParams } from './method-check.js';

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

// The schema check, one for every card of the page: loaded by the first request that needs it.
let knownCheck: typeof checkKnownParams | undefined;
let loading: Promise<unknown> | undefined;

/**
 * What a request waits for before its params can be checked: nothing once the schema check is loaded, or for a
 * request that skips the check while none is loading; else the load (started by the first request that needs it).
 */
function checkReady(method: string, skipValidation: boolean): Promise<unknown> | undefined {
  if (knownCheck || (skipValidation && !loading)) return undefined;
  loading ??= import('./method-check.js').then(
    (module) => {
      knownCheck = module.checkKnownParams;
    },
    (error: unknown) => {
      // A later request tries again.
      loading = undefined;
      throw new CardSdkError(
        'UNAVAILABLE',
        `could not load the params check: ${errorMessage(error)}`,
        undefined,
        method,
        'the SDK chunk next to this module did not load; check that every file of the build is served',
      );
    },
  );
  return loading;
}

/**
 * Errors for a request's params: `BAD_REQUEST` for non-JSON, `INVALID_PARAMS` (first issue, up to ten listed) for
 * a known method's schema, checked only once the value is known to be plain JSON within the message limits.
 */
function checkMethodParams(method: string, params: unknown): CardSdkError | null {
  const plain = checkPlainJson(params, PLAIN_JSON_LIMITS);
  if (plain) return notPlainJson(method, plain);
  // checkReady has loaded the check before the channel asks.
  return knownCheck ? knownCheck(method, params) : null;
}

/** Opens the card's channel on `port`: the method table decides each request's schema and size limit. */
export function createCardChannel(port: ChannelPort): CardChannel {
  return createChannel(port, { checkParams: checkMethodParams, requestLimit, checkReady });
}
