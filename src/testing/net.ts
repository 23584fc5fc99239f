import { encodeBase64 } from '../contract/base64.js';
import { base64Param } from './base64-param.js';
import { CardSdkError } from '../contract/errors.js';
import { checkFetchUrl, fillRequestHeaders } from '../contract/net-rules.js';
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
  const grants = core.grants();
  const hosts = core.manifest.permissions.find((p) => p.id === 'network')?.hosts ?? [];
  return checkFetchUrl(raw, { hosts, network: grants.has('network'), local: grants.has('network.local') });
}

function requestHeaders(state: NetState, headers: Record<string, string>): Record<string, string> {
  return fillRequestHeaders(headers, secretKeys(state.core.manifest), (key) => state.secretValues.get(key));
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
