#!/usr/bin/env node
// `node scripts/stryker-recheck.mjs reports/stryker/<name>.json …`: checks by hand what Stryker's sweep left alive.
// Stryker's Vitest runner (9.6 with Vitest 4.1) is reported to record mutants as Survived although the tests that
// cover them fail once the mutant is applied (stryker-mutator/stryker-js#6192, #6213). For each Survived or
// NoCoverage mutant this writes the mutated file into a temporary copy of the repo, runs the tests Stryker says
// cover it plus the test files named after the file (all the swept tests when there are none) with plain
// `vitest run`, and counts it killed when a test fails. It prints the score before and after, and the mutants still
// alive, one line each (file:line, mutator, replacement).
//   --json <file>   also writes the mutants still alive as JSON
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const reports = args.filter((arg, index) => !arg.startsWith('--') && (jsonAt < 0 || index !== jsonAt + 1));
if (reports.length === 0) {
  console.error('usage: node scripts/stryker-recheck.mjs <stryker json report> … [--json <file>]');
  process.exit(2);
}
// A mutant that makes a test wait forever is killed when the run outlasts this.
const RUN_LIMIT_MS = 120_000;

/** The offset of a 1-based line and column in `text`. */
function offsetOf(text, { line, column }) {
  let offset = 0;
  for (let at = 1; at < line; at += 1) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

const copy = mkdtempSync(path.join(tmpdir(), 'card-sdk-recheck-'));
const SKIPPED = new Set(['node_modules', '.git', '.stryker-tmp', 'reports', 'storybook-static', 'coverage', 'dist']);
cpSync(root, copy, { recursive: true, filter: (source) => !SKIPPED.has(path.basename(source)) });
symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

/** Runs `files` (all the swept tests when empty) in the copy: true when a test failed or the run hung. */
function killed(files) {
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      'vitest.stryker.config.ts',
      '--bail',
      '1',
      ...files,
    ],
    { cwd: copy, encoding: 'utf8', timeout: RUN_LIMIT_MS, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  if (run.error?.code === 'ETIMEDOUT' || run.signal) return true;
  return run.status !== 0;
}

/** The test files beside `file` named after it (`schema.ts`: `schema.test.ts`, `schema-check.test.ts`). */
function siblings(file) {
  const folder = path.dirname(file);
  const stem = path.basename(file, '.ts');
  return readdirSync(path.join(root, folder))
    .filter((name) => name.startsWith(stem) && name.endsWith('.test.ts') && !name.endsWith('.browser.test.ts'))
    .map((name) => path.join(folder, name));
}

const alive = [];
let total = 0;
let killedBefore = 0;
let killedAfter = 0;
try {
  if (killed([])) throw new Error('the swept tests fail before any mutant is applied');
  for (const report of reports) {
    const { files, testFiles = {} } = JSON.parse(readFileSync(report, 'utf8'));
    const fileOfTest = new Map();
    for (const [file, { tests }] of Object.entries(testFiles)) for (const test of tests) fileOfTest.set(test.id, file);
    for (const [file, { source, mutants }] of Object.entries(files)) {
      const relative = path.relative(root, path.resolve(root, file));
      const target = path.join(copy, relative);
      if (readFileSync(path.join(root, relative), 'utf8') !== source) {
        throw new Error(`${relative} changed since ${report} was written: sweep it again`);
      }
      for (const mutant of mutants) {
        if (mutant.status === 'Ignored' || mutant.status === 'CompileError' || mutant.status === 'RuntimeError')
          continue;
        total += 1;
        if (mutant.status === 'Killed' || mutant.status === 'Timeout') {
          killedBefore += 1;
          killedAfter += 1;
          continue;
        }
        const start = offsetOf(source, mutant.location.start);
        const end = offsetOf(source, mutant.location.end);
        writeFileSync(target, `${source.slice(0, start)}${mutant.replacement}${source.slice(end)}`);
        const covering = (mutant.coveredBy ?? []).map((id) => fileOfTest.get(id)).filter(Boolean);
        const tests = [
          ...new Set([...covering.map((test) => path.relative(root, path.resolve(root, test))), ...siblings(relative)]),
        ];
        const caught = killed(tests);
        writeFileSync(target, source);
        if (caught) killedAfter += 1;
        else {
          const where = `${relative}:${mutant.location.start.line}`;
          alive.push({ where, mutator: mutant.mutatorName, replacement: mutant.replacement, status: mutant.status });
        }
      }
    }
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}

const percent = (count) => `${((100 * count) / Math.max(1, total)).toFixed(1)} %`;
console.log(`${total} mutants: ${killedBefore} killed as Stryker recorded it (${percent(killedBefore)}),`);
console.log(`${killedAfter} killed once each survivor was applied by hand (${percent(killedAfter)}); alive:`);
for (const mutant of alive) {
  console.log(`  ${mutant.where} ${mutant.mutator} ${JSON.stringify(mutant.replacement).slice(0, 100)}`);
}
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(alive, null, 2)}\n`);
