import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type * as Vite from 'vite';
import { RefusalError } from '../cli/io.js';
import { sanitizeText } from '../cli/sanitize.js';
import { cardFileOrigins, injectSandboxScript } from './card-files.js';
import { passDroppedSaves, type DroppedSaves } from './dropped-saves.js';
import { fileInFolder } from './folder-path.js';
import { moveInjectedScripts } from './injected-scripts.js';
import { isLoopbackHost, refuseStranger } from './loopback-host.js';
import { refreshContentSecurityPolicy, refreshLooseningLine } from './refresh-csp.js';
import { readRegularFile } from './regular-file.js';
import { DEV_SANDBOX_PATH, DEV_SANDBOX_SCRIPT } from './sandbox-script.js';
import { STORAGE_FILE } from './storage-file.js';
import { leavesFolder, viteConfigOf, vitePackageOf } from './vite-card-paths.js';

/** What the card's Vite dev server needs from the dev host, and what it tells it. */
export interface ViteCardOptions {
  /** The card folder (absolute). */
  folder: string;
  /** The session's secret first path segment: Vite's `base` is `/<secret>/`. */
  secret: string;
  /** This server's origin, `http://127.0.0.1:<port>`, once it listens. */
  origin(): string;
  /** Where the browser posts CSP reports. */
  reportUrl(): string;
  /** Where Vite's warnings and errors are printed (the terminal). */
  out(text: string): void;
  /** Vite asks for a full reload (a change Fast Refresh cannot apply): the host reloads the frame. */
  reload(reason: string): void;
  /** A module failed to build; the frame keeps running the last good version. */
  failed(output: string): void;
  /** An update went out to the frame (a failure before it is over). */
  updated(): void;
}

/** The card served by its own Vite dev server, as the card origin. */
export interface ViteCard {
  /** The card origin's server, not yet listening; it carries Vite's HMR socket. */
  readonly server: Server;
  /** The page the frame loads, below the secret (`index.html` at Vite's root). */
  readonly entry: string;
  /** Whether a changed file (relative to the folder) needs the frame reloaded by the host: no module Vite serves. */
  reloads(path: string): boolean;
  /** Dev's folder watch saw a file (relative to the folder) change: a save Vite's watcher dropped is passed on. */
  saw(path: string): void;
  /** The line saying what the card's CSP loosens for the dev server. */
  looseningLine(): string;
  /** Stops Vite (its watcher and socket); the server is closed by its owner. */
  close(): Promise<void>;
}

/** The prefix of the files moved out of the page (React's refresh preamble), below the secret. */
const MOVED_PREFIX = '/@neurosquad-dev/';

async function loadVite(packageFolder: string): Promise<typeof Vite> {
  return (await import(pathToFileURL(join(packageFolder, 'dist', 'node', 'index.js')).href)) as typeof Vite;
}

function plain(text: string): string {
  return sanitizeText(stripVTControlCharacters(text), { multiline: true }).trimEnd();
}

// Vite's warnings and errors in the terminal; its own info lines (and the transform errors the host reports) not.
function terminalLogger(out: (text: string) => void): Vite.Logger {
  const warned = new Set<string>();
  const logger: Vite.Logger = {
    hasWarned: false,
    info: () => undefined,
    warn: (message) => {
      logger.hasWarned = true;
      out(`vite: ${plain(message)}\n`);
    },
    warnOnce: (message) => {
      if (warned.has(message)) return;
      warned.add(message);
      logger.warn(message);
    },
    error: (message) => {
      if (!plain(message).startsWith('Internal server error')) out(`vite: ${plain(message)}\n`);
    },
    clearScreen: () => undefined,
    hasErrorLogged: () => false,
  };
  return logger;
}

function errorText(folder: string, err: Vite.ErrorPayload['err']): string {
  const where = err.loc?.file ?? err.id;
  const file =
    where === undefined
      ? ''
      : `${relative(folder, where.split('?')[0] ?? where)
          .split(sep)
          .join('/')}: `;
  return plain(`${file}${err.message}${err.frame ? `\n${err.frame}` : ''}`);
}

// Reloads go through the host (which hands the new page its port), errors to the host's banner; the frame's own
// `location.reload()` would be a navigation the host refuses to serve. Called on each (re)start of Vite.
function routeHotPayloads(server: Vite.ViteDevServer, options: ViteCardOptions): void {
  const hot = server.environments.client.hot;
  const send: (...args: unknown[]) => void = hot.send.bind(hot);
  hot.send = (payload: Vite.HotPayload | string, ...rest: unknown[]): void => {
    if (typeof payload === 'object') {
      if (payload.type === 'full-reload') {
        const file = payload.triggeredBy ? relative(options.folder, payload.triggeredBy).split(sep).join('/') : '';
        options.reload(file ? `${file} changed (Fast Refresh cannot apply it)` : 'the dev server asked for a reload');
        return;
      }
      if (payload.type === 'error') options.failed(errorText(options.folder, payload.err));
      if (payload.type === 'update') options.updated();
    }
    send(payload, ...rest);
  };
}

/**
 * Starts the card's own Vite (from its node_modules, with its config) in middleware mode as the card origin:
 * `base` is the session's secret, files only from the card folder (`server.fs.strict`), loopback `Host` only, CORS
 * and the HMR socket only for the sandboxed frame (`Origin: null`), the app's CSP loosened for the socket and the
 * injected styles only, React's refresh preamble moved from the page to a file. Null when the folder has no Vite
 * config or no Vite installed (the card is then built and served as without Fast Refresh).
 */
