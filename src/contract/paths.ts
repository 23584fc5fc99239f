import { LIMITS } from './limits.js';

/** A cleaned path, or the reason it was refused. */
export type PathResult = { ok: true; path: string } | { ok: false; error: string };

const WORKSPACE_PATH_CHARS = 1024;
const DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$|clock\$) *(?:\..*)?$/i;

/** Folders no card may write into (any depth), lower case; `.circleci` and `.buildkite` since SDK 1.1. */
export const PROTECTED_FOLDERS: readonly string[] = /* @__PURE__ */ Object.freeze([
  '.git',
  '.claude',
  '.codex',
  '.cursor',
  '.vscode',
  '.idea',
  '.husky',
  '.gemini',
  '.qwen',
  '.opencode',
  '.kilocode',
  '.windsurf',
  '.continue',
  '.devcontainer',
  '.circleci',
  '.buildkite',
  '.clinerules',
]);

/**
 * File names no card may write (any folder), lower case; the CI files since SDK 1.1, `package.json` since SDK 1.4
 * (`npm install` runs the scripts it names, so a card could run code on the next install).
 */
export const PROTECTED_FILES: readonly string[] = /* @__PURE__ */ Object.freeze([
  '.git',
  '.gitmodules',
  '.gitattributes',
  '.mcp.json',
  'claude.md',
  'claude.local.md',
  'agents.md',
  'gemini.md',
  'qwen.md',
  '.cursorrules',
  '.windsurfrules',
  'opencode.json',
  'opencode.jsonc',
  '.envrc',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.pnpmfile.cjs',
  '.gitlab-ci.yml',
  'azure-pipelines.yml',
  'jenkinsfile',
  '.travis.yml',
  'bitbucket-pipelines.yml',
  '.drone.yml',
  'appveyor.yml',
  '.appveyor.yml',
  '.goosehints',
  'crush.md',
  'agent.md',
  '.aider.conf.yml',
  '.pre-commit-config.yaml',
  'lefthook.yml',
  'lefthook.yaml',
  '.lefthook.yml',
  '.lefthook.yaml',
  'package.json',
]);

// Folder pairs no card may write under: CI workflows and actions, Copilot's instructions, Yarn's own binary.
const PROTECTED_PAIRS: ReadonlyArray<[string, string, string]> = [
  ['.github', 'workflows', 'CI workflows cannot be changed by cards'],
  ['.github', 'actions', 'CI actions cannot be changed by cards'],
  ['.github', 'copilot-instructions.md', 'copilot-instructions.md cannot be changed by cards'],
  ['.yarn', 'releases', 'files under .yarn/releases/ cannot be changed by cards'],
];

// A segment as a file system that ignores case (Unicode case folding: ſ is s, ı is i, K is k), normalization
// and invisible characters (HFS+ drops them) would see it.
function foldSegment(segment: string): string {
  return segment
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .toUpperCase()
    .toLowerCase();
}

// The names Windows gives a protected name in 8.3 form: `GIT~1` for .git, `GITHUB~1`, `CLAUDE~1.MD`, or the
// hashed `GI1A2B~1`, also written with the name's leading dot (`.GITHUB~1`); a segment of that shape whose base and
// extension fit a protected name is refused.
const SHORT_NAME = /^\.*([^.~]{1,6})~([1-9][0-9]{0,5})(?:\.([^.]{1,3}))?$/;

function shortNameOf(segment: string, protectedNames: readonly string[]): string | undefined {
  const match = SHORT_NAME.exec(segment);
  if (match === null) return undefined;
  const [, base, digits, extension = ''] = match;
  return protectedNames.find((name) => {
    const bare = name.replace(/^\.+/, '');
    const dot = bare.lastIndexOf('.');
    const stem = (dot > 0 ? bare.slice(0, dot) : bare).replace(/[. ]/g, '');
    const ext = dot > 0 ? bare.slice(dot + 1, dot + 4) : '';
    if (extension !== ext) return false;
    const kept = Math.min(stem.length, 7 - digits.length);
    return (
      base === stem.slice(0, kept) || (/^[0-9a-f]{4}$/.test(base.slice(2)) && base.slice(0, 2) === stem.slice(0, 2))
    );
  });
}

/**
 * Checks one path segment against the rules shared by package and workspace paths (no `.`/`..`, control
 * characters, `<>:"|?*`, trailing dot or space, or Windows device names); returns the reason or `null`.
 */
export function checkPathSegment(segment: string): string | null {
  if (segment === '' || segment === '.' || segment === '..') return 'empty, "." or ".." segment';
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(segment)) return 'control character';
  if (/[<>:"|?*]/.test(segment)) return 'character not allowed in file names (<>:"|?*)';
  if (/[. ]$/.test(segment)) return 'segment ends with a dot or space';
  if (DEVICE_NAME.test(segment)) return `reserved device name "${segment}"`;
  return null;
}

function checkSegments(segments: readonly string[]): string | null {
  for (const segment of segments) {
    const error = checkPathSegment(segment);
    if (error) return error;
  }
  return null;
}

/**
 * Cleans a path inside a card package (manifest `entry`/`icon`, archive entries): relative, `/`-separated,
 * ≤ 240 chars and 20 segments, nothing under the reserved `__ns/`.
 * @example normalizePackagePath('dist/index.html/') // { ok: true, path: 'dist/index.html' }
 */
