import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { DECLARATIONS_FILE } from '../codegen/card-declarations.js';
import { MANIFEST_FILE } from '../contract/constants.js';
import type { NormalizedManifest } from '../contract/types.js';
import { RefusalError } from '../cli/io.js';
import { hasDeclarations, writeDeclarations } from '../cli/declarations-file.js';
import { AGENTS_FILE, writeAgentsSection } from '../cli/agents-file.js';
import { checkManifest, type ManifestCheck } from '../cli/manifest-check.js';
import { sanitizeText } from '../cli/sanitize.js';
import { buildPlan, type BuildPlan } from './build-plan.js';
import { CANVAS_FILE } from './canvas-file.js';
import { entryUrlPath, serveCardFile } from './card-files.js';
import { createEventStream } from './event-stream.js';
import { watchFolder, type FolderWatch } from './folder-watch.js';
import { serveHostRoute, type DevSession } from './host-routes.js';
import { DEFAULT_DEV_PORT, DEV_HOSTNAME, listenOn } from './listen.js';
import { createDevNetwork, type DevNetworkOptions } from './dev-network.js';
import { createDevMcp, type DevMcp, type DevMcpAccess, type DevMcpCard } from './dev-mcp.js';
import { createDevStorage } from './storage-routes.js';
import { startWatchBuild, type WatchBuild } from './watch-build.js';
import { startViteCard } from './vite-card-server.js';

/** Options of {@link startDevServer}. */
export interface DevServerOptions {
  /** The card folder (absolute); its manifest must be valid. */
  folder: string;
  /** The host port: exactly this one (0: any free one); omitted, 5180 or the next free one. */
  port?: number | undefined;
  /** The built dev page; default the SDK's `dist/dev-host/`. */
  pageDir: string;
  /** Run the folder's watch build when it has one (default true; `--no-build` turns it off). */
  build?: boolean | undefined;
  /** Run a card with a Vite config on its own Vite dev server, with Fast Refresh (default true; `--no-hmr` turns it off). */
  hmr?: boolean | undefined;
  /** Print card log lines and uncaught errors (default true; `--no-logs` turns it off). */
  logs?: boolean | undefined;
  /** Where the dev host prints (the terminal). */
  out: (text: string) => void;
  /** Quiet time after the last file change before the frame reloads (ms, default 60). */
  debounceMs?: number | undefined;
  /** How long to wait for the first build to write the entry (ms, default 120,000). */
  entryTimeoutMs?: number | undefined;
  /** `card.net.fetch`: `--record <file>`, `--replay <file>`, and a resolver and CA for tests. */
  network?: DevNetworkOptions | undefined;
  /** Aborted (Ctrl-C, q) while the first build runs: stop waiting, stop the build, reject. */
  signal?: AbortSignal | undefined;
  /** Hosted by a canvas page (src/dev/canvas-server.ts): no page server of its own, its routes under the canvas's. */
  mount?: DevMount | undefined;
}

/** Where a card's host routes live when the canvas server passes them on: its port and the path prefix. */
interface DevMount {
  /** The canvas server's port (already listening). */
  port(): number;
  /** The path the card's routes sit under, `/__card/<n>`; requests reach `serveHost` without it. */
  prefix: string;
  /** The canvas's MCP side, which serves every card of the page at the canvas's root (the canvas closes it). */
  mcp: DevMcp;
}

