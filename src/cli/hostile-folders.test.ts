// @vitest-environment node
// Card folders someone sent you, run through the real bin as a child process: each run ends within 10 s with a
// finding and the right exit code, never a hang, a stack trace or a memory blow-up (the child's peak RSS is read).
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  ftruncateSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBin } from './test-bin.js';
import { git, makeTempFolder, removeFolder, writeFiles, writeValidCard } from './test-folders.js';

const LIMIT_MS = 10_000;
// A card's own files are small; a run that read a 1.5 GB file whole would be far past this.
const RSS_LIMIT_KB = 300 * 1024;

let bin = '';
let hook = '';
let base = '';
let wide = '';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  maxRssKb: number;
}

// Runs the bin with a preloaded hook that writes the peak RSS (KiB) to a file when the process exits; a run
// past the limit is killed, so a hang fails the test instead of stalling the suite.
function runBin(args: string[], cwd: string): Promise<Run> {
  const rssFile = join(cwd, '..', `${cwd.split('/').pop()}-rss-${Math.random().toString(36).slice(2)}`);
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', hook, bin, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', NEUROSQUAD_RSS_FILE: rssFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const killer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS + 5_000);
  return new Promise((done) => {
    child.on('close', (status) => {
      clearTimeout(killer);
      let maxRssKb = Number.POSITIVE_INFINITY;
      try {
        maxRssKb = Number(readFileSync(rssFile, 'utf8'));
        rmSync(rssFile);
      } catch {
        // Killed before it could tell.
      }
      done({ status, stdout, stderr, ms: Date.now() - started, maxRssKb });
    });
  });
}

// Each case's folder is made before any test runs: setup is synchronous (git, mkfifo) and would otherwise stall
// the concurrent runs' clocks.
const preparations: Array<() => void> = [];
const prepared = new Map<string, string>();

/** Registers a hostile folder (the small valid card, as a repository or a plain folder, changed by `spoil`); returns a getter for its path. */
function hostileCard(spoil: (folder: string) => void, { repository = true } = {}): () => string {
  const key = `case-${preparations.length}`;
  preparations.push(() => prepared.set(key, makeHostileCard(key, spoil, repository)));
  return () => prepared.get(key) as string;
}

function makeHostileCard(key: string, spoil: (folder: string) => void, repository: boolean): string {
  const folder = join(base, key);
  mkdirSync(folder);
  writeValidCard(folder);
  if (repository) {
    git(folder, 'init', '-q');
    git(folder, 'add', '.');
    git(folder, 'commit', '-qm', 'card');
  }
  spoil(folder);
  return folder;
}

function mkfifo(path: string): void {
  rmSync(path, { force: true });
  mkdirSync(dirname(path), { recursive: true });
  if (spawnSync('mkfifo', [path], { stdio: 'ignore' }).status !== 0) throw new Error(`mkfifo ${path} failed`);
}

function sparseFile(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
}

function expectEndedWell(run: Run, exitCode: number): void {
  expect(run.ms).toBeLessThan(LIMIT_MS);
  expect(run.status).toBe(exitCode);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.maxRssKb).toBeLessThan(RSS_LIMIT_KB);
}

beforeAll(async () => {
  bin = await buildTestBin('neurosquad-cli-hostile');
  base = makeTempFolder('ns-hostile-');
  hook = join(base, 'rss-hook.mjs');
  writeFileSync(
    hook,
    "import { writeFileSync } from 'node:fs';\n" +
      "process.on('exit', () => writeFileSync(process.env.NEUROSQUAD_RSS_FILE, String(process.resourceUsage().maxRSS)));\n",
  );
  // 130,000 entries in one folder, made once (in memory when the machine has /dev/shm: a disk takes minutes);
  // each name ends with a dot, so each one examined is also a finding.
  wide = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/ns-hostile-wide-') : join(base, 'wide');
  mkdirSync(wide, { recursive: true });
  writeValidCard(wide);
  const many = join(wide, 'many');
  mkdirSync(many);
  for (let index = 0; index < 130_000; index += 1) closeSync(openSync(join(many, `f${index}.`), 'w'));
  for (const prepare of preparations) prepare();
}, 180_000);

afterAll(() => {
  removeFolder(base);
  removeFolder(wide);
  removeFolder(dirname(bin));
}, 120_000);

