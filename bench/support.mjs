// Shared by the benchmarks: the median of a sample, writing one benchmark's figures to bench/results/, and the mock
// host of another commit to measure against.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Writes `bench/results/<name>.json`. */
export function writeResult(name, figures) {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
}

/** Builds the mock host of git `ref` in a temporary worktree (sharing this checkout's node_modules) and imports it. */
export async function mockAt(ref) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-mock-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, ref], { stdio: 'ignore' });
  try {
    symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
    execFileSync('npx', ['vite', 'build', '-c', 'vite.lib.config.ts', '--logLevel', 'silent'], { cwd: dir });
    return await import(pathToFileURL(path.join(dir, 'dist/testing/index.js')).href);
  } finally {
    // The module graph is loaded; its files may go.
    execFileSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  }
}
