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
export function runGit(folder: string, args: readonly string[]): string {
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
      stdio: ['ignore', 'pipe', 'pipe'],
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
      String((error as { stderr?: unknown }).stderr ?? '')
        .trim()
        .split('\n')[0] ?? '';
    throw new RefusalError(`git cannot list the files of ${folder}: ${sanitizeText(stderr) || 'git failed'}`);
  }
  // A repeated path is dropped once, by listPackageFiles.
  return output.split('\u0000').filter((entry) => entry !== '');
}
