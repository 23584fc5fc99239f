// `card.net.fetch` in `dev`: the dev server performs the request with the app's rules (hosts, headers, secrets,
// redirects, size and time limits) and answers the card exactly as the app would.
import { decodeBase64, encodeBase64 } from '../contract/base64.js';
import { CardSdkError, isCardSdkErrorCode } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import { methodParamsTable } from '../contract/method-params.js';
import { checkFetchUrl, fillRequestHeaders, type NetGrants } from '../contract/net-rules.js';
import { checkParamsShape } from '../contract/params-check.js';
import { secretNames } from '../contract/secrets.js';
import type { MethodParams } from '../contract/methods.js';
import type { NetChunkEvent, NetRawResponse, NormalizedManifest } from '../contract/types.js';
import { noRecordedAnswer, type NetRecordingEntry, type NetReplayAnswers } from '../testing/replay.js';
import { secretKeys } from '../testing/settings.js';
import type { SecretStore } from './net-secrets.js';
import { sendUpstream, type UpstreamOptions } from './net-upstream.js';

/** One request on record: what the panel lists and the terminal prints on failure (secret values masked). */
export interface NetLogEntry {
  /** The request's id (as the card sent it). */
  requestId: string;
  method: string;
  url: string;
  /** The HTTP status, or null when there was no response. */
  status: number | null;
  /** Body bytes received. */
  bytes: number;
  /** Milliseconds from the request to the end of its body. */
  ms: number;
  /** The refusal or failure: its error code and message (which rule refused the request). */
  error?: { code: string; message: string };
}

/** Where one request's answer goes: the raw response, then (for streams) the chunks; or the failure. */
export interface NetSink {
  response(raw: NetRawResponse): void;
  chunk(event: NetChunkEvent): void;
  fail(error: CardSdkError): void;
}

/** What the proxy reads and where its records go. */
export interface NetProxyOptions extends UpstreamOptions {
  /** The card's manifest as it is now. */
  manifest(): NormalizedManifest;
  /** The secret values. */
  secrets: SecretStore;
  /** Called with each response as it passed (for `--record`); secret values already masked. */
  recorded?: ((entry: NetRecordingEntry) => void) | undefined;
  /** Answers from a recording instead of the network (`--replay`); `source` names it in errors. */
  replay?: { answers: NetReplayAnswers; source: string } | undefined;
}

/** The dev server's side of `net.fetch` and `net.abort`. */
export interface NetProxy {
  /** Performs one `net.fetch` for the granted permissions; never rejects: the outcome goes to `sink` and the log. */
  fetch(params: unknown, grants: readonly string[], sink: NetSink): Promise<NetLogEntry>;
  /** `net.abort`: stops the request and its stream, sending nothing more. */
  abort(requestId: string): void;
}

type FetchParams = NonNullable<MethodParams<'net.fetch'>>;

// Bodies of these types stream as text chunks; any other body as base64 bytes.
function isTextual(contentType: string): boolean {
  return /^text\/|[/+](json|xml|x-ndjson|ndjson|javascript|event-stream)\b|^application\/x-www-form-urlencoded/i.test(
    contentType.trim(),
  );
}

function checkParams(params: unknown): FetchParams {
  const issues = checkParamsShape(methodParamsTable()['net.fetch'], params);
  const first = issues[0];
  if (first) throw new CardSdkError('INVALID_PARAMS', `${first.path || 'params'}: ${first.message}`, issues);
  return params as FetchParams;
}

function requestBody(params: FetchParams): Uint8Array | null {
  if (params.body === undefined) return null;
  if (params.bodyEncoding !== 'base64') return new TextEncoder().encode(params.body);
  try {
    return decodeBase64(params.body);
  } catch {
    throw new CardSdkError('INVALID_PARAMS', 'body: not valid base64', [
      { path: '/body', keyword: 'format', message: 'not valid base64' },
    ]);
  }
}

function responseHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const lower = name.toLowerCase();
    if (lower === 'set-cookie' || value === undefined) continue;
    headers[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function asError(error: unknown, timeoutMs: number, signal: AbortSignal): CardSdkError {
  if (error instanceof CardSdkError) return error;
  if (signal.aborted && signal.reason instanceof CardSdkError) return signal.reason;
  const message = error instanceof Error ? error.message : String(error);
  if (signal.aborted) return new CardSdkError('NETWORK_ERROR', `timed out after ${timeoutMs} ms`);
  return new CardSdkError('NETWORK_ERROR', message);
}

/** The response as it will be answered: where it came from and its body, chunk by chunk. */
interface Answer {
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

function replayed(entry: NetRecordingEntry): Answer {
  const piece = (text: string): Uint8Array =>
    entry.encoding === 'base64' ? decodeBase64(text) : new TextEncoder().encode(text);
  const chunks = (entry.chunks ?? [entry.body]).map(piece);
  return {
    url: entry.responseUrl,
    status: entry.status,
    statusText: entry.statusText,
    headers: { ...entry.headers },
    body: chunks,
  };
}

function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Builds the dev server's `net.fetch` proxy on the card's manifest and secrets. */
export function createNetProxy(options: NetProxyOptions): NetProxy {
  const running = new Map<string, AbortController>();
  let unnamed = 0;

  function grantsOf(grants: readonly string[]): NetGrants {
    const manifest = options.manifest();
    const hosts = manifest.permissions.find((permission) => permission.id === 'network')?.hosts ?? [];
    return { hosts, network: grants.includes('network'), local: grants.includes('network.local') };
  }

  async function answer(params: FetchParams, url: URL, grants: NetGrants, signal: AbortSignal): Promise<Answer> {
    const method = params.method ?? 'GET';
    const cardHeaders = params.headers ?? {};
    const headers = fillRequestHeaders(cardHeaders, secretKeys(options.manifest()), (key) => options.secrets.get(key));
    const body = requestBody(params);
    if (options.replay) {
      const entry = options.replay.answers.next(method, url.href);
      if (!entry) throw noRecordedAnswer(method, options.secrets.mask(url.href), options.replay.source);
      return replayed(entry);
    }
    const secretHeaders = Object.entries(cardHeaders)
      .filter(([, value]) => secretNames(value).length > 0)
      .map(([name]) => name.toLowerCase());
    const response = await sendUpstream(
      {
        url,
        method,
        headers,
        secretHeaders,
        body,
        signal,
        checkRedirect: (target) => {
          try {
            return checkFetchUrl(target, grants);
          } catch (error) {
            if (!(error instanceof CardSdkError)) throw error;
            throw new CardSdkError(error.code, `a redirect to ${target}: ${error.hostMessage}`, error.data);
          }
        },
      },
      options,
    );
    return {
      url: response.url.href,
      status: response.status,
      statusText: response.statusText,
      headers: responseHeaders(response.headers),
      body: response.body,
    };
  }

  return {
    abort(requestId) {
      running.get(requestId)?.abort(new CardSdkError('USER_CANCELLED', 'aborted'));
    },

    async fetch(rawParams, grants, sink) {
      const started = Date.now();
      const record = rawParams as Partial<FetchParams> | null;
      const log: NetLogEntry = {
        requestId: typeof record?.requestId === 'string' ? record.requestId : '',
        method: typeof record?.method === 'string' ? record.method : 'GET',
        url: options.secrets.mask(typeof record?.url === 'string' ? record.url : ''),
        status: null,
        bytes: 0,
        ms: 0,
      };
      const controller = new AbortController();
      const timeoutMs = typeof record?.timeoutMs === 'number' ? record.timeoutMs : LIMITS.netTimeoutMs;
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let answered = false;
      const fail = (error: CardSdkError): void => {
        const message = options.secrets.mask(error.hostMessage);
        log.error = { code: error.code, message };
        if (!answered) {
          sink.fail(
            new CardSdkError(isCardSdkErrorCode(error.code) ? error.code : 'NETWORK_ERROR', message, error.data),
          );
        } else if (!controller.signal.aborted || !(controller.signal.reason instanceof CardSdkError)) {
          sink.chunk({ requestId: log.requestId, chunk: '', encoding: 'text', error: message });
        }
      };
      try {
        const params = checkParams(rawParams);
        if (!params.requestId) {
          unnamed += 1;
          params.requestId = `dev-fetch-${unnamed}`;
        }
        log.requestId = params.requestId;
        running.get(log.requestId)?.abort();
        running.set(log.requestId, controller);
        const granted = grantsOf(grants);
        const url = checkFetchUrl(params.url, granted);
        const reply = await answer(params, url, granted, controller.signal);
        log.status = reply.status;
        log.url = options.secrets.mask(reply.url);
        const headers = Object.fromEntries(
          Object.entries(reply.headers).map(([name, value]) => [name, options.secrets.mask(value)]),
        );
        const base: NetRawResponse = {
          requestId: log.requestId,
          status: reply.status,
          statusText: reply.statusText,
          headers: reply.headers,
          url: reply.url,
        };
        const type = params.responseType ?? 'text';
        const textual = isTextual(reply.headers['content-type'] ?? '');
        const pieces: Uint8Array[] = [];
        const chunks: string[] = [];
        let truncated = false;
        if (type === 'stream') {
          clearTimeout(timer);
          sink.response(base);
          answered = true;
          const decoder = new TextDecoder();
          const send = (bytes: Uint8Array, last: boolean): void => {
            const chunk = textual ? decoder.decode(bytes, { stream: !last }) : encodeBase64(bytes);
            if (chunk === '') return;
            chunks.push(chunk);
            sink.chunk({ requestId: log.requestId, chunk, encoding: textual ? 'text' : 'base64', done: false });
          };
          for await (const piece of reply.body) {
            if (controller.signal.aborted) break;
            if (log.bytes + piece.byteLength > LIMITS.netResponseBytes) {
              throw new CardSdkError('NETWORK_ERROR', `the response is larger than ${LIMITS.netResponseBytes} bytes`);
            }
            log.bytes += piece.byteLength;
            pieces.push(piece);
            send(piece, false);
          }
          if (controller.signal.aborted) throw asError(controller.signal.reason, timeoutMs, controller.signal);
          send(new Uint8Array(0), true);
          sink.chunk({ requestId: log.requestId, chunk: '', encoding: 'text', done: true });
        } else {
          for await (const piece of reply.body) {
            const room = LIMITS.netResponseBytes - log.bytes;
            if (piece.byteLength > room) {
              pieces.push(piece.subarray(0, room));
              log.bytes += room;
              truncated = true;
              break;
            }
            pieces.push(piece);
            log.bytes += piece.byteLength;
          }
          const bytes = Buffer.concat(pieces);
          const text = (): string => new TextDecoder().decode(bytes);
          const raw: NetRawResponse = truncated ? { ...base, truncated } : base;
          if (type === 'base64') raw.body = encodeBase64(bytes);
          else if (type === 'text') raw.body = text();
          else if (bytes.byteLength === 0) raw.json = null;
          else {
            try {
              raw.json = JSON.parse(text()) as NetRawResponse['json'];
            } catch {
              throw new CardSdkError('NETWORK_ERROR', 'response is not JSON');
            }
          }
          sink.response(raw);
          answered = true;
        }
        if (options.recorded && !options.replay) {
          const whole = Buffer.concat(pieces);
          const wholeText = utf8Text(whole);
          const asText = type === 'stream' ? textual : wholeText !== null;
          const entry: NetRecordingEntry = {
            method: params.method ?? 'GET',
            url: options.secrets.mask(url.href),
            responseUrl: log.url,
            status: reply.status,
            statusText: reply.statusText,
            headers,
            encoding: asText ? 'text' : 'base64',
            body: asText ? options.secrets.mask(wholeText ?? new TextDecoder().decode(whole)) : encodeBase64(whole),
          };
          if (type === 'stream') entry.chunks = asText ? chunks.map((chunk) => options.secrets.mask(chunk)) : chunks;
          options.recorded(entry);
        }
      } catch (error) {
        fail(asError(error, timeoutMs, controller.signal));
      } finally {
        clearTimeout(timer);
        if (running.get(log.requestId) === controller) running.delete(log.requestId);
        log.ms = Date.now() - started;
      }
      return log;
    },
  };
}
