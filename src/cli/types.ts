import { watch } from 'node:fs';
import { join, resolve } from 'node:path';
import { DECLARATIONS_FILE } from '../codegen/card-declarations.js';
import { MANIFEST_FILE } from '../contract/constants.js';
import { AGENTS_FILE, writeAgentsSection, type AgentsWrite } from './agents-file.js';
import { parseCommandArgs } from './args.js';
import { resolveCardFolder } from './card-folder.js';
import { paletteFor } from './colour.js';
import { writeDeclarations, type DeclarationsWrite } from './declarations-file.js';
import type { Findings } from './findings.js';
import { TYPES_HELP } from './help.js';
import { EXIT, type CliIo, type ExitCode } from './io.js';
import { checkManifest } from './manifest-check.js';
import { terminalSafeJson } from './sanitize.js';
import { printFindings } from './validate.js';

/** The options `types` accepts (each one documented in TYPES_HELP). */
const TYPES_OPTIONS = {
  out: { type: 'string', short: 'o' },
  watch: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What `types --json` prints for one run. */
export interface TypesReport extends Findings {
  ok: boolean;
  /** The written file (relative to the card folder when inside it), or null when the manifest has problems. */
  file: string | null;
  /** Whether the file's text changed. */
  changed: boolean;
  /** The manifest part of the card's AGENTS.md, when it has one (null when it has none, or nothing was written). */
  agents: AgentsWrite;
}

/** Checks the manifest and, when it is valid, writes the declaration file. */
export function generateTypes(folder: string, out: string): TypesReport {
  const check = checkManifest(folder);
  const findings = { errors: check.errors, warnings: check.warnings };
  if (check.manifest === null) return { ok: false, file: null, changed: false, agents: null, ...findings };
  let written: DeclarationsWrite;
  let where = out;
  try {
    written = writeDeclarations(folder, check.manifest, out);
    where = AGENTS_FILE;
    const agents = writeAgentsSection(folder, check.manifest);
    return { ok: true, file: written.file, changed: written.changed, agents, ...findings };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      file: null,
      changed: false,
      agents: null,
      errors: [{ where, message: `cannot be written: ${reason}` }],
      warnings: check.warnings,
    };
  }
}

function report(io: CliIo, result: TypesReport, json: boolean): void {
  if (json) {
    io.out(`${terminalSafeJson(result)}\n`);
    return;
  }
  const palette = paletteFor(io);
  printFindings(io, result);
  if (result.ok) io.out(`${palette.green('✔')} ${result.file} ${result.changed ? 'written' : 'is up to date'}\n`);
  if (result.agents?.changed) io.out(`${palette.green('✔')} ${result.agents.file}: the manifest part rewritten\n`);
  else io.out(`${palette.red('✖')} no types written: fix ${MANIFEST_FILE} first\n`);
}

/** What tests set beyond the command line: when `--watch` stops (default: Ctrl-C or a termination signal). */
export interface TypesCommandOverrides {
  /** Resolves when watching should stop. */
  stop?: Promise<void>;
  /** Called after each regeneration while watching. */
  onWrite?: (result: TypesReport) => void;
}

function untilSignal(): Promise<void> {
  return new Promise((done) => {
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const quit = (): void => {
      for (const signal of signals) process.off(signal, quit);
      done();
    };
    for (const signal of signals) process.on(signal, quit);
  });
}

/** `neurosquad-card types [folder] [--out <file>] [--watch] [--json]`. */
export async function typesCommand(
  args: readonly string[],
  io: CliIo,
  overrides: TypesCommandOverrides = {},
): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs(args, TYPES_OPTIONS, 1);
  if (values.help) {
    io.out(TYPES_HELP);
    return EXIT.ok;
  }
  const folder = resolveCardFolder(io.cwd, positionals[0]);
  const out = values.out === undefined ? join(folder, DECLARATIONS_FILE) : resolve(io.cwd, values.out);
  const json = values.json === true;
  const first = generateTypes(folder, out);
  report(io, first, json);
  if (!values.watch) return first.ok ? EXIT.ok : EXIT.problems;

  // The folder is watched (not the file): editors replace the manifest by renaming a new file over it.
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(folder, (_event, name) => {
    if (name?.toString() !== MANIFEST_FILE) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const result = generateTypes(folder, out);
      if (result.changed || !result.ok) report(io, result, json);
      overrides.onWrite?.(result);
    }, 50);
  });
  if (!json) io.out(`watching ${MANIFEST_FILE} (Ctrl-C stops)\n`);
  await (overrides.stop ?? untilSignal());
  clearTimeout(timer);
  watcher.close();
  return EXIT.ok;
}
