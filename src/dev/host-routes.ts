import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { contentTypeFor } from './content-types.js';
import type { EventStream } from './event-stream.js';
import { fileInFolder } from './folder-path.js';
import { cspReportLine, errorLines, findingLine, logLine } from './report-lines.js';

/** What `GET /__dev/session.json` answers: everything the dev page needs to host the card. */
export interface DevSession {
  /** The raw manifest JSON object (the page builds its mock host from it). */
  manifest: Record<string, unknown>;
  /** The entry page on the card origin. */
  cardUrl: string;
  /** The card origin, `http://127.0.0.1:<cardPort>`. */
  cardOrigin: string;
  /** The card folder (absolute). */
  folder: string;
  /** The last build's outcome; `output` holds a failing build's output. */
  build: { ok: boolean; output?: string };
}

/** What the host routes read and where they print. */
export interface HostRoutesOptions {
  /** The built dev page (`dist/dev-host/`). */
  pageDir: string;
  /** The session as it is now. */
  session(): DevSession;
  /** The page's event stream. */
  events: EventStream;
  /** Whether card log lines and uncaught errors are printed (`--no-logs` turns them off). */
  logs: boolean;
  /** Writes one report line (or lines) to the terminal. */
  print(text: string): void;
}

// Card log lines are at most 2,000 characters; a CSP report or an error with its stack stays far below this.
const BODY_LIMIT = 256 * 1024;

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(null));
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// The host answers only under its own name: a page on another site that resolves to 127.0.0.1 is refused.
function trustedHost(request: IncomingMessage): boolean {
  const host = request.headers.host ?? '';
  return /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i.test(host);
}

const REPORTS: Readonly<Record<string, (body: unknown, options: HostRoutesOptions) => string | null | false>> = {
  '/__dev/log': (body, options) => {
    const line = logLine(body);
    return line === null ? null : options.logs && line;
  },
  '/__dev/error': (body, options) => {
    const lines = errorLines(body, options.session().cardOrigin);
    return lines === null ? null : options.logs && lines;
  },
  '/__dev/finding': (body, options) => findingLine(body, options.session().cardOrigin),
  '/__dev/csp': (body, options) => cspReportLine(body, options.session().cardOrigin),
};

async function servePage(pathname: string, response: ServerResponse, pageDir: string): Promise<void> {
  const file = fileInFolder(pageDir, pathname);
  try {
    if (file === null) throw new Error('outside the page');
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': contentTypeFor(file), 'cache-control': 'no-store' }).end(body);
  } catch {
    if (pathname === '/' || pathname === '/index.html') {
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`The dev page is not built (${pageDir} is missing): run npm run build in the SDK.\n`);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${pathname}\n`);
  }
}

/** Answers one request of the host origin: the page, the session, the event stream and the reports. */
export async function serveHostRoute(
  request: IncomingMessage,
  response: ServerResponse,
  options: HostRoutesOptions,
): Promise<void> {
  if (!trustedHost(request)) {
    response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('forbidden host\n');
    return;
  }
  const pathname = new URL(request.url ?? '/', 'http://host').pathname;
  const report = Object.hasOwn(REPORTS, pathname) ? REPORTS[pathname] : undefined;
  if (report) {
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const text = await readBody(request);
    const line = text === null ? null : report(parseJson(text), options);
    if (line === null) {
      response.writeHead(text === null ? 413 : 400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(text === null ? 'too large\n' : 'malformed report\n');
      return;
    }
    if (line) options.print(line);
    response.writeHead(204).end();
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  if (pathname === '/__dev/session.json') {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(JSON.stringify(options.session()));
    return;
  }
  if (pathname === '/__dev/events') {
    options.events.attach(response);
    return;
  }
  await servePage(pathname, response, options.pageDir);
}
