// The parts of dist/ that `npm test` reads (the CLI tests copy the built SDK into new cards, the generated-types
// check compiles against dist/types), and the build a fresh clone gets once before they run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Built files the tests read; any one missing means `npm run build` has not run. */
export const BUILT_FILES = Object.freeze([
  'dist/index.js',
  'dist/browser/live/index.js',
  'dist/dev-host/index.html',
  'dist/types/src/index.d.ts',
]);

/** Runs `npm run build` in `root` when a built file is missing; returns false only when the build failed. */
export function buildWhenMissing(root, log = console.log) {
  const missing = BUILT_FILES.filter((path) => !existsSync(join(root, path)));
  if (missing.length === 0) return true;
  log(`${missing.join(', ')} missing; running npm run build first`);
  return spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status === 0;
}
