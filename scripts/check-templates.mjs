#!/usr/bin/env node
// For both card templates: create a card into a temp folder with the built CLI, then npm install, build, test,
// git init and add, validate and pack --dry-run inside it; then misspell a port id and expect npm run build to fail
// naming it. Needs the SDK built first (npm run build). Prints "N passed, N failed".
// Usage: node scripts/check-templates.mjs [vanilla|react ...] [--keep]   (SDK_ROOT=<dir> checks another build)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
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
  if (allPassed) misspeltPortFailsBuild(card, EMITTING_FILE[template]);
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