// Concurrent (a git stall waits for its timeout); each test's own limit leaves room for a loaded machine.
describe.concurrent('validate and pack on hostile folders', { timeout: 60_000 }, () => {
  const gitStalls: Array<[string, (folder: string) => void]> = [
    ['a named pipe as .gitignore', (folder) => mkfifo(join(folder, '.gitignore'))],
    ['a named pipe as .git/info/exclude', (folder) => mkfifo(join(folder, '.git', 'info', 'exclude'))],
    ['a named pipe as .git/HEAD', (folder) => mkfifo(join(folder, '.git', 'HEAD'))],
    [
      'an [include] path to a named pipe',
      (folder) => {
        mkfifo(join(folder, '.git', 'pipe'));
        writeFileSync(join(folder, '.git', 'config'), `[include]\n\tpath = ${join(folder, '.git', 'pipe')}\n`, {
          flag: 'a',
        });
      },
    ],
    [
      'an [include] path to /dev/tty',
      (folder) => writeFileSync(join(folder, '.git', 'config'), '[include]\n\tpath = /dev/tty\n', { flag: 'a' }),
    ],
  ];
  for (const [name, spoil] of gitStalls) {
    const folder = hostileCard(spoil);
    for (const command of ['validate', 'pack']) {
      it(`${command}: ${name} ends with a finding and exit 1`, async () => {
        const run = await runBin(command === 'pack' ? ['pack', '--dry-run'] : ['validate'], folder());
        expectEndedWell(run, 1);
        expect(run.stdout).toMatch(/✖ (\.git: git could not list the files|\.gitignore: cannot be packaged)/);
      });
    }
  }

  const sparse = hostileCard((card) => {
    // Untracked and not ignored, so listed (git add would hash 4.5 GB).
    for (const name of ['a.bin', 'b.bin', 'icon.png']) sparseFile(join(card, name), 1_500_000_000);
  });
  it('three sparse 1.5 GB files are refused by their size, never read', async () => {
    for (const args of [['validate', '--json'], ['pack']]) {
      const run = await runBin(args, sparse());
      expectEndedWell(run, 1);
      expect(run.stdout).toContain('a.bin');
      expect(run.stdout).toContain('file is 1430.5 MiB; a package file may be at most 20 MiB');
    }
  });

  const badNames = [true, false].map((repository) =>
    hostileCard(
      (card) => {
        writeFileSync(
          Buffer.concat([Buffer.from(`${card}/notes-`), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')]),
          'x',
        );
      },
      { repository },
    ),
  );
  it('a file name that is not UTF-8 is a finding, in a repository and in a plain folder', async () => {
    for (const folder of badNames) {
      const run = await runBin(['validate'], folder());
      expectEndedWell(run, 1);
      expect(run.stdout).toContain(
        'notes-\uFFFD\uFFFD.txt: cannot be packaged: its name is not valid UTF-8 (byte 0xff at offset 6)',
      );
    }
  });

  // Each name with the character it hides, as the finding names it.
  const hidingNames: Array<[string, string]> = [
    ['invoice\u202efdp.js', 'U+202E'],
    ['notes\u0085.txt', 'U+0085'],
    ['ad\u200bmin.js', 'U+200B'],
    ['icon\u{E0041}.png', 'U+E0041'],
    ['a\u2028b.txt', 'U+2028'],
  ];
  const hidingCards = [true, false].map((repository) =>
    hostileCard(
      (card) => {
        for (const [name] of hidingNames) writeFileSync(join(card, name), 'x');
        if (repository) {
          git(card, 'add', '.');
          git(card, 'commit', '-qm', 'names');
        }
      },
      { repository },
    ),
  );
  it('file names with bidi, C1, zero-width, tag or line-separator characters are findings naming the file', async () => {
    for (const folder of hidingCards) {
      for (const args of [
        ['validate', '--json'],
        ['pack', '--dry-run', '--json'],
      ]) {
        const run = await runBin(args, folder());
        expectEndedWell(run, 1);
        const report = JSON.parse(run.stdout) as { errors: { where: string; message: string }[] };
        for (const [name, code] of hidingNames) {
          expect(report.errors).toContainEqual({
            where: name,
            message: `its name holds ${code} (bidi, C1 control, zero-width, tag or line-separator characters hide or reorder what a name shows): rename it`,
          });
        }
      }
    }
  });

  const badBytes = hostileCard((card) => {
    const text = readFileSync(join(card, 'neurosquad-card.json'));
    text[text.indexOf('Test radar')] = 0xc3;
    writeFileSync(join(card, 'neurosquad-card.json'), text);
  });
  it('a manifest with bytes that are not UTF-8 is refused with the byte offset', async () => {
    const at = readFileSync(join(badBytes(), 'neurosquad-card.json')).indexOf(0xc3);
    const run = await runBin(['validate'], badBytes());
    expectEndedWell(run, 1);
    expect(run.stdout).toContain(
      `✖ neurosquad-card.json: not valid UTF-8: byte 0xc3 at offset ${at} (save the file as UTF-8)`,
    );
  });

  const pipeAndDepth = hostileCard(
    (card) => {
      let deep = join(card, 'deep');
      for (let level = 0; level < 60; level += 1) deep = join(deep, 'd');
      writeFiles(card, { [`${deep.slice(card.length + 1)}/x.txt`]: 'x' });
      mkfifo(join(card, 'pipe'));
    },
    { repository: false },
  );
  it('a named pipe among the files and a tree deeper than the path limit end with findings', async () => {
    const run = await runBin(['validate'], pipeAndDepth());
    expectEndedWell(run, 1);
    expect(run.stdout).toContain('✖ pipe: cannot be packaged: not a regular file (a named pipe)');
    expect(run.stdout).toContain('path too deep');
  });
});

// Alone, so the other runs do not share its clock.
describe('validate and pack on a folder of 130,000 entries', { timeout: 60_000 }, () => {
  it('130,000 entries in one folder: the 5,000-file finding, no stack overflow', async () => {
    const run = await runBin(['validate', '--json'], wide);
    expectEndedWell(run, 1);
    const report = JSON.parse(run.stdout) as { errors: { where: string; message: string }[] };
    expect(report.errors).toContainEqual({
      where: '.',
      message: '130006 entries; a package may have at most 5000 files',
    });
    expect(report.errors).toContainEqual({ where: 'many/f0.', message: 'segment ends with a dot or space' });
    const packed = await runBin(['pack', '--dry-run'], wide);
    expectEndedWell(packed, 1);
    expect(packed.stdout).toContain('✖ .: 130006 entries; a package may have at most 5000 files');
    // The first 100 files, then a count: not a line per file.
    expect(packed.stdout).toMatch(/ {9}… {2}and \d+ more files \(--json lists all\)\n/);
    expect(packed.stdout.split('\n').filter((line) => /^ +\d+ B {2}/.test(line))).toHaveLength(100);
  });
});