/** A running dev host: two loopback servers (the page and the card files), the watch build and the file watch. */
export interface DevServer {
  /** The page to open, `http://127.0.0.1:<port>/`. */
  readonly hostUrl: string;
  /** The card files' origin (a different port, so a different origin). */
  readonly cardOrigin: string;
  /** The entry page on the card origin. */
  readonly cardUrl: string;
  /** The watch build command, or null when the card is served as it is (or by Vite). */
  readonly build: BuildPlan | null;
  /** The MCP endpoint serving the card's tools to agents: its URL, bearer token and suggested name. */
  readonly mcp: DevMcpAccess;
  /** The card as the MCP side serves it: its page session's token and its manifest now. */
  mcpCard(): DevMcpCard;
  /** Tells `listener` each event the page's stream carries (a canvas relays them on its one page-wide stream). */
  listenEvents(listener: (event: string, data: unknown) => void): () => void;
  /** The line saying what Fast Refresh loosens in the card's CSP, or null when the card is not served by Vite. */
  readonly refresh: string | null;
  /** Reloads the card frame in every open page. */
  reload(reason: string): void;
  /** Stops the servers, the file watch and the watch build; resolves once everything is stopped. */
  close(): Promise<void>;
  /** Answers one request of the card's host routes (with `mount`, the canvas server calls it, prefix removed). */
  serveHost(request: IncomingMessage, response: ServerResponse): void;
}

