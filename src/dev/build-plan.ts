import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The npm command that builds and watches a card folder, as the folder's own scripts define it. */
export interface BuildPlan {
  /** Arguments of `npm` (`run watch`, or `run build -- --watch`). */
  args: string[];
  /** The command as people type it. */
  label: string;
}

// Build tools whose `--watch` keeps rebuilding; a build script without one (the vanilla template's vendoring
// step) is not a watcher, so that card is served as it is.
const WATCHING_TOOLS = /(^|[\s/&|;])(vite|esbuild|rollup|rolldown|webpack|tsc|tsup|tsdown|parcel)(\s|$)/;

function scripts(folder: string): Record<string, unknown> {
  try {
    const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { scripts?: unknown };
    return typeof pkg.scripts === 'object' && pkg.scripts !== null ? (pkg.scripts as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * How `dev` builds the folder: `npm run watch` when the package has a watch script, else `npm run build -- --watch`
 * when its build script runs a bundler or compiler that watches; null when there is nothing to build.
 */
export function buildPlan(folder: string): BuildPlan | null {
  const found = scripts(folder);
  if (typeof found.watch === 'string') return { args: ['run', 'watch'], label: 'npm run watch' };
  if (typeof found.build === 'string' && WATCHING_TOOLS.test(found.build)) {
    return { args: ['run', 'build', '--', '--watch'], label: 'npm run build -- --watch' };
  }
  return null;
}
