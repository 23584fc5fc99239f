import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * The file a URL path names inside `root`, or null when it would leave the folder, enter `node_modules/` or a
 * dot folder (`.git/`), or is not a valid %-escape. A path ending in `/` names its `index.html`. A `..` or `.`
 * segment, a backslash or a NUL (raw or %-escaped) is refused outright, not resolved.
 */
export function fileInFolder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (/[\0\\]/.test(decoded) || decoded.split('/').some((part) => part === '..' || part === '.')) return null;
  const path = join(root, decoded.endsWith('/') ? `${decoded}index.html` : decoded);
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  const parts = inside.split(sep);
  if (parts.some((part) => part === 'node_modules' || part.startsWith('.'))) return null;
  return path;
}
