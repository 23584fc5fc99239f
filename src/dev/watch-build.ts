import { spawn, type ChildProcess } from 'node:child_process';
import type { BuildPlan } from './build-plan.js';

/** What a running watch build reports. */
export interface WatchBuildEvents {
  /** The build failed: its recent output. */
  failed(output: string): void;
  /** A build succeeded (each build; its success message may come in more than one piece). */
  succeeded(): void;
  /** The watch process ended by itself with this exit code (null when a signal ended it). */
  exited(code: number | null, output: string): void;
}

/** A watch process `dev` started. */
export interface WatchBuild {
  /** The output so far (the last part of it). */
  output(): string;
  /** Whether the process is still running. */
  readonly running: boolean;
  /** Stops the process and everything it started; resolves once it is gone. */
  stop(): Promise<void>;
}

const OUTPUT_LIMIT = 16 * 1024;
// What bundlers and compilers print when a build fails, and when one succeeds.
const FAILURE =
  /error during build|\[ERROR\]|\berror TS\d+|build failed|failed to compile|^\s*error\b|\bSyntaxError\b|✘/im;
const SUCCESS = /\bbuilt in \d|build finished|found 0 errors|compiled successfully|watching for file changes/i;

// Without terminal escapes: colours and cursor moves would hide the words the checks look for.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]/g;

/** Runs the folder's watch build (in its own process group, so stopping it stops npm's children too). */
export function startWatchBuild(folder: string, plan: BuildPlan, events: WatchBuildEvents): WatchBuild {
  let output = '';
  let sinceSuccess = '';
  let running = true;
  const child: ChildProcess = spawn('npm', plan.args, {
    cwd: folder,
    detached: process.platform !== 'win32',
    shell: process.platform === 'win32',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', npm_config_update_notifier: 'false' },
  });
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code) => {
      running = false;
      events.exited(code, output);
      resolve();
    });
    child.on('error', (error) => {
      running = false;
      output += `${error.message}\n`;
      events.exited(1, output);
      resolve();
    });
  });
  const take = (chunk: Buffer): void => {
    const text = chunk.toString('utf8').replace(ESCAPES, '');
    output = (output + text).slice(-OUTPUT_LIMIT);
    sinceSuccess = (sinceSuccess + text).slice(-OUTPUT_LIMIT);
    if (FAILURE.test(text)) {
      events.failed(sinceSuccess);
    } else if (SUCCESS.test(text)) {
      sinceSuccess = '';
      events.succeeded();
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);

  // The whole process group: npm, the shell it starts and the build tool under it.
  const signal = (name: NodeJS.Signals): boolean => {
    if (child.pid === undefined) return false;
    try {
      if (process.platform === 'win32') return child.kill(name);
      process.kill(-child.pid, name);
      return true;
    } catch {
      return false;
    }
  };
  return {
    output: () => output,
    get running() {
      return running;
    },
    async stop() {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
      // Whatever outlived npm (a build tool that ignores SIGTERM) goes with the group.
      if (process.platform !== 'win32') signal('SIGKILL');
    },
  };
}
