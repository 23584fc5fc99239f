// The dev page's routes to the network proxy and the secrets: `POST /__dev/net/fetch` (answered as NDJSON
// lines: the response or the error, the stream's chunks, then the record), `POST /__dev/net/abort`, and
// `GET`/`POST /__dev/secrets`. Only the dev page may call them: loopback Host, and its own Origin on a POST.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sanitizeText } from '../cli/sanitize.js';
import type { NetLogEntry, NetProxy, NetSink } from './net-proxy.js';
import type { SecretStore } from './net-secrets.js';
import { isLoopbackHost, loopbackOrigins } from './loopback-host.js';
import { parseJson, readBody } from './request-body.js';

/** What the network routes use. */
export interface NetRoutesOptions {
  proxy: NetProxy;
  secrets: SecretStore;
  /** The manifest's secret setting keys. */
  secretKeys(): readonly string[];
  /** Writes to the terminal. */
  print(text: string): void;
  /** The dev page's port (requests must name it in `Host`, and come from its origin). */
  port(): number;
}

const FETCH_PATH = '/__dev/net/fetch';
const ABORT_PATH = '/__dev/net/abort';
const SECRETS_PATH = '/__dev/secrets';
// A net.fetch body is at most 5 MiB, about 7 MB as base64 in JSON.
const BODY_LIMIT = 8 * 1024 * 1024;

/** The line the terminal shows for a request that failed or was refused (secret values already masked). */
function netFailureLine(entry: NetLogEntry): string {
  const error = entry.error ? `${entry.error.code}: ${entry.error.message}` : 'failed';
  const status = entry.status === null ? '' : ` after ${entry.status}`;
  return `net ✖ ${sanitizeText(`${entry.method} ${entry.url}`)}${status} → ${sanitizeText(error)} (${entry.ms} ms)\n`;
}

// The body as JSON, or undefined when it is not JSON or larger than BODY_LIMIT.
async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request, BODY_LIMIT);
  return text === null ? undefined : parseJson(text);
}

// The page's own requests only: a loopback Host naming this server, and on a POST the Origin of the page.
function fromDevPage(request: IncomingMessage, port: number): boolean {
  if (!isLoopbackHost(request, port)) return false;
  return request.method !== 'POST' || loopbackOrigins(port).includes(request.headers.origin ?? '');
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(text);
}

function secretsState(options: NetRoutesOptions): string {
  return JSON.stringify({ set: options.secrets.keys(), kept: options.secrets.kept });
}

async function serveSecrets(request: IncomingMessage, response: ServerResponse, options: NetRoutesOptions) {
  if (request.method === 'POST') {
    const body = (await readJson(request)) as { key?: unknown; value?: unknown; keep?: unknown } | undefined;
    const key = body?.key;
    const value = body?.value;
    if (typeof key !== 'string' || !options.secretKeys().includes(key)) {
      plain(response, 400, 'not a secret setting of this card\n');
      return;
    }
    if (value !== null && (typeof value !== 'string' || value.length > 8192)) {
      plain(response, 400, 'a secret is a string of at most 8192 characters, or null to clear it\n');
      return;
    }
    options.secrets.set(key, value, body?.keep === true);
  } else if (request.method !== 'GET') {
    response.writeHead(405, { allow: 'GET, POST' }).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(secretsState(options));
}

async function serveFetch(request: IncomingMessage, response: ServerResponse, options: NetRoutesOptions) {
  const body = (await readJson(request)) as { params?: unknown; grants?: unknown } | undefined;
  const grants = body?.grants;
  if (!body || !Array.isArray(grants) || !grants.every((grant) => typeof grant === 'string')) {
    plain(response, 400, 'expected {params, grants}\n');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
  const line = (value: unknown): void => {
    if (!response.writableEnded) response.write(`${JSON.stringify(value)}\n`);
  };
  let requestId: string | null = null;
  // The page went away (reloaded, closed): the request is stopped.
  response.on('close', () => {
    if (!response.writableFinished && requestId !== null) options.proxy.abort(requestId);
  });
  const params = body.params as { requestId?: unknown } | null | undefined;
  if (typeof params?.requestId === 'string') requestId = params.requestId;
  const sink: NetSink = {
    response: (raw) => line({ response: raw }),
    chunk: (event) => line({ chunk: event }),
    fail: (error) => line({ error: { code: error.code, message: error.hostMessage, data: error.data } }),
  };
  const entry = await options.proxy.fetch(body.params, grants, sink);
  line({ record: entry });
  response.end();
  if (entry.error) options.print(netFailureLine(entry));
}

/** Answers a network or secrets route of the dev page; false when the request is for another route. */
export function serveNetRoute(request: IncomingMessage, response: ServerResponse, options: NetRoutesOptions): boolean {
  const pathname = new URL(request.url ?? '/', 'http://host').pathname;
  if (pathname !== FETCH_PATH && pathname !== ABORT_PATH && pathname !== SECRETS_PATH) return false;
  if (!fromDevPage(request, options.port())) {
    plain(response, 403, 'only the dev page may use this route\n');
    return true;
  }
  if (pathname === SECRETS_PATH) {
    void serveSecrets(request, response, options);
    return true;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST' }).end();
    return true;
  }
  if (pathname === FETCH_PATH) {
    void serveFetch(request, response, options);
    return true;
  }
  void readJson(request).then((body) => {
    const requestId = (body as { requestId?: unknown } | undefined)?.requestId;
    if (typeof requestId !== 'string') {
      plain(response, 400, 'expected {requestId}\n');
      return;
    }
    options.proxy.abort(requestId);
    response.writeHead(204).end();
  });
  return true;
}
