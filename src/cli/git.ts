import { spawnSync, type SpawnSyncOptionsWithBufferEncoding } from 'node:child_process';
import { sanitizeText } from './sanitize.js';

/** How long one git call may take before it is killed (a named pipe or a terminal among its files blocks it). */
const GIT_TIMEOUT_MS = 4_000;

/** What one git call gave: its raw standard output, or why it failed (in git's words, one line). */
export type GitRun = { ok: true; output: Buffer } | { ok: false; reason: string; notRepository: boolean };

// The environment git runs in: none of the caller's GIT_* variables (a hook's GIT_DIR, a GIT_TRACE to a pipe,
// GIT_CONFIG_COUNT/KEY/VALUE injected settings), no system-wide config or attributes, no prompts, pager or
// lazy fetches, no optional locks (so no index writes).
function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('GIT_')) env[name] = value;
  return {
    ...env,
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_NO_LAZY_FETCH: '1',
    GIT_PAGER: 'cat',
    GIT_ASKPASS: 'true',
    SSH_ASKPASS: 'true',
  };
}

function firstLine(text: string): string {
  return sanitizeText(text.trim().split('\n')[0] ?? '');
}

/**
 * Runs git in a folder that may come from a stranger, and never throws or hangs: hooks and fsmonitor are
 * disabled, it is trusted only for this call (a foreign owner does not stop the listing), it has no standard
 * input unless given one, no controlling terminal (its own session, so an `[include]` of `/dev/tty` fails
 * instead of waiting for keys) and is killed after `GIT_TIMEOUT_MS` (a named pipe as `.gitignore` or `HEAD`).
 */
export function runGit(folder: string, args: readonly string[], input?: Buffer | string): GitRun {
  // Node's spawnSync honours `detached` (setsid) although its type leaves it out.
  const options: SpawnSyncOptionsWithBufferEncoding & { detached: boolean } = {
    cwd: folder,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    ...(input === undefined ? {} : { input }),
    detached: true,
    timeout: GIT_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    maxBuffer: 256 * 1024 * 1024,
    env: gitEnvironment(),
    windowsHide: true,
  };
  const result = spawnSync(
    'git',
    [
      '-c',
      'core.hooksPath=/dev/null',
      '-c',
      'core.fsmonitor=false',
      '-c',
      'core.untrackedCache=false',
      '-c',
      'safe.directory=*',
      ...args,
    ],
    options,
  );
  const stderr = Buffer.isBuffer(result.stderr) ? result.stderr.toString('utf8') : '';
  if (result.error !== undefined) {
    const code = (result.error as NodeJS.ErrnoException).code;
    if (code === 'ETIMEDOUT' || result.signal !== null)
      return {
        ok: false,
        reason: `git did not answer within ${GIT_TIMEOUT_MS / 1000} s (a named pipe or terminal among its files?)`,
        notRepository: false,
      };
    if (code === 'ENOENT') return { ok: false, reason: 'git is not installed', notRepository: true };
    return { ok: false, reason: firstLine(result.error.message) || 'git failed', notRepository: false };
  }
  if (result.status !== 0) {
    return {
      ok: false,
      reason: firstLine(stderr) || `git exited with ${result.status ?? result.signal}`,
      notRepository: /not a git repository/i.test(stderr),
    };
  }
  return { ok: true, output: result.stdout };
}

/** Splits git's `-z` output into its raw entries (bytes, since a file name need not be UTF-8). */
function splitNulSeparated(output: Buffer): Buffer[] {
  const entries: Buffer[] = [];
  let start = 0;
  for (let end = output.indexOf(0, start); end !== -1; end = output.indexOf(0, start)) {
    if (end > start) entries.push(output.subarray(start, end));
    start = end + 1;
  }
  if (start < output.length) entries.push(output.subarray(start));
  return entries;
}

/** What git says about a folder: not a work tree, the files it would hand out, or why it could not tell. */
export type GitListing =
  { kind: 'not-repository' } | { kind: 'listed'; paths: Buffer[] } | { kind: 'failed'; reason: string };

/** Files git would hand out for the folder (tracked plus untracked-not-ignored, raw bytes, a path may repeat), never throwing. */
export function listGitFiles(folder: string): GitListing {
  const inside = runGit(folder, ['rev-parse', '--is-inside-work-tree']);
  if (!inside.ok) return inside.notRepository ? { kind: 'not-repository' } : { kind: 'failed', reason: inside.reason };
  if (inside.output.toString('utf8').trim() !== 'true') return { kind: 'not-repository' };
  const listed = runGit(folder, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.']);
  if (!listed.ok) return { kind: 'failed', reason: listed.reason };
  return { kind: 'listed', paths: splitNulSeparated(listed.output) };
}

/** The paths among `paths` that `.gitattributes` marks `export-ignore` (left out of the GitHub tarball, as `git archive` does), or why git could not tell. */
export function exportIgnoredPaths(
  folder: string,
  paths: readonly string[],
): { ok: true; ignored: Set<string> } | { ok: false; reason: string } {
  if (paths.length === 0) return { ok: true, ignored: new Set() };
  const run = runGit(folder, ['check-attr', '-z', '--stdin', 'export-ignore'], `${paths.join('\u0000')}\u0000`);
  if (!run.ok) return { ok: false, reason: run.reason };
  const fields = run.output.toString('utf8').split('\u0000');
  const ignored = new Set<string>();
  // -z output: path, attribute, value, for each path.
  for (let at = 0; at + 2 < fields.length; at += 3) if (fields[at + 2] === 'set') ignored.add(fields[at]);
  return { ok: true, ignored };
}