export function normalizePackagePath(raw: unknown): PathResult {
  if (typeof raw !== 'string' || raw === '') return { ok: false, error: 'empty path' };
  if (raw.length > LIMITS.pathChars) return { ok: false, error: 'path too long' };
  if (raw.includes('\\')) return { ok: false, error: 'backslash in path' };
  if (raw.startsWith('/')) return { ok: false, error: 'absolute path' };
  const trimmed = raw.endsWith('/') ? raw.slice(0, -1) : raw;
  const segments = trimmed.split('/');
  if (segments.length > LIMITS.pathDepth) return { ok: false, error: 'path too deep' };
  const error = checkSegments(segments);
  if (error) return { ok: false, error };
  const path = segments.join('/');
  const lower = path.toLowerCase();
  if (lower === '__ns' || lower.startsWith('__ns/')) return { ok: false, error: 'paths under __ns/ are reserved' };
  return { ok: true, path };
}

/**
 * Cleans a path relative to the workspace folder (every `fs.*` path): `\` becomes `/`, `''`, `.` and `./`
 * are the root, absolute paths and `..` are refused.
 * @example normalizeWorkspacePath('./src\\app.ts') // { ok: true, path: 'src/app.ts' }
 */
export function normalizeWorkspacePath(raw: unknown): PathResult {
  if (typeof raw !== 'string') return { ok: false, error: 'not a string' };
  if (raw.length > WORKSPACE_PATH_CHARS) return { ok: false, error: 'path too long' };
  let path = raw.replace(/\\/g, '/').trim();
  if (path === '' || path === '.' || path === './') return { ok: true, path: '' };
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) {
    return { ok: false, error: 'absolute paths are not allowed; use a path relative to the workspace folder' };
  }
  if (path.startsWith('./')) path = path.slice(2);
  if (path.endsWith('/')) path = path.slice(0, -1);
  const segments = path.split('/');
  if (segments.includes('..')) return { ok: false, error: '".." is not allowed' };
  const error = checkSegments(segments);
  return error ? { ok: false, error } : { ok: true, path };
}

/**
 * Why a card may not change a normalized workspace path (agent, VCS and CI files and folders), or `null`.
 * Reads are never restricted by this list.
 * @example writeProtectionError('.github/workflows/ci.yml') // 'CI workflows cannot be changed by cards'
 */
export function writeProtectionError(path: string): string | null {
  if (typeof path !== 'string' || path === '') return null;
  const raw = path.split('/').map(foldSegment);
  // Each segment as the protected folder its 8.3 short name stands for, if any.
  const segments = raw.map((segment) => shortNameOf(segment, PROTECTED_FOLDERS) ?? segment);
  if (segments.includes('.git')) return 'files under .git cannot be changed';
  const folder = segments.find((segment) => PROTECTED_FOLDERS.includes(segment));
  if (folder) return `files under ${folder}/ cannot be changed by cards`;
  for (let i = 0; i + 1 < raw.length; i += 1) {
    for (const [parent, child, message] of PROTECTED_PAIRS) {
      if (
        (shortNameOf(raw[i], [parent]) ?? raw[i]) === parent &&
        (shortNameOf(raw[i + 1], [child]) ?? raw[i + 1]) === child
      )
        return message;
    }
  }
  const last = raw[raw.length - 1];
  const name = shortNameOf(last, PROTECTED_FILES) ?? last;
  if (PROTECTED_FILES.includes(name)) return `${name} cannot be changed by cards`;
  return null;
}

/**
 * Maps an archive entry name (`package/dist/index.html`, `repo-sha/sub/card/icon.png`) to its path inside
 * the package: drops a leading `./` and the archive's top folder, then the `root` sub-folder if given.
 * Returns `null` for folders and entries outside the package; throws for a path the package rules refuse.
 * @example archiveEntryToPackagePath('package/dist/index.html') // 'dist/index.html'
 */
export function archiveEntryToPackagePath(entry: string, root = ''): string | null {
  let name = entry.replace(/^(?:\.\/)+/, '');
  if (name === '' || name.endsWith('/')) return null;
  const slash = name.indexOf('/');
  if (slash < 0) return null;
  name = name.slice(slash + 1);
  const folder = root.replace(/^\/+|\/+$/g, '');
  if (folder !== '') {
    if (!name.startsWith(`${folder}/`)) return null;
    name = name.slice(folder.length + 1);
  }
  if (name === '') return null;
  const result = normalizePackagePath(name);
  if (!result.ok) throw new Error(`${entry}: ${result.error}`);
  return result.path;
}

/** One package file for the tree hash: its package path and the sha256 of its bytes (hex). */
export interface TreeHashFile {
  path: string;
  sha256: string;
}

/**
 * The text whose sha256 is the package's tree hash: one `<sha256>  <path>\n` line per file, sorted by path
 * (UTF-16 order).
 * @example treeHashInput([{ path: 'b', sha256: 'bb' }, { path: 'a', sha256: 'aa' }]) // 'aa  a\nbb  b\n'
 */
export function treeHashInput(files: Iterable<TreeHashFile>): string {
  return [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((file) => `${file.sha256.toLowerCase()}  ${file.path}\n`)
    .join('');
}
