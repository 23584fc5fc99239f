import { execFileSync } from 'node:child_process';

/**
 * Runs git in a folder that may come from a stranger: its hooks and fsmonitor are disabled, optional locks are
 * off (no index writes), and the folder is trusted only for this call so a foreign owner does not stop us.
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
      `safe.directory=${folder}`,
      ...args,
    ],
    {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' },
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

/** Files git would hand out for the folder: tracked ones plus untracked ones that are not ignored, relative to it. */
export function listGitFiles(folder: string): string[] {
  const output = runGit(folder, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.']);
  const seen = new Set<string>();
  for (const entry of output.split('\u0000')) if (entry !== '') seen.add(entry);
  return [...seen];
}
