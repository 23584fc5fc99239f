import { encodeBase64 } from '../contract/base64.js';
import { base64Param } from './base64-param.js';
import { CardSdkError } from '../contract/errors.js';
import { checkRequestHeader } from '../contract/headers.js';
import { isHostAllowed, isLocalHost } from '../contract/hosts.js';
import { fillSecretPlaceholders, secretNames } from '../contract/secrets.js';
import { fileBytes } from './fs.js';
import type { JsonValue, NetRawResponse } from '../contract/types.js';
import type { Builtins, MethodsOf } from './builtin.js';
import type { MockCore } from './core.js';
import { secretKeys } from './settings.js';
import type { MockFetchRequest, MockFetchResponse } from './types.js';

/** What `net.*` owns: the aborted request ids and the fetch count; it reads the secret values to fill headers. */
export interface NetState {
  readonly core: MockCore;
  readonly secretValues: ReadonlyMap<string, string>;
  /** Request ids of aborted fetches. */
  readonly aborted: string[];
  /** Fetches answered so far (names the ones the card sent without a request id). */
  fetchCount: number;
}

function checkUrl(core: MockCore, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CardSdkError('INVALID_PARAMS', 'not a URL');
  }
  if (url.username || url.password) throw new CardSdkError('INVALID_PARAMS', 'credentials in the URL are not allowed');
  const grants = core.grants();
  if (isLocalHost(url.hostname)) {
    if (!grants.has('network.local')) {
      throw new CardSdkError('PERMISSION_DENIED', 'localhost needs network.local', { permission: 'network.local' });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new CardSdkError('HOST_NOT_ALLOWED', 'http(s) only');
    return url;
  }
  if (url.protocol !== 'https:') throw new CardSdkError('HOST_NOT_ALLOWED', 'https only');
  const hosts = core.manifest.permissions.find((p) => p.id === 'network')?.hosts ?? [];
  if (!grants.has('network') || !isHostAllowed(hosts, url.hostname, url.port || 443)) {
    throw new CardSdkError('HOST_NOT_ALLOWED', `${url.hostname} is not in the network permission`);
  }
  return url;
}

function requestHeaders(state: NetState, headers: Record<string, string>): Record<string, string> {
  const secrets = secretKeys(state.core.manifest);
  const result: Record<string, string> = {};
  // Every header passes the header rule before any secret placeholder is looked at.
  for (const [name, value] of Object.entries(headers)) {
    const problem = checkRequestHeader(name, value);
    if (problem) throw new CardSdkError('INVALID_PARAMS', problem);
  }
  for (const [name, value] of Object.entries(headers)) {
    for (const key of secretNames(value)) {
      if (!secrets.includes(key))
        throw new CardSdkError('INVALID_PARAMS', `"${key}" is not a secret setting of this card`);
      if (!state.secretValues.has(key))
        throw new CardSdkError('INVALID_PARAMS', `the secret setting "${key}" is not set`);
    }
    const filled = fillSecretPlaceholders(value, (key) => state.secretValues.get(key) as string);
    // The value actually sent is checked again: a secret with CR/LF must not add a header of its own.
    if (filled !== value && checkRequestHeader(name, filled)) {
      throw new CardSdkError('INVALID_PARAMS', `header "${name}": a secret filled into it is not a valid header value`);
    }
    result[name.toLowerCase()] = filled;
  }
  return result;
}

function bodyBytes(body: unknown): Uint8Array {
  if (body instanceof Uint8Array) return body;
  if (body === undefined || body === null) return new Uint8Array(0);
  return fileBytes(typeof body === 'string' ? body : JSON.stringify(body));
}

function bodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  return new TextDecoder().decode(bodyBytes(body));
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = value;
  return result;
}

function streamChunks(core: MockCore, requestId: string, response: MockFetchResponse): void {
  const chunks = response.stream ?? (bodyText(response.body) === '' ? [] : [response.body as string | Uint8Array]);
  for (const chunk of chunks) {
    const text = typeof chunk === 'string' || !(chunk instanceof Uint8Array);
    core.emit('net.chunk', {
      requestId,
      chunk: text ? bodyText(chunk) : encodeBase64(chunk),
      encoding: text ? 'text' : 'base64',
      done: false,
    });
  }
  core.emit('net.chunk', { requestId, chunk: '', encoding: 'text', done: true });
}

/** `net.*`: the app's URL, host, header and secret rules, answered by `MockHostOptions.fetch`. */
export const netHandlers: Builtins<NetState, MethodsOf<'net'>> = {
  async 'net.fetch'(params, state, request): Promise<NetRawResponse> {
    const { core } = state;
    const url = checkUrl(core, params.url);
    const network = core.options.fetch;
    if (!network) {
      throw new CardSdkError('NETWORK_ERROR', 'the mock host has no fetch handler (MockHostOptions.fetch)');
    }
    const call: MockFetchRequest = {
      url: url.href,
      method: params.method ?? 'GET',
      headers: requestHeaders(state, params.headers ?? {}),
    };
    if (params.body !== undefined) {
      call.body = params.bodyEncoding === 'base64' ? base64Param(params.body, 'body') : params.body;
    }
    const response = await network(call);
    if (response === null || typeof response !== 'object') {
      throw new CardSdkError('NETWORK_ERROR', 'the mock host fetch handler returned no response object');
    }
    if (response.error !== undefined) throw new CardSdkError('NETWORK_ERROR', response.error);
    state.fetchCount += 1;
    const requestId = params.requestId ?? `fetch-${state.fetchCount}`;
    const base: NetRawResponse = {
      requestId,
      status: response.status ?? 200,
      statusText: response.statusText ?? 'OK',
      headers: lowerKeys(response.headers),
      url: url.href,
    };
    const body = response.body;
    switch (params.responseType ?? 'text') {
      case 'json': {
        if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array))
          return { ...base, json: body as JsonValue };
        const text = bodyText(body);
        if (text === '') return { ...base, json: null };
        try {
          return { ...base, json: JSON.parse(text) as JsonValue };
        } catch {
          throw new CardSdkError('NETWORK_ERROR', 'response is not JSON');
        }
      }
      case 'base64':
        return { ...base, body: encodeBase64(bodyBytes(body)) };
      case 'stream':
        request.afterReply(() => streamChunks(core, requestId, response));
        return base;
      default:
        return { ...base, body: bodyText(body) };
    }
  },
  'net.abort'(params, state) {
    state.aborted.push(params.requestId);
  },
};
