import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative } from 'node:path';

/** The config file names Vite looks for, in its order. */
const VITE_CONFIGS = [
  'vite.config.js',
  'vite.config.mjs',
  'vite.config.ts',
  'vite.config.cjs',
  'vite.config.mts',
  'vite.config.cts',
];

/** The card folder's Vite config file, or null when it has none (the card is not run through Vite). */
export function viteConfigOf(folder: string): string | null {
  const name = VITE_CONFIGS.find((file) => existsSync(join(folder, file)));
  return name === undefined ? null : join(folder, name);
}

/** Where the card's own Vite is installed: its package folder (resolved), or null when the card has none. */
export function vitePackageOf(folder: string): string | null {
  try {
    return realpathSync(dirname(createRequire(join(folder, 'package.json')).resolve('vite/package.json')));
  } catch {
    return null;
  }
}

function inside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
}

/**
 * Whether a request path below the secret (`/src/App.tsx`, `/@fs/<abs>`) names a file that is, once links are
 * resolved, outside the card folder and outside Vite's own client (`allowed`): such a request is refused before
 * Vite sees it. A path that names no file (a virtual module, `/@vite/client`, a missing file) is left to Vite.
 */
export function leavesFolder(root: string, allowed: readonly string[], innerPath: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(innerPath.split('?')[0] ?? '');
  } catch {
    return true;
  }
  if (path.includes('\0') || path.includes('\\')) return true;
  let file: string;
  if (path.startsWith('/@fs/')) file = path.slice('/@fs'.length);
  else if (path.startsWith('/@')) return false;
  else file = join(root, path);
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    // Nothing there, unless a `..` took the path out of the folder.
    return !inside(root, file);
  }
  return !allowed.some((folder) => inside(folder, real));
}
