import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeFor } from './content-types.js';
import { cardContentSecurityPolicy } from './csp.js';
import { fileInFolder } from './folder-path.js';
import { refuseStranger } from './loopback-host.js';
import { readRegularFile } from './regular-file.js';
import { DEV_SANDBOX_PATH, DEV_SANDBOX_SCRIPT, DEV_SANDBOX_TAG } from './sandbox-script.js';

/** What the card file server reads on each request. */
export interface CardFilesOptions {
  /** The card folder (absolute). */
  folder: string;
  /** This server's origin, `http://127.0.0.1:<port>`. */
  origin(): string;
  /**
   * The session's random first path segment: card files are served only under `/<secret>/`, so a page that
   * learns the port still cannot name them; only the dev page (which gives the frame its URL) knows it.
   */
  secret: string;
  /** Where the browser posts CSP reports (the host server's `/__dev/csp`). */
  reportUrl(): string;
}

/** Puts the sandbox script tag first in `<head>` (adding a head when the page has none). */
export function injectSandboxScript(html: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head)
    return html.slice(0, head.index + head[0].length) + DEV_SANDBOX_TAG + html.slice(head.index + head[0].length);
  const root = /<html(?:\s[^>]*)?>/i.exec(html);
  const at = root ? root.index + root[0].length : (/<!doctype[^>]*>/i.exec(html)?.[0].length ?? 0);
  return `${html.slice(0, at)}<head>${DEV_SANDBOX_TAG}</head>${html.slice(at)}`;
}

/** Normalizes an entry path the way URLs name it (`./dist/index.html` → `dist/index.html`). */
export function entryUrlPath(entry: string): string {
  return entry.replace(/^\.?\/+/, '').replace(/\\/g, '/');
}

/**
 * Who may fetch card files: the sandboxed card frame (an opaque origin, `null`), a page on the card origin itself,
 * and the dev page (on the origin of `reportUrl`, the host server).
 */
export function cardFileOrigins(cardOrigin: string, reportUrl: string): string[] {
  return ['null', cardOrigin, new URL(reportUrl).origin];
}

/**
 * Answers one request of the card origin: a card file with the app's CSP, never cached, readable cross-origin
 * only by an opaque origin (the sandboxed card frame sends `Origin: null` for its module scripts). Only a
 * loopback `Host`, only paths under the session's secret, only regular files inside the folder reached without
 * a symbolic link.
 */
export async function serveCardFile(
  request: IncomingMessage,
  response: ServerResponse,
  options: CardFilesOptions,
): Promise<void> {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': cardContentSecurityPolicy(options.origin(), options.reportUrl()),
    'x-content-type-options': 'nosniff',
    vary: 'origin',
  };
  if (request.headers.origin === 'null') headers['access-control-allow-origin'] = 'null';
  const notFound = (pathname: string): void => {
    response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    response.end(request.method === 'HEAD' ? undefined : `not found: ${pathname}\n`);
  };
  const port = Number(new URL(options.origin()).port);
  if (refuseStranger(request, response, port, cardFileOrigins(options.origin(), options.reportUrl()))) return;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
    return;
  }
  const pathname = new URL(request.url ?? '/', 'http://card').pathname;
  if (pathname === DEV_SANDBOX_PATH) {
    response.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' });
    response.end(request.method === 'HEAD' ? undefined : DEV_SANDBOX_SCRIPT);
    return;
  }
  const prefix = `/${options.secret}`;
  if (!pathname.startsWith(`${prefix}/`)) {
    notFound(pathname);
    return;
  }
  const file = fileInFolder(options.folder, pathname.slice(prefix.length));
  const body = file === null ? null : await readRegularFile(options.folder, file);
  if (file === null || body === null) {
    notFound(pathname.slice(prefix.length));
    return;
  }
  // Every card page gets the sandbox script, the entry and any page the card navigates to.
  const type = contentTypeFor(file);
  const content = type.startsWith('text/html') ? Buffer.from(injectSandboxScript(body.toString('utf8'))) : body;
  response.writeHead(200, { ...headers, 'content-type': type });
  response.end(request.method === 'HEAD' ? undefined : content);
}
