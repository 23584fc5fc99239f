// Vitest global setup of the unit project: the CLI's create tests copy the built SDK into new cards, so a
// fresh clone (no dist/) gets `npm run build` once before they run instead of failing with "not built".
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const NEEDED = ['dist/index.js', 'dist/browser', 'dist/dev-host/index.html'];

/** Builds the package when any part the tests read from dist/ is missing. */
export default function buildPackageWhenMissing(): void {
  const root = process.cwd();
  const missing = NEEDED.filter((path) => !existsSync(join(root, path)));
  if (missing.length === 0) return;
  console.log(`test: ${missing.join(', ')} missing; running npm run build first`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed; the CLI tests need the built package');
}
