// A local HTTP server (127.0.0.1) and an HTTPS one standing in for a granted API host, for the dev network tests.
// The API host is `api.example.test`: the proxy's resolver maps it to 127.0.0.1 and trusts the fixed test
// certificate below (made for that name only), so the tests need no network and no DNS.
import { lookup as systemLookup } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { cardManifest } from '../cli/test-folders.js';
import type { Card } from '../index.js';
import { createMockHost, replayFrom, type NetRecording } from '../testing/index.js';

/** The granted API host's name. */
const API_HOST = 'api.example.test';

/** A self-signed certificate for `api.example.test` (EC P-256, valid to 2125), trusted only by these tests. */
export const TEST_CA = `-----BEGIN CERTIFICATE-----
MIIBqjCCAVCgAwIBAgIUQYMPP291eGy2miBl9HhZDI6EvPswCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQYXBpLmV4YW1wbGUudGVzdDAgFw0yNjEyMDMxNTA5MjBaGA8y
MTI2MTEwOTE1MDkyMFowGzEZMBcGA1UEAwwQYXBpLmV4YW1wbGUudGVzdDBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABMBYHmzTw5SyMvbSTFTz3QpjnCzREE/kZuv+
r/iRoXefuim/D/EjVCWDSmaZdKjMBmUfcSWe6AGl2TKVeVPf8OajcDBuMB0GA1Ud
DgQWBBQeLByWiyN17xzb47hQuJ5a39dTkzAfBgNVHSMEGDAWgBQeLByWiyN17xzb
47hQuJ5a39dTkzAPBgNVHRMBAf8EBTADAQH/MBsGA1UdEQQUMBKCEGFwaS5leGFt
cGxlLnRlc3QwCgYIKoZIzj0EAwIDSAAwRQIgBkRbOZGT+w/P12VJL/x/OhA1B2pq
RK3QRDAciGnt3CsCIQCQLkEivknCxiD2yG7LPvi4+mQ0KwxYkUnorSCscJP9Mw==
-----END CERTIFICATE-----
`;

const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgeNywYhSBr52ZrT6m
AfjigLbA7zQIgfE7jdtMNQw/PqyhRANCAATAWB5s08OUsjL20kxU890KY5ws0RBP
5Gbr/q/4kaF3n7opvw/xI1Qlg0pmmXSozAZlH3ElnugBpdkylXlT3/Dm
-----END PRIVATE KEY-----
`;

/** Resolves `api.example.test` (and any `*.example.test`) to 127.0.0.1, other names as the system does. */
export const testLookup: LookupFunction = (hostname, options, callback) => {
  if (!hostname.endsWith('.example.test')) {
    systemLookup(hostname, options, callback);
    return;
  }
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

/** One request the test servers received. */
interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The two running servers and what they saw. */
export interface TestApi {
  /** `http://127.0.0.1:<port>` (reached with network.local). */
  local: string;
  /** `https://api.example.test:<port>` (the granted host). */
  api: string;
  /** The `network` host pattern of the API host, with its port. */
  apiPattern: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

function route(request: IncomingMessage, response: ServerResponse, origins: { api: () => string }): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  switch (path) {
    case '/repo':
      response.writeHead(200, { 'content-type': 'application/json', etag: '"v1"', 'x-rate-limit': '59' });
      response.end(JSON.stringify({ name: 'card-sdk', stars: 42 }));
      return;
    case '/cached':
      if (request.headers['if-none-match'] === '"v1"') {
        response.writeHead(304, { etag: '"v1"' }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end('{"fresh":true}');
      return;
    case '/cookie':
      response.writeHead(200, {
        'content-type': 'text/plain',
        'set-cookie': ['session=abc; HttpOnly', 'other=1'],
        'x-kept': 'yes',
      });
      response.end('with cookies');
      return;
    case '/runs':
      // Three lines, the second one only after a pause: a streamed body the card reads as it arrives.
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write('{"run":1}\n{"run":2}\n');
      setTimeout(() => response.end('{"run":3}\n'), 150);
      return;
    case '/slow':
      // Answers long after any test's timeout (the server's close cuts it).
      setTimeout(() => response.writeHead(200).end('late'), 10_000).unref();
      return;
    case '/drip': {
      // A line every 50 ms for 5 s, unless the reader goes away.
      response.writeHead(200, { 'content-type': 'text/plain' });
      let left = 100;
      const timer = setInterval(() => {
        left -= 1;
        if (left === 0) {
          clearInterval(timer);
          response.end('last\n');
        } else response.write('tick\n');
      }, 50);
      response.on('close', () => clearInterval(timer));
      return;
    }
    case '/big':
      // 16 bytes more than a response may carry (10 MiB).
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('a'.repeat(10 * 1024 * 1024 + 16));
      return;
    case '/away':
      response.writeHead(302, { location: 'https://evil.example.test/steal' }).end();
      return;
    case '/to-api':
      response.writeHead(302, { location: `${origins.api()}/repo` }).end();
      return;
    default:
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Starts the local server and the API host's server; `close()` stops both. */
export async function startTestApi(): Promise<TestApi> {
  const seen: SeenRequest[] = [];
  let api = '';
  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      route(request, response, { api: () => api });
    });
  };
  const local = createServer(handler);
  const tls = createTlsServer({ cert: TEST_CA, key: TEST_KEY }, handler);
  const [localPort, apiPort] = await Promise.all([listen(local), listen(tls)]);
  api = `https://${API_HOST}:${apiPort}`;
  const stop = (server: Server): Promise<void> =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    local: `http://127.0.0.1:${localPort}`,
    api,
    apiPattern: `${API_HOST}:${apiPort}`,
    seen,
    close: async () => {
      await Promise.all([stop(local), stop(tls)]);
    },
  };
}

/** The manifest fields of a card that reaches both servers: `network.local`, the API host, a secret `token`. */
export function networkCardFields(apiPattern: string): Record<string, unknown> {
  return {
    permissions: [{ id: 'network', hosts: [apiPattern], reason: 'Reads the API' }, 'network.local'],
    settings: [{ key: 'token', type: 'secret', label: 'Token' }],
  };
}

/** A card connected to a mock host that answers `net.fetch` from a recording (`replayFrom`), its token set. */
export function replayingCard(apiPattern: string, source: string | NetRecording): Promise<Card> {
  const host = createMockHost({
    manifest: cardManifest(networkCardFields(apiPattern)),
    secrets: { token: 'set in the test' },
    fetch: replayFrom(source),
  });
  return host.connect();
}

/** The test servers of one test file: started before its tests, stopped after them (fields set once started). */
export function testApiForFile(): TestApi {
  const api = {} as TestApi;
  beforeAll(async () => void Object.assign(api, await startTestApi()));
  afterAll(() => api.close());
  return api;
}
