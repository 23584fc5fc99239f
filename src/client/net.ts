import { encodeBase64 } from '../contract/base64.js';
import { CardSdkError } from '../contract/errors.js';
import type { NetChunkEvent, NetMethod, NetRawResponse, NetResponseType } from '../contract/types.js';
import { createBodyStream, type BodyStream } from './body-stream.js';
import { bodyBytes, createResponse, type CardResponse } from './net-response.js';
import type { CardSession } from './session.js';

/** Options of `card.net.fetch`, shaped like `fetch`'s `RequestInit`. */
export interface CardFetchInit {
  method?: NetMethod;
  /** A plain object or any iterable of `[name, value]` pairs (e.g. `Headers`). */
  headers?: Record<string, string> | Iterable<readonly [string, string]>;
  /** A string as is, bytes as base64, anything else as JSON (with `content-type: application/json`). */
  body?: unknown;
  /** How the host returns the body (default `text`); `stream` delivers chunks as they arrive. */
  responseType?: NetResponseType;
  /** Host-side timeout, 1000–120000 ms. */
  timeoutMs?: number;
  /** Aborts the request (and a running stream). */
  signal?: AbortSignal;
}

/** `card.net`: network access through the app's proxy. */
export interface CardNet {
  /** Fetches `url` through the host (only hosts in the `network` permission, or localhost with `network.local`). */
  fetch(url: string | URL, init?: CardFetchInit): Promise<CardResponse>;
}

let requestCounter = 0;

/** A fresh request id: `r` + time + counter + 6 random characters, all base 36. */
export function createRequestId(): string {
  requestCounter = (requestCounter + 1) % 1_000_000;
  const random = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  return `r${Date.now().toString(36)}${requestCounter.toString(36)}${random}`;
}

function headerPairs(headers: CardFetchInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const iterable = typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function';
  const pairs = iterable
    ? (headers as Iterable<readonly [string, string]>)
    : Object.entries(headers as Record<string, string>);
  for (const [name, value] of pairs) out[String(name).toLowerCase()] = String(value);
  return out;
}

/** Builds the `net.fetch` params for `url` and `init` (without the signal). */
export function buildFetchParams(url: string | URL, init: CardFetchInit, requestId: string): Record<string, unknown> {
  const params: Record<string, unknown> = { url: String(url), requestId };
  for (const key of ['method', 'responseType', 'timeoutMs'] as const) {
    if (init[key] !== undefined) params[key] = init[key];
  }
  const headers = headerPairs(init.headers);
  const body = init.body;
  if (body !== undefined && body !== null) {
    if (typeof body === 'string') {
      params.body = body;
    } else if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
      params.body = encodeBase64(body);
      params.bodyEncoding = 'base64';
    } else {
      params.body = JSON.stringify(body);
      if (!('content-type' in headers)) headers['content-type'] = 'application/json';
    }
    if (init.method === undefined) params.method = 'POST';
  }
  if (Object.keys(headers).length > 0) params.headers = headers;
  return params;
}

/** Builds `card.net`, feeding streamed bodies from `net.chunk` events. */
export function createNet(session: CardSession): CardNet {
  const { channel, events } = session;
  const streams = new Map<string, BodyStream>();

  events.intercept('net.chunk', (data) => {
    const chunk = data as NetChunkEvent;
    const stream = streams.get(chunk?.requestId);
    if (!stream) return false;
    // A chunk counts unless it is an empty one carrying the error.
    if (typeof chunk.chunk === 'string' && (chunk.chunk.length > 0 || !chunk.error)) {
      try {
        stream.push(chunk.encoding === 'base64' ? bodyBytes(chunk.chunk) : chunk.chunk);
      } catch (error) {
        // A chunk that is not base64 ends the body: the reader gets the error, the host stops sending.
        streams.delete(chunk.requestId);
        channel.notify('net.abort', { requestId: chunk.requestId });
        stream.fail(error);
        return false;
      }
    }
    if (chunk.error) {
      streams.delete(chunk.requestId);
      stream.fail(new CardSdkError('NETWORK_ERROR', String(chunk.error), undefined, 'net.fetch'));
    } else if (chunk.done) {
      streams.delete(chunk.requestId);
      stream.finish();
    }
    return false;
  });

  channel.onClose(() => {
    for (const stream of streams.values()) stream.fail(new CardSdkError('UNAVAILABLE', 'connection closed'));
    streams.clear();
  });

  return {
    async fetch(url, init = {}) {
      const requestId = createRequestId();
      const type = init.responseType ?? 'text';
      const params = buildFetchParams(url, init, requestId);
      const signal = init.signal;
      let stream: BodyStream | null = null;
      if (type === 'stream') {
        stream = createBodyStream();
        streams.set(requestId, stream);
      }
      let raw: NetRawResponse;
      try {
        raw = await channel.request('net.fetch', params, signal ? { signal } : {});
      } catch (error) {
        if (signal?.aborted) channel.notify('net.abort', { requestId });
        streams.delete(requestId);
        throw error;
      }
      if (stream && signal) {
        const open = stream;
        const onAbort = (): void => {
          if (streams.get(requestId) !== open) return;
          streams.delete(requestId);
          channel.notify('net.abort', { requestId });
          open.fail(signal.reason ?? new CardSdkError('USER_CANCELLED', 'aborted'));
        };
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      }
      // An app that answers with no response object gets a response with no status and no body.
      return createResponse(raw ?? ({ requestId, status: 0 } as NetRawResponse), type, stream);
    },
  };
}
