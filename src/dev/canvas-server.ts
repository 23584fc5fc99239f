import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { basename } from 'node:path';
import { RefusalError } from '../cli/io.js';
import { checkManifest } from '../cli/manifest-check.js';
import { sanitizeText } from '../cli/sanitize.js';
import {
  readCanvasFile,
  readCanvasLayout,
  unknownArrowEnds,
  writeCanvasFile,
  type CanvasArrow,
  type CanvasBuiltinCard,
  type CanvasFinding,
  type CanvasLayout,
  type CanvasPlace,
} from './canvas-file.js';
import { createDevMcp, type DevMcpAccess } from './dev-mcp.js';
import { createEventStream } from './event-stream.js';
import { startDevServer, type DevServer, type DevServerOptions } from './dev-server.js';
import { DEFAULT_DEV_PORT, DEV_HOSTNAME, listenOn } from './listen.js';
import { loopbackOrigins, refuseStranger } from './loopback-host.js';
import { sameSecret } from './same-secret.js';
import { parseJson, readBody } from './request-body.js';

/** Options of {@link startCanvasServer}: those of one card's dev host, for several folders and a layout file. */
export interface CanvasServerOptions extends Omit<DevServerOptions, 'folder' | 'mount' | 'network'> {
  /** The card folders given on the command line (absolute); the file's own folders follow them. */
  folders: string[];
  /** The layout file (absolute). */
  canvasFile: string;
  /** The network's resolver and CA (tests); `--record`/`--replay` stay with one-card `dev`. */
  network?: Pick<NonNullable<DevServerOptions['network']>, 'lookup' | 'ca'> | undefined;
}

/** One card folder of the canvas as the page learns it. */
interface CanvasFolderEntry extends CanvasPlace {
  /** The manifest `name`, which arrows use. */
  name: string;
  folder: string;
  /** Where its host routes are on the canvas server (`/__card/<n>`). */
  base: string;
}

/** What `GET /__dev/canvas.json` answers. */
export interface CanvasDescription {
  file: string;
  /** The secret every write of the layout carries (`?token=`). */
  token: string;
  cards: CanvasFolderEntry[];
  builtins: CanvasBuiltinCard[];
  arrows: CanvasArrow[];
  findings: CanvasFinding[];
}

