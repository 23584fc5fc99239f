import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandArgs } from './args.js';
import { resolveCardFolder } from './card-folder.js';
import { DEV_HELP } from './help.js';
import { EXIT, type CliIo, type ExitCode } from './io.js';

// True when the folder's package.json has a "dev" script (the templates' mock-host preview).
function hasDevScript(folder: string): boolean {
  const path = join(folder, 'package.json');
  if (!existsSync(path)) return false;
  try {
    const scripts = (JSON.parse(readFileSync(path, 'utf8')) as { scripts?: Record<string, unknown> }).scripts;
    return typeof scripts?.dev === 'string';
  } catch {
    return false;
  }
}

/** The options `dev` accepts (each one documented in DEV_HELP). */
export const DEV_OPTIONS = {
  'user-data-dir': { type: 'string' },
  'no-build': { type: 'boolean' },
  'no-logs': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `neurosquad-card dev`: not available yet; explains that and points to the template's own preview. Exits 2. */
export function devCommand(args: readonly string[], io: CliIo): ExitCode {
  const { values, positionals } = parseCommandArgs(args, DEV_OPTIONS, 1);
  if (values.help) {
    io.out(DEV_HELP);
    return EXIT.ok;
  }
  const folder = resolveCardFolder(io.cwd, positionals[0]);
  io.err('neurosquad-card dev (running the card live in the NeuroSquad app) is not available in this version yet.\n');
  if (hasDevScript(folder)) {
    io.err('Preview the card in your browser on the mock host instead:\n  npm run dev\n');
  } else {
    io.err(
      'Preview the card on the mock host: open its page outside the app (createMockHost() from @neurosquad/card-sdk/testing).\n',
    );
  }
  io.err('Check it the way the app will: neurosquad-card validate\n');
  return EXIT.usage;
}
