#!/usr/bin/env node
// `npm run setup`: everything a fresh machine needs for Storybook and the tests. Installs Debian's Chromium
// when it is missing (the browser tests drive it; Playwright never downloads a browser of its own here), then
// the locked dependencies. Runs before node_modules exists, so it uses Node's built-ins only.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (command, args) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ===
  0;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const root = process.getuid?.() === 0;
  const apt = (args) => (root ? run('apt-get', args) : run('sudo', ['apt-get', ...args]));
  console.log(`setup: installing Chromium (${chromium} is missing)`);
  const ok = apt(['update', '-qq']) && apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
  if (!ok) {
    console.error('setup: could not install Chromium; install it yourself or set CHROMIUM_PATH to a Chromium binary');
    process.exit(1);
  }
}
if (!run('npm', ['ci', '--no-audit', '--no-fund'])) process.exit(1);
console.log(
  'setup: done. `npm run storybook` serves the kit and the hooks on the mock host; `npm test` runs every test.',
);
