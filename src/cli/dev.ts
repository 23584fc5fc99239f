import { join, resolve } from 'node:path';
import type { DevNetworkOptions } from '../dev/dev-network.js';
import { appDataNote, findAppDataFolder } from '../dev/app-data.js';
import { startDevServer } from '../dev/dev-server.js';
import { openBrowser } from '../dev/open-browser.js';
import { listenForKeys } from '../dev/terminal-keys.js';
import { parseCommandArgs } from './args.js';
import { resolveCardFolder } from './card-folder.js';
import { paletteFor } from './colour.js';
import { DEV_HELP } from './help.js';
import { EXIT, UsageError, type CliIo, type ExitCode } from './io.js';
import { checkManifest } from './manifest-check.js';
import { sdkPackage } from './sdk-package.js';
import { printFindings } from './validate.js';

/** The options `dev` accepts (each one documented in DEV_HELP). */
export const DEV_OPTIONS = {
  port: { type: 'string' },
  'no-open': { type: 'boolean' },
  'no-build': { type: 'boolean' },
  'no-logs': { type: 'boolean' },
  'user-data-dir': { type: 'string' },
  record: { type: 'string' },
  replay: { type: 'string' },
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

// Resolves on q, Ctrl-C, or a termination signal.
function untilQuit(io: CliIo, reload: () => void): Promise<void> {
  return new Promise((resolve) => {
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    let stopKeys = (): void => undefined;
    const quit = (): void => {
      stopKeys();
      for (const signal of signals) process.off(signal, quit);
      resolve();
    };
    if (io.stdin) stopKeys = listenForKeys(io.stdin, { reload, quit });
    for (const signal of signals) process.on(signal, quit);
  });
}

/** `neurosquad-card dev [folder]`: the local host (page, card files, watch build, reloads) until q or Ctrl-C. */
export async function devCommand(
  args: readonly string[],
  io: CliIo,
  overrides: DevCommandOverrides = {},
): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs(args, DEV_OPTIONS, 1);
  if (values.help) {
    io.out(DEV_HELP);
    return EXIT.ok;
  }
  const port = parsePort(values.port);
  if (values.record !== undefined && values.replay !== undefined) {
    throw new UsageError('--record and --replay cannot be used together');
  }
  const folder = resolveCardFolder(io.cwd, positionals[0]);
  const palette = paletteFor(io);
  const check = checkManifest(folder);
  if (check.manifest === null) {
    io.err(`neurosquad-card dev: the card in ${folder} cannot run; fix these first:\n`);
    printFindings(io, { errors: check.errors, warnings: [] });
    return EXIT.problems;
  }
  const appData = findAppDataFolder(values['user-data-dir'], io.env);
  if (appData) io.out(palette.dim(appDataNote(appData)));

  const server = await startDevServer({
    folder,
    port,
    pageDir: overrides.pageDir ?? join(sdkPackage().root, 'dist', 'dev-host'),
    build: !values['no-build'],
    logs: !values['no-logs'],
    out: (text) => io.out(text),
    network: {
      record: values.record === undefined ? undefined : resolve(io.cwd, values.record),
      replay: values.replay === undefined ? undefined : resolve(io.cwd, values.replay),
      ...overrides.network,
    },
  });
  io.out(
    `${palette.green('✔')} ${check.manifest.name} on the dev host: ${palette.bold(server.hostUrl)}\n` +
      `  card files from ${server.cardOrigin} · ${server.build ? `watching ${server.build.label}` : 'no build step: served as it is'}\n` +
      `  ${palette.bold('r')} reload · ${palette.bold('q')} quit\n`,
  );
  overrides.onReady?.({ hostUrl: server.hostUrl, cardUrl: server.cardUrl });
  if (!values['no-open']) {
    void openBrowser(server.hostUrl).then((failure) => {
      if (failure) io.out(`Could not open the browser (${failure}); open ${server.hostUrl} yourself.\n`);
    });
  }
  await untilQuit(io, () => server.reload('r pressed'));
  io.out('Stopping the dev host…\n');
  await server.close();
  return EXIT.ok;
}
