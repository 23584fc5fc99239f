import { join, resolve } from 'node:path';
import type { DevNetworkOptions } from '../dev/dev-network.js';
import { appDataNote, findAppDataFolder } from '../dev/app-data.js';
import type { CanvasServer } from '../dev/canvas-server.js';
import { startDevServer, type DevServer } from '../dev/dev-server.js';
import { claudeMcpAddCommand } from '../dev/dev-mcp.js';
import { openBrowser } from '../dev/open-browser.js';
import { listenForKeys } from '../dev/terminal-keys.js';
import { parseCommandArgs } from './args.js';
import { paletteFor } from './colour.js';
import { DEV_HELP } from './help.js';
import { EXIT, UsageError, type CliIo, type ExitCode } from './io.js';
import { checkManifest } from './manifest-check.js';
import { sdkPackage } from './sdk-package.js';
import { canvasFileFor, cardFolders, startCanvas, wantsCanvas } from './dev-canvas.js';
import { printFindings } from './validate.js';

/** The options `dev` accepts (each one documented in DEV_HELP). */
export const DEV_OPTIONS = {
  port: { type: 'string' },
  'no-open': { type: 'boolean' },
  'no-build': { type: 'boolean' },
  'no-hmr': { type: 'boolean' },
  'no-logs': { type: 'boolean' },
  'user-data-dir': { type: 'string' },
  record: { type: 'string' },
  replay: { type: 'string' },
  canvas: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What tests (and other tools) may set beyond the command line. */
export interface DevCommandOverrides {
  /** The built dev page (default the SDK's `dist/dev-host/`). */
  pageDir?: string;
  /** Called once the host is up, with its URLs (the command keeps running until q). */
  onReady?: (urls: { hostUrl: string; cardUrl: string }) => void;
  /** The network's resolver and trusted certificate (tests reach a local API host by name). */
  network?: Pick<DevNetworkOptions, 'lookup' | 'ca'>;
}

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new UsageError(`--port must be a port number (0-65535), not "${value}"`);
  return port;
}

/** q, Ctrl-C or a termination signal, listened for from before the first build to the end. */
interface QuitListener {
  /** Aborted on the first q or signal. */
  readonly signal: AbortSignal;
  /** Resolves on the first q or signal. */
  readonly quitted: Promise<void>;
  /** Stops listening (the keys and the signals) without quitting. */
  stop(): void;
}

// Listens from the start, so a quit while the first build runs stops that build too (nothing is left running).
function listenForQuit(io: CliIo, reload: () => void): QuitListener {
  const controller = new AbortController();
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  let stopKeys = (): void => undefined;
  let resolveQuit = (): void => undefined;
  const quitted = new Promise<void>((resolve) => (resolveQuit = resolve));
  const stop = (): void => {
    stopKeys();
    stopKeys = () => undefined;
    for (const signal of signals) process.off(signal, quit);
  };
  const quit = (): void => {
    stop();
    controller.abort();
    resolveQuit();
  };
  if (io.stdin) stopKeys = listenForKeys(io.stdin, { reload, quit });
  for (const signal of signals) process.on(signal, quit);
  return { signal: controller.signal, quitted, stop };
}

/** `neurosquad-card dev [folder]`: the local host (page, card files, watch build, reloads) until q or Ctrl-C. */
export async function devCommand(
  args: readonly string[],
  io: CliIo,
  overrides: DevCommandOverrides = {},
): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs(args, DEV_OPTIONS, Number.POSITIVE_INFINITY);
  if (values.help) {
    io.out(DEV_HELP);
    return EXIT.ok;
  }
  const port = parsePort(values.port);
  if (values.record !== undefined && values.replay !== undefined) {
    throw new UsageError('--record and --replay cannot be used together');
  }
  const folders = cardFolders(io, positionals);
  const canvasFile = canvasFileFor(io, folders, values.canvas);
  const canvas = wantsCanvas(folders, values.canvas, canvasFile);
  if (canvas && (values.record !== undefined || values.replay !== undefined)) {
    throw new UsageError('--record and --replay work with one card; run dev on that card alone');
  }
  const folder = folders[0];
  const palette = paletteFor(io);
  let name = '';
  for (const each of folders) {
    const check = checkManifest(each);
    if (check.manifest !== null) {
      name ||= check.manifest.name;
      continue;
    }
    io.err(`neurosquad-card dev: the card in ${each} cannot run; fix these first:\n`);
    printFindings(io, { errors: check.errors, warnings: [] });
    return EXIT.problems;
  }
  const appData = findAppDataFolder(values['user-data-dir'], io.env);
  if (appData) io.out(palette.dim(appDataNote(appData)));

  let reload = (): void => undefined;
  const quit = listenForQuit(io, () => reload());
  let server: DevServer | CanvasServer;
  const pageDir = overrides.pageDir ?? join(sdkPackage().root, 'dist', 'dev-host');
  try {
    if (canvas) {
      server = await startCanvas(
        io,
        {
          folders,
          canvasFile,
          port,
          pageDir,
          build: !values['no-build'],
          logs: !values['no-logs'],
          out: (text) => io.out(text),
          signal: quit.signal,
          network: overrides.network,
        },
        palette.bold,
      );
    } else
      server = await startDevServer({
        folder,
        port,
        pageDir,
        build: !values['no-build'],
        hmr: !values['no-hmr'],
        logs: !values['no-logs'],
        out: (text) => io.out(text),
        signal: quit.signal,
        network: {
          record: values.record === undefined ? undefined : resolve(io.cwd, values.record),
          replay: values.replay === undefined ? undefined : resolve(io.cwd, values.replay),
          ...overrides.network,
        },
      });
  } catch (error) {
    quit.stop();
    if (!quit.signal.aborted) throw error;
    io.out('Stopped before the dev host was up; the build was stopped too.\n');
    return EXIT.ok;
  }
  const running = server;
  reload = () => running.reload('r pressed');
  if ('cards' in server) {
    overrides.onReady?.({ hostUrl: server.hostUrl, cardUrl: server.cards[0]?.server.cardUrl ?? '' });
  } else {
    io.out(
      `${palette.green('✔')} ${name} on the dev host: ${palette.bold(server.hostUrl)}\n` +
        `  card files from ${server.cardOrigin} · ${server.refresh ? 'served by Vite with Fast Refresh' : server.build ? `watching ${server.build.label}` : 'no build step: served as it is'}\n` +
        (server.refresh ? `  ${server.refresh}` : '') +
        `  tools over MCP at ${server.mcp.url}; add to Claude Code:\n    ${claudeMcpAddCommand(server.mcp)}\n` +
        `  ${palette.bold('r')} reload · ${palette.bold('q')} quit\n`,
    );
    overrides.onReady?.({ hostUrl: server.hostUrl, cardUrl: server.cardUrl });
  }
  if (!values['no-open']) {
    void openBrowser(server.hostUrl).then((failure) => {
      if (failure) io.out(`Could not open the browser (${failure}); open ${server.hostUrl} yourself.\n`);
    });
  }
  await quit.quitted;
  io.out('Stopping the dev host…\n');
  await server.close();
  return EXIT.ok;
}
