// Shared by the dev benchmarks: this build's CLI run as a child process, its output watched, and its stop.
import { spawn } from 'node:child_process';

/** Runs `node <cli> ...args` in `cwd`; `waitFor(pattern)` resolves with the match once the output has it. */
export function runCli(cli, cwd, args) {
  const child = spawn(process.execPath, [cli, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const waitFor = async (pattern, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return pattern.exec(output);
  };
  return { child, exited, waitFor, output: () => output };
}

/** Stops a `dev` run: `q` first, then SIGTERM, then SIGKILL, so a failed round leaves no server running. */
export async function stopDev(dev) {
  const running = () => dev.child.exitCode === null && dev.child.signalCode === null;
  const settled = () => Promise.race([dev.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (running()) {
    dev.child.stdin.write('q');
    await settled();
  }
  if (running()) {
    dev.child.kill('SIGTERM');
    await settled();
  }
  if (running()) dev.child.kill('SIGKILL');
}