export async function startViteCard(options: ViteCardOptions): Promise<ViteCard | null> {
  const { folder, secret } = options;
  const configFile = viteConfigOf(folder);
  const vitePackage = configFile === null ? null : vitePackageOf(folder);
  if (configFile === null || vitePackage === null) return null;
  const vite = await loadVite(vitePackage);
  const prefix = `/${secret}`;
  const styleNonce = randomBytes(18).toString('base64url');
  const port = (): number => Number(new URL(options.origin()).port);
  const socket = (): string => `ws://127.0.0.1:${port()}`;
  const moved = new Map<string, string>();
  // Vite's socket listens here; the server hands it only the upgrades that pass the checks below.
  const upgrades = new EventEmitter();

  const policy = (): string =>
    refreshContentSecurityPolicy(options.origin(), options.reportUrl(), { socket: socket(), styleNonce });
  let dev: Vite.ViteDevServer | null = null;
  let dropped: DroppedSaves | undefined;
  let allowed = [folder];

  const serveHtml = async (inner: string, url: string, response: ServerResponse, head: boolean): Promise<boolean> => {
    const root = dev?.config.root ?? folder;
    const file = fileInFolder(root, inner);
    const body = file === null ? null : await readRegularFile(root, file);
    if (body === null || dev === null) return false;
    const source = body.toString('utf8');
    const page = await dev.transformIndexHtml(url, source);
    const { html, files } = moveInjectedScripts(page, source, (name) => `${prefix}${MOVED_PREFIX}${name}`);
    for (const [name, code] of files) moved.set(name, code);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(head ? undefined : injectSandboxScript(html));
    return true;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (refuseStranger(request, response, port(), cardFileOrigins(options.origin(), options.reportUrl()))) return;
    response.setHeader('content-security-policy', policy());
    response.setHeader('x-content-type-options', 'nosniff');
    response.setHeader('vary', 'origin');
    if (request.headers.origin === 'null') response.setHeader('access-control-allow-origin', 'null');
    const notFound = (): void => {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = request.url ?? '/';
    const pathname = url.split('?')[0] ?? '/';
    const head = request.method === 'HEAD';
    if (pathname === DEV_SANDBOX_PATH) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(head ? undefined : DEV_SANDBOX_SCRIPT);
      return;
    }
    if (!pathname.startsWith(`${prefix}/`) || dev === null) {
      notFound();
      return;
    }
    const inner = pathname.slice(prefix.length);
    if (inner.startsWith(MOVED_PREFIX)) {
      const code = moved.get(inner.slice(MOVED_PREFIX.length));
      if (code === undefined) return notFound();
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(head ? undefined : code);
      return;
    }
    if (leavesFolder(dev.config.root, allowed, inner)) return notFound();
    if ((inner.endsWith('/') || inner.endsWith('.html')) && !url.includes('?')) {
      if (await serveHtml(inner, inner, response, head)) return;
    }
    // Vite passes on what it does not serve (404) and, in middleware mode, its transform errors (500, reported).
    dev.middlewares(request, response, (error?: unknown) => {
      if (error === undefined) return notFound();
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('the module failed to build\n');
    });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.out(`vite: ${plain(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('the dev server failed on this request; see the terminal\n');
    });
  });
  server.on('upgrade', (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    // Only the sandboxed frame (an opaque origin) on the loopback name, to the socket below the secret.
    if (!isLoopbackHost(request, port()) || request.headers.origin !== 'null' || path !== `${prefix}/`) {
      stream.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    upgrades.emit('upgrade', request, stream, head);
  });

  try {
    dev = await vite.createServer({
      configFile,
      root: folder,
      base: `${prefix}/`,
      mode: 'development',
      appType: 'custom',
      clearScreen: false,
      customLogger: terminalLogger((text) => options.out(text)),
      html: { cspNonce: styleNonce },
      server: {
        middlewareMode: true,
        host: '127.0.0.1',
        allowedHosts: [],
        cors: { origin: ['null'] },
        ws: { server: upgrades as unknown as Server },
        hmr: { overlay: false },
        fs: {
          strict: true,
          allow: [folder],
          // The kept storage (src/dev/storage-file.ts) is the page's to read, never the frame's.
          deny: [
            '.env',
            '.env.*',
            '*.{crt,pem,key,p12,pfx,cer,der}',
            '.npmrc',
            '.yarnrc.yml',
            '**/.git/**',
            STORAGE_FILE,
          ],
        },
      },
      plugins: [
        {
          name: 'neurosquad-card:dev-frame',
          apply: 'serve',
          configureServer(started) {
            routeHotPayloads(started, options);
            // Each (re)start of Vite has a new watcher.
            dropped?.stop();
            dropped = passDroppedSaves(started.watcher);
          },
        },
      ],
    });
  } catch (error) {
    const reason = plain(error instanceof Error ? error.message : String(error));
    throw new RefusalError(
      `Vite could not start with ${relative(folder, configFile)}: ${reason}\nfix the config, or run dev with --no-hmr to build with the watch script instead`,
    );
  }
  const viteServer = dev;
  // Outside the card folder only Vite's own client is served (what a config adds to fs.allow is not).
  allowed = [realpathSync(folder), join(vitePackage, 'dist', 'client')];
  const outDir = join(viteServer.config.root, viteServer.config.build.outDir);

  return {
    server,
    entry: 'index.html',
    reloads(path) {
      const file = join(folder, ...path.split('/'));
      if (path.endsWith('.d.ts') || file === outDir || file.startsWith(outDir + sep)) return false;
      if (path.endsWith('.html')) return false;
      return (viteServer.moduleGraph.getModulesByFile(file)?.size ?? 0) === 0;
    },
    saw: (path) => dropped?.saw(join(folder, ...path.split('/'))),
    looseningLine: () => refreshLooseningLine(socket()),
    close: () => {
      dropped?.stop();
      return viteServer.close();
    },
  };
}
