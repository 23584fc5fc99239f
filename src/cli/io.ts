import type { KeyInput } from '../dev/terminal-keys.js';

/** Where a command writes and what it knows about the terminal; injectable so tests capture output. */
export interface CliIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
  /** The working folder commands resolve relative paths against. */
  cwd: string;
  /** Environment variables (NO_COLOR, NEUROSQUAD_USER_DATA_DIR …). */
  env: Readonly<Record<string, string | undefined>>;
  /** Whether standard output is a terminal (colour and progress lines only then). */
  isTTY: boolean;
  /** Where `dev` reads its keys (r, q); standard input by default. */
  stdin?: KeyInput;
}

/** The CLI's io on the real process: stdout, stderr, cwd, env, TTY and stdin. */
export function processIo(): CliIo {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    stdin: process.stdin,
  };
}

/** Exit codes: 0 ok, 1 the folder has problems, 2 bad usage. */
export const EXIT = Object.freeze({ ok: 0, problems: 1, usage: 2 } as const);

/** What a command returns for the process to exit with (one of `EXIT`). */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Raised for wrong arguments; main prints the message and the command's help hint and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Raised when a command refuses (bad folder, bad name …); main prints the message and exits 1. */
export class RefusalError extends Error {
  override name = 'RefusalError';
}
