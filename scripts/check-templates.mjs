#!/usr/bin/env node
// For both card templates: create a card into a temp folder with the built CLI, check that its AGENTS.md lists the
// manifest's port and tool, then npm install, build, test, git init and add, validate and pack --dry-run inside it;
// start npm run dev and fetch the host page and the card from the local dev host, stop it and check that no process
// is left in the card folder; build the React card's Storybook and check its Host panel and toolbar; then misspell a port id and expect npm run build to fail naming it. Needs the SDK
// built first (npm run build). Prints "N passed, N failed".
// Usage: node scripts/check-templates.mjs [vanilla|react ...] [--keep]   (SDK_ROOT=<dir> checks another build)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.env.SDK_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const cli = join(root, 'dist', 'cli.js');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const templates = args.filter((arg) => !arg.startsWith('--'));
const chosen = templates.length > 0 ? templates : ['vanilla', 'react'];

if (!existsSync(cli)) {
  console.error(`check-templates: ${cli} is missing; run npm run build first`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/** Where each template names the `summary` output, and that call (misspelt there to prove the build fails). */
const EMITTING_FILE = {
  react: { path: 'src/App.tsx', call: "useEmit('summary'" },
  vanilla: { path: 'src/squad.js', call: "ports.emit('summary'" },
};

const work = mkdtempSync(join(tmpdir(), 'ns-templates-'));
let passed = 0;
let failed = 0;

function run(label, command, commandArgs, cwd, logFile) {
  const started = Date.now();
  const result = spawnSync(command, commandArgs, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', CI: 'true', npm_config_audit: 'false', npm_config_fund: 'false' },
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const output = `$ ${command} ${commandArgs.join(' ')}\n${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  writeFileSync(logFile, output);
  if (result.status === 0) {
    passed += 1;
    console.log(`  ok      ${label} (${seconds}s)`);
    return true;
  }
  failed += 1;
  console.log(`  FAILED  ${label} (${seconds}s, exit ${result.status ?? result.signal}); log: ${logFile}`);
  console.log(
    output
      .split('\n')
      .slice(-40)
      .map((line) => `          ${line}`)
      .join('\n'),
  );
  return false;
}

for (const template of chosen) {
  console.log(`${template} template`);
  const card = join(work, `${template}-card`);
  const steps = [
    ['create', process.execPath, [cli, 'create', card, '--template', template], work],
    ['npm install', 'npm', ['install', '--no-audit', '--no-fund'], card],
    ['npm run build', 'npm', ['run', 'build'], card],
    ['npm test', 'npm', ['test'], card],
    // validate and pack list what git would hand out, as for a card pushed to GitHub (.gitignore applies).
    ['git init', 'git', ['init', '-q'], card],
    ['git add', 'git', ['add', '-A'], card],
    ['neurosquad-card validate', 'npx', ['--no-install', 'neurosquad-card', 'validate'], card],
    ['neurosquad-card pack --dry-run', 'npx', ['--no-install', 'neurosquad-card', 'pack', '--dry-run'], card],
  ];
  let allPassed = true;
  for (const [index, [label, command, commandArgs, cwd]] of steps.entries()) {
    if (!run(label, command, commandArgs, cwd, join(work, `${template}-${index}.log`))) {
      const rest = steps.slice(index + 1).map(([name]) => name);
      failed += rest.length;
      if (rest.length > 0) console.log(`  not run ${rest.join(', ')}`);
      allPassed = false;
      break;
    }
  }
  if (allPassed) {
    // npm install prints no install-script warning (the template settles esbuild's in allowScripts).
    const install = readFileSync(join(work, `${template}-1.log`), 'utf8');
    check('npm install prints no install-script warning', !install.includes('install-scripts'));
    agentsFileListsManifest(card);
    await devServesCard(card);
    if (template === 'react') storybookHasHostPanel(card);
    misspeltPortFailsBuild(card, EMITTING_FILE[template]);
  }
}

// The card's Storybook builds with the Host panel, and a story's own language and theme show on the toolbar, in
// the story and in the panel alike (scripts/storybook-card.mjs).
function storybookHasHostPanel(card) {
  const log = join(work, 'react-storybook.log');
  if (!run('npx storybook build', 'npx', ['--no-install', 'storybook', 'build', '--quiet'], card, log)) return;
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'scripts', 'storybook-card.mjs'),
      '--dir',
      join(card, 'storybook-static'),
      '--out',
      join(work, 'react-storybook.png'),
    ],
    { encoding: 'utf8', timeout: 180_000 },
  );
  check(
    "Storybook: the Host panel is there, and the toolbar shows the story's language and theme",
    result.status === 0,
    `${result.stdout ?? ''}${result.stderr ?? ''}`.trim(),
  );
}

function check(label, ok, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(ok ? `  ok      ${label}` : `  FAILED  ${label}${detail ? `: ${detail}` : ''}`);
}

// The created card's AGENTS.md names the manifest's port and tool (its manifest part is written from the manifest).
function agentsFileListsManifest(card) {
  const agents = readFileSync(join(card, 'AGENTS.md'), 'utf8');
  const wanted = ['`summary` (`ns:markdown`):', '`squad_summary` (agents see `', '`agents.read`'];
  const missing = wanted.filter((text) => !agents.includes(text));
  check('AGENTS.md lists the manifest ports, tools and permissions', missing.length === 0, missing.join(', '));
}

/** Processes whose working folder is inside `folder` (Linux: /proc; elsewhere none can be seen). */
function processesIn(folder) {
  if (!existsSync('/proc')) return [];
  const found = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd === folder || cwd.startsWith(`${folder}/`)) found.push(Number(pid));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// npm run dev serves the card on the local host: the host page and the card's entry answer; stopping it (SIGTERM
// to the process group this script started, as Ctrl-C would) leaves no process behind in the card folder.
async function devServesCard(card) {
  const label = 'npm run dev serves the card on the local host, and stops cleanly';
  const child = spawn('npm', ['run', 'dev', '--', '--no-open', '--port', '0'], {
    cwd: card,
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let problem = '';
  try {
    const deadline = Date.now() + 180_000;
    while (!/on the dev host: (http:\/\/127\.0\.0\.1:\d+\/)/.test(output) && Date.now() < deadline) {
      if (child.exitCode !== null) break;
      await delay(200);
    }
    const hostUrl = /on the dev host: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1];
    const cardOrigin = /card files from (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (!hostUrl || !cardOrigin) throw new Error('no dev host address printed');
    const page = await fetch(hostUrl);
    if (page.status !== 200 || !/<html/i.test(await page.text())) throw new Error(`host page answered ${page.status}`);
    // The card's files are served under a per-session path the dev page learns from its session.
    const session = await (await fetch(new URL('__dev/session.json', hostUrl))).json();
    if (typeof session.cardUrl !== 'string' || !session.cardUrl.startsWith(`${cardOrigin}/`)) {
      throw new Error(`the session names no card entry on ${cardOrigin}`);
    }
    const cardPage = await fetch(session.cardUrl);
    const html = await cardPage.text();
    if (cardPage.status !== 200 || !/<script/i.test(html)) throw new Error(`the entry answered ${cardPage.status}`);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  // Stop what this check started: its own process group (npm, the CLI); the CLI stops its watch build itself.
  try {
    process.kill(process.platform === 'win32' ? child.pid : -child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  const stopped = await Promise.race([exited.then(() => true), delay(20_000).then(() => false)]);
  if (!stopped) {
    problem ||= 'did not stop within 20 s of SIGTERM';
    process.kill(-child.pid, 'SIGKILL');
  }
  let left = processesIn(card);
  for (let i = 0; i < 50 && left.length > 0; i += 1) {
    await delay(100);
    left = processesIn(card);
  }
  if (left.length > 0) {
    problem ||= `processes left in the card folder: ${left.join(', ')}`;
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
  }
  writeFileSync(join(work, `${basename(card)}-dev.log`), output);
  check(label, problem === '', `${problem}\n${output.split('\n').slice(-20).join('\n')}`);
}

// The generated src/neurosquad-card.d.ts types the port names: a misspelt output id must fail npm run build, with
// the compiler naming it.
function misspeltPortFailsBuild(card, { path, call }) {
  const label = 'npm run build fails on a misspelt port id';
  const file = join(card, path);
  const source = readFileSync(file, 'utf8');
  const misspelt = source.replace(call, call.replace("'summary'", "'sumary'"));
  if (misspelt === source) {
    failed += 1;
    console.log(`  FAILED  ${label}: ${path} has no ${call} to misspell`);
    return;
  }
  writeFileSync(file, misspelt);
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: card,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  writeFileSync(file, source);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 && output.includes('"sumary"')) {
    passed += 1;
    console.log(`  ok      ${label}`);
  } else {
    failed += 1;
    console.log(`  FAILED  ${label} (exit ${result.status}):\n${output.split('\n').slice(-20).join('\n')}`);
  }
}

if (failed === 0 && !keep) rmSync(work, { recursive: true, force: true });
else console.log(`cards and logs kept in ${work}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
