#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { didYouMean } from '../contract/closest-name.js';
import { createCommand } from './create.js';
import { devCommand } from './dev.js';
import { MAIN_HELP } from './help.js';
import { EXIT, processIo, RefusalError, UsageError, type CliIo, type ExitCode } from './io.js';
import { packCommand } from './pack.js';
import { sanitizeText } from './sanitize.js';
import { sdkPackage } from './sdk-package.js';
import { typesCommand } from './types.js';
import { validateCommand } from './validate.js';

const COMMANDS: Readonly<Record<string, (args: readonly string[], io: CliIo) => ExitCode | Promise<ExitCode>>> = {
  create: createCommand,
  dev: devCommand,
  validate: validateCommand,
  pack: packCommand,
  types: typesCommand,
};

const JSON_COMMANDS: ReadonlySet<string> = new Set(['validate', 'pack', 'types']);

/** Runs the CLI with these arguments (without `node` and the script) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<ExitCode> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    if (command === 'help' && rest[0] !== undefined && rest[0] in COMMANDS) return runCli([rest[0], '--help'], io);
    io.out(MAIN_HELP);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === '--version' || command === '-v') {
    io.out(`${sdkPackage().version}\n`);
    return EXIT.ok;
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (run === undefined) {
    const guess = didYouMean(command, Object.keys(COMMANDS));
    io.err(
      `neurosquad-card: unknown command "${sanitizeText(command)}"${guess}\nRun neurosquad-card --help for the commands.\n`,
    );
    return EXIT.usage;
  }
  try {
    return await run(rest, io);
  } catch (error) {
    // `validate --json` and `pack --json` answer in JSON whatever happens, bad usage included.
    // Anything else is still one line (no stack trace): the command failed on this folder.
    const message =
      error instanceof UsageError || error instanceof RefusalError ? error.message : `failed: ${oneLine(error)}`;
    if (JSON_COMMANDS.has(command) && rest.includes('--json')) {
      const where = error instanceof UsageError ? 'arguments' : '.';
      io.out(`${JSON.stringify({ ok: false, errors: [{ where, message }], warnings: [] }, null, 2)}\n`);
      return error instanceof UsageError ? EXIT.usage : EXIT.problems;
    }
    if (error instanceof UsageError) {
      io.err(`neurosquad-card ${command}: ${error.message}\nRun neurosquad-card ${command} --help for usage.\n`);
      return EXIT.usage;
    }
    io.err(`neurosquad-card ${command}: ${message}\n`);
    return EXIT.problems;
  }
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return sanitizeText(text.split('\n')[0]);
}

// Run only when executed as the bin, not when imported by tests.
function invokedAsBin(): boolean {
  try {
    return (
      process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
    );
  } catch {
    return false;
  }
}

if (invokedAsBin()) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`neurosquad-card: ${oneLine(error)}\n`);
      process.exitCode = EXIT.problems;
    },
  );
}
