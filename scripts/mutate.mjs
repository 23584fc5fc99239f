#!/usr/bin/env node
// `npm run mutate`: plants each bug of scripts/planted-bugs.mjs, one at a time, in a temporary copy of the repo
// (its node_modules linked, not copied), runs the fast tests that cover the code plus the fuzz suite, and reports
// which bugs a test caught. Exits 1 when fewer than `--min` (default: all but one) are caught, when an edit no
// longer matches its file exactly once, or when the tests fail before any bug is planted.
//   npm run mutate                  fuzz suite at 1,000 inputs a surface
//   npm run mutate -- --ci          fuzz suite at its CI size (300), stopping each run at its first failure
//   npm run mutate -- --only 2,5    only the listed bugs (1-based)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLANTED_BUGS } from './planted-bugs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const ci = args.includes('--ci');
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const only = option('--only')
  ?.split(',')
  .map((n) => Number(n) - 1);
const chosen = PLANTED_BUGS.map((bug, index) => ({ ...bug, index })).filter((bug) => !only || only.includes(bug.index));
const min = Number(option('--min') ?? Math.max(1, chosen.length - 1));
const fuzzRuns = ci ? '300' : '1000';
// A planted run that takes longer than this counts as caught (a bug that makes the tests hang), and says so; the
// first run, of every covering test before any bug is planted, gets longer.
const RUN_LIMIT_MS = 240_000;
const BASELINE_LIMIT_MS = 900_000;

/** Applies a bug's edits to its file's text, or names the edit that does not match exactly once. */
function plant(bug, text) {
  let planted = text;
  for (const [find, replace] of bug.edits) {
    const count = planted.split(find).length - 1;
    if (count !== 1) throw new Error(`${bug.file}: ${JSON.stringify(find)} matches ${count} times, not once`);
    planted = planted.replace(find, () => replace);
  }
  return planted;
}

// Every edit must still match before anything runs: a source change that moved a pattern fails loudly here.
for (const bug of chosen) {
  try {
    plant(bug, readFileSync(path.join(root, bug.file), 'utf8'));
  } catch (error) {
    console.error(`mutate: planted bug ${bug.index + 1} (${bug.name}) no longer applies: ${error.message}`);
    process.exit(1);
  }
}

const copy = mkdtempSync(path.join(tmpdir(), 'card-sdk-mutate-'));
const SKIPPED = new Set(['node_modules', '.git', '.stryker-tmp', 'reports', 'storybook-static', 'coverage']);
cpSync(root, copy, { recursive: true, filter: (source) => !SKIPPED.has(path.basename(source)) });
symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

/** Runs the tests of `files` plus the fuzz suite in the copy: 'passed', 'failed' or 'timed out'. */
function runTests(files, limit = RUN_LIMIT_MS) {
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--project',
      'unit',
      ...(ci ? ['--bail', '1'] : []),
      ...files,
      'test/fuzz/',
    ],
    {
      cwd: copy,
      encoding: 'utf8',
      timeout: limit,
      env: { ...process.env, FUZZ_RUNS: fuzzRuns, NO_COLOR: '1', FORCE_COLOR: '0' },
    },
  );
  if (run.error?.code === 'ETIMEDOUT' || run.signal) return { outcome: 'timed out', output: '' };
  return { outcome: run.status === 0 ? 'passed' : 'failed', output: `${run.stdout}\n${run.stderr}` };
}

/** The first failing test's name in a Vitest output, for the report. */
function firstFailure(output) {
  const line = output.split('\n').find((text) => /^\s*(?:FAIL|×)\s/.test(text));
  return line
    ? line
        .trim()
        .replace(/^(?:FAIL|×)\s+/, '')
        .slice(0, 140)
    : 'a test failed';
}

const started = Date.now();
let exitCode = 0;
try {
  const allTests = [...new Set(chosen.flatMap((bug) => bug.tests))];
  const baseline = runTests(allTests, BASELINE_LIMIT_MS);
  if (baseline.outcome !== 'passed') {
    console.error(`mutate: the tests do not pass before any bug is planted (${baseline.outcome})`);
    console.error(baseline.output.slice(-4000));
    exitCode = 1;
  }
  const results = [];
  for (const bug of exitCode === 0 ? chosen : []) {
    const file = path.join(copy, bug.file);
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, plant(bug, original));
    const bugStarted = Date.now();
    const { outcome, output } = runTests(bug.tests);
    writeFileSync(file, original);
    const caught = outcome !== 'passed';
    const seconds = Math.round((Date.now() - bugStarted) / 1000);
    const how = outcome === 'timed out' ? 'the tests timed out' : caught ? firstFailure(output) : 'no test failed';
    results.push({ bug, caught });
    console.log(`${caught ? 'caught ' : 'MISSED '} ${bug.index + 1}. ${bug.name} (${seconds} s): ${how}`);
  }
  if (exitCode === 0) {
    const caught = results.filter((result) => result.caught).length;
    const minutes = Math.round((Date.now() - started) / 6000) / 10;
    console.log(
      `\nmutate: ${caught} of ${results.length} planted bugs caught (fuzz at ${fuzzRuns} inputs, ${minutes} min)`,
    );
    if (caught < min) {
      console.log(`mutate: fewer than ${min} caught`);
      exitCode = 1;
    }
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
process.exit(exitCode);
