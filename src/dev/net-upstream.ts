// One HTTP exchange of the dev proxy, with the redirects it follows. Node's http/https modules rather than its
// fetch: the proxy checks every redirect before it is followed, and a test names its own resolver and CA.
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';

/** How the proxy reaches the network: a resolver and an extra trusted certificate (both for tests). */
export interface UpstreamOptions {
  /** Resolves host names (default the system's). */
  lookup?: LookupFunction | undefined;
  /** A certificate (PEM) trusted besides the system's roots. */
  ca?: string | undefined;
}

/** What to send. */
export interface UpstreamRequest {
  url: URL;
  method: string;
  /** Lower-case names, secrets filled. */
  headers: Record<string, string>;
  /** The names of the headers that carry a secret: dropped when a redirect leaves the origin. */
  secretHeaders: readonly string[];
  body: Uint8Array | null;
  signal: AbortSignal;
  /** Checks a redirect's target the app's way (throws the refusal). */
  checkRedirect(url: string): URL;
}

/** The final response: status, headers as they came, and the decoded body. */
export interface UpstreamResponse {
  url: URL;
  status: number;
  statusText: string;
  headers: IncomingMessage['headers'];
  body: Readable;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function sendOnce(request: UpstreamRequest, options: UpstreamOptions): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = request.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: OutgoingHttpHeaders = { ...request.headers };
    if (request.body) headers['content-length'] = request.body.byteLength;
    const outgoing = send(request.url, {
      method: request.method,
      headers,
      signal: request.signal,
      ...(options.lookup ? { lookup: options.lookup } : {}),
      ...(options.ca && request.url.protocol === 'https:' ? { ca: [...rootCertificates, options.ca] } : {}),
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decoder) return response;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

/**
 * Sends a request and follows at most `LIMITS.netRedirects` redirects, each target checked by
 * `checkRedirect` first; a 303 (or a 301/302 after a POST) continues as GET without a body, and a redirect to
 * another origin drops the headers that carry a secret.
 */
export async function sendUpstream(request: UpstreamRequest, options: UpstreamOptions): Promise<UpstreamResponse> {
  let current = request;
  for (let redirects = 0; ; redirects += 1) {
    const response = await sendOnce(current, options);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!REDIRECTS.has(status) || location === undefined) {
      return {
        url: current.url,
        status,
        statusText: response.statusMessage ?? '',
        headers: response.headers,
        body: decoded(response),
      };
    }
    response.resume();
    if (redirects >= LIMITS.netRedirects) {
      throw new CardSdkError('NETWORK_ERROR', `more than ${LIMITS.netRedirects} redirects`);
    }
    let target: string;
    try {
      target = new URL(location, current.url).href;
    } catch {
      throw new CardSdkError('NETWORK_ERROR', `a redirect to a URL that is not valid (${location})`);
    }
    const next = current.checkRedirect(target);
    const toGet =
      status === 303 ? current.method !== 'HEAD' : (status === 301 || status === 302) && current.method === 'POST';
    const headers = { ...current.headers };
    if (toGet) delete headers['content-type'];
    if (next.origin !== current.url.origin) for (const name of current.secretHeaders) delete headers[name];
    current = {
      ...current,
      url: next,
      method: toGet ? 'GET' : current.method,
      body: toGet ? null : current.body,
      headers,
    };
  }
}
