import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { contentTypeFor } from './content-types.js';
import { cardContentSecurityPolicy } from './csp.js';
import { fileInFolder } from './folder-path.js';
import { DEV_SANDBOX_PATH, DEV_SANDBOX_SCRIPT, DEV_SANDBOX_TAG } from './sandbox-script.js';

/** What the card file server reads on each request (the entry may change with the manifest). */
export interface CardFilesOptions {
  /** The card folder (absolute). */
  folder: string;
  /** The manifest's `entry`, relative to the folder. */
  entry(): string;
  /** This server's origin, `http://127.0.0.1:<port>`. */
  origin(): string;
  /** Where the browser posts CSP reports (the host server's `/__dev/csp`). */
  reportUrl(): string;
}

/** Puts the sandbox script tag first in `<head>` (adding a head when the page has none). */
function injectSandboxScript(html: string): string {
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

/** Answers one request of the card origin: a card file with the app's CSP, CORS open, never cached. */
export async function serveCardFile(
  request: IncomingMessage,
  response: ServerResponse,
  options: CardFilesOptions,
): Promise<void> {
  const headers: Record<string, string> = {
    'access-control-allow-origin': '*',
    'cache-control': 'no-store',
    'content-security-policy': cardContentSecurityPolicy(options.origin(), options.reportUrl()),
    'x-content-type-options': 'nosniff',
  };
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
  const file = fileInFolder(options.folder, pathname);
  let body: Buffer;
  try {
    if (file === null) throw new Error('outside the card');
    body = await readFile(file);
  } catch {
    response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    response.end(request.method === 'HEAD' ? undefined : `not found: ${pathname}\n`);
    return;
  }
  const isEntry = file === fileInFolder(options.folder, `/${entryUrlPath(options.entry())}`);
  const content = isEntry ? Buffer.from(injectSandboxScript(body.toString('utf8'))) : body;
  response.writeHead(200, { ...headers, 'content-type': contentTypeFor(file) });
  response.end(request.method === 'HEAD' ? undefined : content);
}