/** A running canvas: the page server and one card dev host per folder. */
export interface CanvasServer {
  /** The page to open. */
  readonly hostUrl: string;
  /** Each card's dev host, in canvas order. */
  readonly cards: readonly { name: string; server: DevServer }[];
  /** The MCP endpoint serving every card's tools to agents (`/mcp` on the page's port). */
  readonly mcp: DevMcpAccess;
  /** The layout as it is now (the file as last written). */
  description(): CanvasDescription;
  /** Reloads every card frame. */
  reload(reason: string): void;
  /** Stops everything. */
  close(): Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;
/** The page's one stream of every card's events (`reload`, `manifest`, `build`, `finding`), as `{ card, data }`. */
const CANVAS_EVENTS_PATH = '/__dev/canvas-events';

/** Prints each line of `text` after `[name] `. */
function prefixed(out: (text: string) => void, name: string): (text: string) => void {
  return (text) =>
    out(
      text
        .split('\n')
        .map((line, index, lines) => (index === lines.length - 1 && line === '' ? '' : `[${name}] ${line}`))
        .join('\n'),
    );
}

/** Prints the file's findings, one a line: file, path, message. */
function canvasFindingLines(findings: readonly CanvasFinding[]): string {
  return findings
    .map((finding) => `  ✖ ${sanitizeText(finding.file)} ${finding.path}: ${sanitizeText(finding.message)}\n`)
    .join('');
}

function cardName(folder: string): string {
  return checkManifest(folder).manifest?.name ?? basename(folder);
}

/**
 * Starts `neurosquad-card dev` on several folders: one page (the canvas) on the host port, each card's files on
 * its own origin with its own secret path, build, watch, network and reports, and the layout file read at start
 * and written when the page draws. Bad layout content is printed as findings naming the file and path.
 */
export async function startCanvasServer(options: CanvasServerOptions): Promise<CanvasServer> {
  const { canvasFile, out } = options;
  const read = readCanvasFile(canvasFile);
  const folders: string[] = [];
  const places = new Map<string, CanvasPlace>();
  for (const folder of options.folders) if (!folders.includes(folder)) folders.push(folder);
  const builtins: CanvasBuiltinCard[] = [];
  for (const card of read.layout.cards) {
    if ('folder' in card) {
      if (!folders.includes(card.folder)) folders.push(card.folder);
      const { folder, ...place } = card;
      places.set(folder, place);
    } else builtins.push(card);
  }
  const names = folders.map(cardName);
  const seen = new Set<string>();
  for (const [index, name] of names.entries()) {
    if (seen.has(name)) throw new RefusalError(`two cards are named ${name} (${folders[index]}); arrows name cards`);
    seen.add(name);
  }
  const findings = [...read.findings];
  for (const builtin of builtins) {
    if (seen.has(builtin.id)) {
      findings.push({ file: canvasFile, path: 'cards', message: `the id ${builtin.id} is also a card's name` });
    }
    seen.add(builtin.id);
  }
  findings.push(...unknownArrowEnds(read.layout, seen, canvasFile));
  let arrows = read.layout.arrows.filter((arrow) => seen.has(arrow.from) && seen.has(arrow.to));
  let currentBuiltins = builtins;
  if (findings.length > 0)
    out(`${canvasFile} has problems; the canvas leaves those parts out:\n${canvasFindingLines(findings)}`);

  const token = randomBytes(18).toString('base64url');
  const cards: { name: string; server: DevServer }[] = [];
  let hostPort = 0;
  // One MCP endpoint for the page: every card's tools, reached through the page's one link stream.
  const mcp = createDevMcp({
    cards: () => cards.map((card) => card.server.mcpCard()),
    name: () => 'neurosquad-canvas-dev',
    port: () => hostPort,
    print: out,
  });
  const description = (): CanvasDescription => ({
    file: canvasFile,
    token,
    cards: cards.map((card, index) => ({
      name: card.name,
      folder: folders[index],
      base: `/__card/${index}`,
      ...places.get(folders[index]),
    })),
    builtins: currentBuiltins,
    arrows,
    findings,
  });

  // The page posts the layout it shows; the file keeps it (folders as the file names them, relative).
  const saveLayout = (body: unknown): string | null => {
    const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const entries = Array.isArray(value.cards) ? (value.cards as unknown[]) : [];
    const byName = new Map(cards.map((card, index) => [card.name, folders[index]]));
    const layoutCards = entries.map((entry) => {
      const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      const folder = typeof record.name === 'string' ? byName.get(record.name) : undefined;
      if (folder === undefined) return entry;
      const { name: _name, base: _base, folder: _folder, ...rest } = record;
      return { ...rest, folder };
    });
    const check = readCanvasLayout({ cards: layoutCards, arrows: value.arrows }, canvasFile);
    if (check.findings.length > 0) return canvasFindingLines(check.findings);
    const layout: CanvasLayout = check.layout;
    const known = new Set([
      ...cards.map((card) => card.name),
      ...layout.cards.flatMap((c) => ('id' in c ? [c.id] : [])),
    ]);
    const unknown = unknownArrowEnds(layout, known, canvasFile);
    if (unknown.length > 0) return canvasFindingLines(unknown);
    for (const card of layout.cards) {
      if ('folder' in card) {
        const { folder, ...place } = card;
        places.set(folder, place);
      }
    }
    currentBuiltins = layout.cards.filter((card): card is CanvasBuiltinCard => 'builtin' in card);
    arrows = layout.arrows;
    const written: CanvasLayout = {
      cards: [...folders.map((folder) => ({ folder, ...places.get(folder) })), ...currentBuiltins],
      arrows,
    };
    writeCanvasFile(canvasFile, written);
    return null;
  };

  const serveCanvas = async (request: IncomingMessage, response: ServerResponse, pathname: string) => {
    if (pathname === '/__dev/canvas.json' && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(description()));
      return;
    }
    const query = new URL(request.url ?? '/', 'http://host').searchParams;
    const origin = request.headers.origin;
    if (
      request.method !== 'POST' ||
      !sameSecret(query.get('token'), token) ||
      origin === undefined ||
      !loopbackOrigins(hostPort).includes(origin)
    ) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('forbidden\n');
      return;
    }
    const text = await readBody(request, BODY_LIMIT);
    const problems = text === null ? 'too large\n' : saveLayout(parseJson(text));
    if (problems !== null) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(problems);
      return;
    }
    response.writeHead(204).end();
  };

  // Every card's page events on one stream, each tagged with its card's index: a browser keeps at most 6
  // connections to a host, so one stream per card would stall a canvas of 6 cards.
  const relayEvents = (response: ServerResponse): void => {
    const stream = createEventStream();
    stream.attach(response);
    const stops = cards.map((card, index) =>
      card.server.listenEvents((event, data) => stream.send(event, { card: index, data })),
    );
    response.on('close', () => {
      for (const stop of stops) stop();
      stream.close();
    });
  };

  const hostServer = createServer((request, response) => {
    response.setHeader('content-security-policy', "frame-ancestors 'none'");
    response.setHeader('x-frame-options', 'DENY');
    // A card's routes refuse strangers by their own rules (its frame may report CSP findings); the canvas's below.
    if (refuseStranger(request, response, hostPort)) return;
    const url = new URL(request.url ?? '/', 'http://host');
    const mounted = /^\/__card\/(\d+)(\/.*)$/.exec(url.pathname);
    if (!mounted && mcp.serve(request, response)) return;
    if (mounted) {
      const card = cards[Number(mounted[1])];
      if (!card) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('no such card\n');
        return;
      }
      request.url = `${mounted[2]}${url.search}`;
      card.server.serveHost(request, response);
      return;
    }
    if (url.pathname === CANVAS_EVENTS_PATH) {
      if (refuseStranger(request, response, hostPort, loopbackOrigins(hostPort))) return;
      if (request.method !== 'GET' || !sameSecret(url.searchParams.get('token'), token)) {
        response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('forbidden\n');
        return;
      }
      relayEvents(response);
      return;
    }
    if (url.pathname === '/__dev/canvas.json' || url.pathname === '/__dev/canvas') {
      if (refuseStranger(request, response, hostPort, loopbackOrigins(hostPort))) return;
      void serveCanvas(request, response, url.pathname);
      return;
    }
    // The page itself: the first card's routes serve the built page files.
    const first = cards[0];
    if (first) first.server.serveHost(request, response);
    else response.writeHead(503).end();
  });

  const close = async (): Promise<void> => {
    await Promise.all([...cards.map((card) => card.server.close()), mcp.close()]);
    await new Promise<void>((resolve) => {
      if (!hostServer.listening) {
        resolve();
        return;
      }
      hostServer.close(() => resolve());
      hostServer.closeAllConnections();
    });
  };
  try {
    hostPort = await listenOn(hostServer, options.port ?? DEFAULT_DEV_PORT, options.port === undefined);
    const started = await Promise.allSettled(
      folders.map((folder, index) =>
        startDevServer({
          ...options,
          folder,
          network: options.network,
          // Fast Refresh runs for one card on its own page; on a canvas a save reloads the card's frame.
          hmr: false,
          out: prefixed(out, names[index]),
          mount: { port: () => hostPort, prefix: `/__card/${index}`, mcp },
        }),
      ),
    );
    started.forEach((result, index) => {
      if (result.status === 'fulfilled') cards.push({ name: names[index], server: result.value });
    });
    const failed = started.findIndex((result) => result.status === 'rejected');
    if (failed >= 0) {
      const reason = (started[failed] as PromiseRejectedResult).reason as unknown;
      const message = reason instanceof Error ? reason.message : String(reason);
      throw new RefusalError(`${names[failed]} (${folders[failed]}): ${message}`);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    hostUrl: `http://${DEV_HOSTNAME}:${hostPort}/`,
    cards,
    mcp: mcp.access(),
    description,
    reload: (reason) => {
      for (const card of cards) card.server.reload(reason);
    },
    close,
  };
}
