import { execFileSync } from 'node:child_process';
import { RefusalError } from './io.js';
import { sanitizeText } from './sanitize.js';

// Variables that would point git at another repository than the folder's own (set inside hooks, for one).
const REPOSITORY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY'];

function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
  };
  for (const name of REPOSITORY_VARIABLES) delete env[name];
  return env;
}

/**
 * Runs git in a folder that may come from a stranger: its hooks and fsmonitor are disabled, optional locks are
 * off (no index writes), and it is trusted only for this call so a foreign owner does not stop the listing.
 */
export function runGit(folder: string, args: readonly string[], input?: string): string {
  return execFileSync(
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
    {
      cwd: folder,
      encoding: 'utf8',
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(input === undefined ? {} : { input }),
      maxBuffer: 256 * 1024 * 1024,
      env: gitEnvironment(),
    },
  );
}

/** True when the folder is inside a git work tree (and git is installed). */
export function isGitWorkTree(folder: string): boolean {
  try {
    return runGit(folder, ['rev-parse', '--is-inside-work-tree']).trim() === 'true';
  } catch {
    return false;
  }
}

/** Files git would hand out for the folder: tracked ones plus untracked ones that are not ignored, relative to it (a path may repeat). */
export function listGitFiles(folder: string): string[] {
  let output: string;
  try {
    output = runGit(folder, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.']);
  } catch (error) {
    // A broken repository (a damaged index, say) is the folder's problem, told in git's words.
    const stderr =
      String((error as { stderr?: string | Buffer }).stderr ?? '')
        .trim()
        .split('\n')[0] ?? '';
    throw new RefusalError(`git cannot list the files of ${folder}: ${sanitizeText(stderr) || 'git failed'}`);
  }
  // A repeated path is dropped once, by listPackageFiles.
  return output.split('\u0000').filter((entry) => entry !== '');
}

/** The paths among `paths` that `.gitattributes` marks `export-ignore`: left out of the GitHub tarball, as `git archive` does. */
export function exportIgnoredPaths(folder: string, paths: readonly string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const fields = runGit(
    folder,
    ['check-attr', '-z', '--stdin', 'export-ignore'],
    `${paths.join('\u0000')}\u0000`,
  ).split('\u0000');
  const ignored = new Set<string>();
  // -z output: path, attribute, value, for each path.
  for (let at = 0; at + 2 < fields.length; at += 3) if (fields[at + 2] === 'set') ignored.add(fields[at]);
  return ignored;
}
