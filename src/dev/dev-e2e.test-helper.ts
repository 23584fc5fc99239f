// What the dev end-to-end tests and the bench need, built from this checkout into a temp folder (no prior
// `npm run build`): the SDK package (library and browser builds), the dev page, cards made from both templates.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createCard, type TemplateName } from '../cli/create.js';
import { devCommand, type DevCommandOverrides } from '../cli/dev.js';
import type { CliIo, ExitCode } from '../cli/io.js';
import { CHROMIUM } from '../../test/chromium.mjs';

/** Debian's Chromium, headless, with the flags every browser run here uses. */
export const HEADLESS_CHROMIUM = { ...CHROMIUM, headless: true };

/** The checkout this file belongs to. */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function run(args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(REPO, 'node_modules', 'vite', 'bin', 'vite.js'), ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`vite ${args.join(' ')} failed:\n${output}`))));
  });
}

/** The built pieces in one temp folder. */
export interface DevFixtures {
  /** The temp folder holding everything. */
  work: string;
  /** The built dev page. */
  pageDir: string;
  /** A card folder made from each template (the React one with its dependencies linked from this checkout). */
  cards: Record<TemplateName, string>;
}

/**
 * Builds the SDK and the dev page from this checkout and creates one card per template (`registry` SDK
 * dependency; the React card's node_modules links this checkout's packages and holds the built SDK).
 */
export async function buildDevFixtures(
  templates: readonly TemplateName[] = ['vanilla', 'react'],
): Promise<DevFixtures> {
  const work = mkdtempSync(join(tmpdir(), 'ns-dev-e2e-'));
  const reactCard = join(work, 'react-card');
  const modules = join(reactCard, 'node_modules');
  // The SDK sits inside the React card's node_modules, so its own imports (React, TanStack Query) resolve there.
  const sdkRoot = join(modules, '@neurosquad', 'card-sdk');
  mkdirSync(sdkRoot, { recursive: true });
  copyFileSync(join(REPO, 'package.json'), join(sdkRoot, 'package.json'));
  for (const folder of ['templates', 'schema']) symlinkSync(join(REPO, folder), join(sdkRoot, folder));
  const pageDir = join(work, 'page');
  await Promise.all([
    run(['build', '-c', 'vite.lib.config.ts', '--outDir', join(sdkRoot, 'dist'), '--logLevel', 'warn'], REPO).then(() =>
      run(
        [
          'build',
          '-c',
          'vite.lib.config.ts',
          '--mode',
          'browser',
          '--outDir',
          join(sdkRoot, 'dist', 'browser'),
          '--logLevel',
          'warn',
        ],
        REPO,
      ),
    ),
    run(['build', '-c', 'vite.dev-host.config.ts', '--outDir', pageDir, '--logLevel', 'warn'], REPO),
  ]);
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string; version: string };
  const sdkPackage = { root: sdkRoot, name: pkg.name, version: pkg.version };
  const cards = { vanilla: join(work, 'vanilla-card'), react: reactCard };
  for (const template of templates) {
    await createCard({
      folder: cards[template],
      template,
      name: `${template}-squad`,
      displayName: `${template === 'react' ? 'React' : 'Vanilla'} squad`,
      sdk: 'registry',
      sdkPackage,
      force: true,
    });
  }
  if (templates.includes('react')) {
    const repoModules = join(REPO, 'node_modules');
    for (const entry of readdirSync(repoModules)) {
      // Vite's cache stays the card's own (and inside its folder, where dev serves from).
      if (entry === '@neurosquad' || entry === '.vite') continue;
      symlinkSync(join(repoModules, entry), join(modules, entry));
    }
  }
  return { work, pageDir, cards };
}

/** A running `neurosquad-card dev`, started in this process on a card folder. */
export interface DevRun {
  hostUrl: string;
  cardUrl: string;
  /** What the command printed so far. */
  output(): string;
  /** Waits until the output matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Presses a key, as in the terminal. */
  press(key: string): void;
  /** Resolves with the exit code once the command ended. */
  exited: Promise<ExitCode>;
}

/** Starts `neurosquad-card dev <folder> --no-open --port 0` with the given page and extra arguments. */
export async function startDev(
  folder: string,
  pageDir: string,
  args: string[] = [],
  overrides: Omit<DevCommandOverrides, 'pageDir' | 'onReady'> = {},
): Promise<DevRun> {
  const printed: string[] = [];
  const stdin = new PassThrough();
  const io: CliIo = {
    out: (text) => void printed.push(text),
    err: (text) => void printed.push(text),
    cwd: folder,
    env: { NO_COLOR: '1' },
    isTTY: false,
    stdin,
  };
  let ready: ((urls: { hostUrl: string; cardUrl: string }) => void) | undefined;
  const urls = new Promise<{ hostUrl: string; cardUrl: string }>((resolve) => (ready = resolve));
  const exited = devCommand(['--no-open', '--port', '0', ...args], io, {
    ...overrides,
    pageDir,
    onReady: (value) => ready?.(value),
  });
  const started = await Promise.race([
    urls,
    exited.then((code) => Promise.reject(new Error(`dev exited with ${code}:\n${printed.join('')}`))),
  ]);
  const output = (): string => printed.join('');
  return {
    ...started,
    output,
    async waitForOutput(pattern, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output())) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in the dev output:\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return output();
    },
    press: (key) => void stdin.write(key),
    exited,
  };
}

/** Processes (not yet reaped ones excluded) whose working folder is `folder`: what a watch build left running. */
export function processesIn(folder: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) !== folder) continue;
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (state !== 'Z' && state !== 'X') found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/**
 * Builds the fixtures (for `templates`) and launches Chromium before the file's tests, hands both to `use`, and
 * closes Chromium and removes the folder after them (`KEEP_DEV_E2E=1` keeps the folder).
 */
export function setUpDevFixtures(
  templates: readonly TemplateName[] | undefined,
  use: (fixtures: DevFixtures, browser: Browser) => void,
): void {
  let fixtures: DevFixtures | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [fixtures, browser] = await Promise.all([buildDevFixtures(templates), chromium.launch(HEADLESS_CHROMIUM)]);
    use(fixtures, browser);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    if (fixtures && !process.env.KEEP_DEV_E2E) rmSync(fixtures.work, { recursive: true, force: true });
  });
}