function manifestFindings(check: ManifestCheck): string {
  return check.errors.map((error) => `  ✖ ${sanitizeText(error.where)}: ${sanitizeText(error.message)}\n`).join('');
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

// Resolves true once `path` exists, false when `gaveUp` says so or `timeoutMs` passed.
async function waitForFile(path: string, timeoutMs: number, gaveUp: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (gaveUp() || Date.now() > deadline) return existsSync(path);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Starts `neurosquad-card dev` on a card folder: the host page and the card files on two loopback origins, the
 * folder's watch build, and a file watch that reloads the frame. Bad input (an invalid manifest, a port in use, an
 * entry missing after the build) rejects with a `RefusalError` whose message says what to do.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { folder } = options;
  const out = (text: string): void => options.out(text);
  const logs = options.logs ?? true;
  const debounceMs = options.debounceMs ?? 60;
  const first = checkManifest(folder);
  if (first.manifest === null || first.raw === null) {
    throw new RefusalError(`${MANIFEST_FILE} has problems:\n${manifestFindings(first)}`);
  }
  let manifest = first.raw;
  let normalized = first.manifest;
  let entry = entryUrlPath(first.manifest.entry);
  // A card that keeps the generated src/neurosquad-card.d.ts gets it rewritten from each valid manifest.
  const typed = hasDeclarations(folder);
  const writeTypes = (valid: NormalizedManifest): void => {
    if (!typed) return;
    try {
      if (writeDeclarations(folder, valid).changed) out(`${DECLARATIONS_FILE} updated\n`);
      if (writeAgentsSection(folder, valid)?.changed) out(`${AGENTS_FILE} updated\n`);
    } catch (error) {
      out(`${DECLARATIONS_FILE} could not be written: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  };
  writeTypes(first.manifest);
  let build: DevSession['build'] = { ok: true };

  const events = createEventStream();
  // Per-session secrets: the card files' path segment, the page's report token, the card's CSP report token.
  const secret = randomBytes(18).toString('base64url');
  const token = randomBytes(18).toString('base64url');
  const reportToken = randomBytes(18).toString('base64url');
  let cardOrigin = '';
  let hostOrigin = '';
  let hostPort = 0;
  // A card with a Vite config runs on its own Vite dev server (Fast Refresh), not on its watch build.
  const viteEvents = {
    reload: (_reason: string): void => undefined,
    failed: (_output: string): void => undefined,
    updated: (): void => undefined,
  };
  const viteCard =
    (options.build ?? true) && (options.hmr ?? true)
      ? await startViteCard({
          folder,
          secret,
          origin: () => cardOrigin,
          reportUrl: () => `${hostOrigin}${options.mount?.prefix ?? ''}/__dev/csp?token=${reportToken}`,
          out,
          reload: (reason) => viteEvents.reload(reason),
          failed: (output) => viteEvents.failed(output),
          updated: () => viteEvents.updated(),
        })
      : null;
  if (viteCard) entry = viteCard.entry;
  const plan = (options.build ?? true) && !viteCard ? buildPlan(folder) : null;
  const cardServer =
    viteCard?.server ??
    createServer((request, response) => {
      void serveCardFile(request, response, {
        folder,
        origin: () => cardOrigin,
        secret,
        reportUrl: () => `${hostOrigin}${options.mount?.prefix ?? ''}/__dev/csp?token=${reportToken}`,
      });
    });
  const session = (): DevSession => ({
    manifest,
    cardUrl: `${cardOrigin}/${secret}/${entry}`,
    cardOrigin,
    folder,
    build,
    token,
  });
  const network = createDevNetwork(
    folder,
    () => normalized,
    out,
    () => hostPort,
    options.network,
  );
  // The card's storage, kept in the card folder across runs (src/dev/storage-file.ts).
  const storage = createDevStorage({ folder, token, port: () => hostPort, print: out });
  const mcpCard = (): DevMcpCard => ({ token, manifest: normalized });
  const mcp =
    options.mount?.mcp ??
    createDevMcp({ cards: () => [mcpCard()], name: () => `${normalized.name}-dev`, port: () => hostPort, print: out });
  const serveHost = (request: IncomingMessage, response: ServerResponse): void => {
    // On a canvas the canvas server answers the MCP routes, once, at its root.
    if (network.serve(request, response) || storage.serve(request, response)) return;
    if (!options.mount && mcp.serve(request, response)) return;
    void serveHostRoute(request, response, {
      pageDir: options.pageDir,
      session,
      events,
      logs,
      print: out,
      port: () => hostPort,
      cardRoot: () => `${cardOrigin}/${secret}`,
      reportToken,
    });
  };
  const hostServer = createServer(serveHost);

  let watchBuild: WatchBuild | null = null;
  let folderWatch: FolderWatch | null = null;
  let closing = false;
  const close = async (): Promise<void> => {
    closing = true;
    folderWatch?.close();
    events.close();
    await Promise.all([
      options.mount ? undefined : mcp.close(),
      closeServer(hostServer),
      closeServer(cardServer),
      watchBuild?.stop(),
      viteCard?.close(),
    ]);
  };

  try {
    const cardPort = await listenOn(cardServer, 0);
    cardOrigin = `http://${DEV_HOSTNAME}:${cardPort}`;
    hostPort = options.mount
      ? options.mount.port()
      : await listenOn(hostServer, options.port ?? DEFAULT_DEV_PORT, options.port === undefined);
    hostOrigin = `http://${DEV_HOSTNAME}:${hostPort}`;

    const setBuild = (next: DevSession['build']): void => {
      if (closing || (next.ok === build.ok && next.output === build.output)) return;
      build = next;
      events.send('build', next);
      if (!next.ok) {
        const body = (next.output ?? '').trimEnd().split('\n').slice(-40).join('\n    ');
        out(
          `build failed (${plan?.label ?? 'Vite'}); still serving the last good build:\n    ${sanitizeText(body, { multiline: true })}\n`,
        );
      }
    };
    viteEvents.failed = (output) => setBuild({ ok: false, output });
    viteEvents.updated = () => setBuild({ ok: true });
    let failTimer: NodeJS.Timeout | undefined;
    let okTimer: NodeJS.Timeout | undefined;
    if (plan) {
      out(`building: ${plan.label}\n`);
      watchBuild = startWatchBuild(folder, plan, {
        failed: (output) => {
          clearTimeout(failTimer);
          // A failing build prints in several pieces; report it once they are all in.
          failTimer = setTimeout(() => setBuild({ ok: false, output }), 150);
        },
        succeeded: () => {
          clearTimeout(failTimer);
          setBuild({ ok: true });
          // One line per build, however many pieces its success message comes in.
          clearTimeout(okTimer);
          okTimer = setTimeout(() => {
            if (!closing) out(`build ok (${plan.label})\n`);
          }, 150);
        },
        exited: (code, output) => {
          clearTimeout(failTimer);
          if (closing) return;
          if (code === 0) out(`${plan.label} finished\n`);
          else setBuild({ ok: false, output: `${output}\n${plan.label} exited with ${code ?? 'a signal'}` });
        },
      });
    }

    const entryPath = join(folder, ...entry.split('/'));
    const ready = await waitForFile(
      entryPath,
      plan ? (options.entryTimeoutMs ?? 120_000) : 0,
      () => !watchBuild?.running || options.signal?.aborted === true,
    );
    if (options.signal?.aborted) throw new RefusalError('stopped before the first build wrote the entry');
    if (!ready) {
      const output = watchBuild ? `\n${watchBuild.output().trimEnd()}` : '';
      throw new RefusalError(
        plan
          ? `the entry ${entry} does not exist after the build (${plan.label}); check the build's output folder and "entry" in ${MANIFEST_FILE}${output}`
          : `the entry ${entry} does not exist; build the card first, or fix "entry" in ${MANIFEST_FILE}`,
      );
    }

    let pending = new Set<string>();
    let reloadTimer: NodeJS.Timeout | undefined;
    const reload = (reason: string): void => {
      if (!closing) events.send('reload', { reason });
    };
    viteEvents.reload = reload;
    const outputFolder = plan ? dirname(entry).replace(/^\.$/, '') : '';
    const isOutput = (path: string): boolean =>
      outputFolder === '' || path === outputFolder || path.startsWith(`${outputFolder}/`);
    // What the manifest said when last read: an editor's save that fires the watch twice is reported once.
    let manifestSeen = JSON.stringify(first.raw);
    let manifestTimer: NodeJS.Timeout | undefined;
    const onManifest = (): void => {
      const check = checkManifest(folder);
      const seen = check.raw === null ? manifestFindings(check) : JSON.stringify(check.raw);
      if (seen === manifestSeen) return;
      manifestSeen = seen;
      if (check.manifest === null || check.raw === null) {
        out(
          `${MANIFEST_FILE} changed and has problems; the dev host keeps the last valid one:\n${manifestFindings(check)}`,
        );
        return;
      }
      manifest = check.raw;
      normalized = check.manifest;
      entry = viteCard?.entry ?? entryUrlPath(check.manifest.entry);
      out(`${MANIFEST_FILE} reloaded\n`);
      writeTypes(check.manifest);
      events.send('manifest', { manifest });
    };
    folderWatch = watchFolder(folder, (path) => {
      viteCard?.saw(path);
      if (path === MANIFEST_FILE) {
        clearTimeout(manifestTimer);
        manifestTimer = setTimeout(onManifest, debounceMs);
        return;
      }
      // The canvas layout file (src/dev/canvas-file.ts) is the page's to write, not the card's output.
      if (!isOutput(path) || path === CANVAS_FILE || (viteCard && !viteCard.reloads(path))) return;
      pending.add(path);
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => {
        const changed = [...pending].sort();
        pending = new Set();
        if (plan && !build.ok) setBuild({ ok: true });
        const more = changed.length > 1 ? ` and ${changed.length - 1} more` : '';
        reload(`${changed[0] ?? 'a file'} changed${more}`);
      }, debounceMs);
    });

    return {
      hostUrl: `${hostOrigin}${options.mount?.prefix ?? ''}/`,
      serveHost,
      cardOrigin,
      get cardUrl() {
        return `${cardOrigin}/${secret}/${entry}`;
      },
      build: plan,
      mcp: mcp.access(),
      mcpCard,
      listenEvents: (listener) => events.listen(listener),
      refresh: viteCard?.looseningLine() ?? null,
      reload,
      close: async () => {
        clearTimeout(reloadTimer);
        clearTimeout(failTimer);
        clearTimeout(okTimer);
        clearTimeout(manifestTimer);
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
