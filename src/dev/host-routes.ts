import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeFor } from './content-types.js';
import type { EventStream } from './event-stream.js';
import { fileInFolder } from './folder-path.js';
import { loopbackOrigins, refuseStranger } from './loopback-host.js';
import { readRegularFile } from './regular-file.js';
import { parseJson, readBody } from './request-body.js';
import { cspFindingText, cspLine, errorLines, findingLine, logLine } from './report-lines.js';
import { sameSecret } from './same-secret.js';

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
  /** The per-session secret the page sends with each report (`?token=`); only the dev page can read it. */
  token: string;
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
  /** This server's port (requests must name it in `Host`, reports come from its origins). */
  port(): number;
  /** Where the card's files are: the card origin and its secret path segment (file names are shown without it). */
  cardRoot(): string;
  /** The secret the card's CSP report URL carries (`/__dev/csp?token=`), other than the page's own. */
  reportToken: string;
}

// Card log lines are at most 2,000 characters; a CSP report or an error with its stack stays far below this.
const BODY_LIMIT = 256 * 1024;

/** The card frame's origin (where its CSP reports may come from). */
function cardOrigin(options: HostRoutesOptions): string {
  return new URL(options.cardRoot()).origin;
}

// A report is printed only when it comes from the dev page (its origin and the session's token) or, for CSP
// reports, from the browser on the card frame's behalf (no origin or an opaque one, and the report token).
function trustedReport(request: IncomingMessage, pathname: string, options: HostRoutesOptions): boolean {
  const token = new URL(request.url ?? '/', 'http://host').searchParams.get('token');
  const origin = request.headers.origin;
  if (pathname === '/__dev/csp') {
    return (
      sameSecret(token, options.reportToken) &&
      (origin === undefined || origin === 'null' || origin === cardOrigin(options))
    );
  }
  return (
    sameSecret(token, options.session().token) &&
    origin !== undefined &&
    loopbackOrigins(options.port()).includes(origin)
  );
}

const REPORTS: Readonly<Record<string, (body: unknown, options: HostRoutesOptions) => string | null | false>> = {
  '/__dev/log': (body, options) => {
    const line = logLine(body);
    return line === null ? null : options.logs && line;
  },
  '/__dev/error': (body, options) => {
    const lines = errorLines(body, options.cardRoot());
    return lines === null ? null : options.logs && lines;
  },
  '/__dev/finding': (body, options) => findingLine(body, options.cardRoot()),
  '/__dev/csp': (body, options) => {
    const text = cspFindingText(body, options.cardRoot());
    if (text === null) return null;
    // The page lists it with the card's findings (and a canvas on its timeline), as it does the frame's own.
    options.events.send('finding', { kind: 'csp', message: text });
    return cspLine(text);
  },
};

async function servePage(pathname: string, response: ServerResponse, pageDir: string): Promise<void> {
  const file = fileInFolder(pageDir, pathname);
  const body = file === null ? null : await readRegularFile(pageDir, file);
  if (file !== null && body !== null) {
    response.writeHead(200, { 'content-type': contentTypeFor(file), 'cache-control': 'no-store' }).end(body);
  } else if (pathname === '/' || pathname === '/index.html') {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`The dev page is not built (${pageDir} is missing): run npm run build in the SDK.\n`);
  } else {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${pathname}\n`);
  }
}

/**
 * Answers one request of the host origin: the page, the session, the event stream and the reports. Only under
 * a loopback `Host` naming this port; never inside another site's frame; reports only from the page (or the
 * card frame's CSP reports), each with the session's secret.
 */
export async function serveHostRoute(
  request: IncomingMessage,
  response: ServerResponse,
  options: HostRoutesOptions,
): Promise<void> {
  // The page's buttons call tools and grant permissions: no other site may frame it (clickjacking).
  response.setHeader('content-security-policy', "frame-ancestors 'none'");
  response.setHeader('x-frame-options', 'DENY');
  const pathname = new URL(request.url ?? '/', 'http://host').pathname;
  // The page's own requests, and the card frame's CSP reports (an opaque origin, or the card's).
  const origins = loopbackOrigins(options.port());
  const csp = pathname === '/__dev/csp';
  if (refuseStranger(request, response, options.port(), csp ? [...origins, 'null', cardOrigin(options)] : origins)) {
    return;
  }
  const report = Object.hasOwn(REPORTS, pathname) ? REPORTS[pathname] : undefined;
  if (report) {
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    if (!trustedReport(request, pathname, options)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('forbidden report\n');
      return;
    }
    const text = await readBody(request, BODY_LIMIT);
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
