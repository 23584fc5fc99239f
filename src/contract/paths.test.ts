import { describe, expect, it } from 'vitest';
import {
  PROTECTED_FILES,
  PROTECTED_FOLDERS,
  archiveEntryToPackagePath,
  checkPathSegment,
  normalizePackagePath,
  normalizeWorkspacePath,
  treeHashInput,
  writeProtectionError,
} from './paths.js';

describe('checkPathSegment', () => {
  const rows: [string, string, string, string][] = [
    ['no empty segment', 'a', '', 'empty, "." or ".." segment'],
    ['no "."', '.env.example', '.', 'empty, "." or ".." segment'],
    ['no ".."', '..a', '..', 'empty, "." or ".." segment'],
    ['no C0 control', 'tab', 'a\tb', 'control character'],
    ['no DEL', 'a', 'a\u007fb', 'control character'],
    ['no <>:"|?*', 'a-b_c (1)', 'a:b', 'character not allowed in file names (<>:"|?*)'],
    ['no ?', 'a', 'what?', 'character not allowed in file names (<>:"|?*)'],
    ['no trailing dot', 'a.b', 'a.', 'segment ends with a dot or space'],
    ['no trailing space', ' a', 'a ', 'segment ends with a dot or space'],
    ['no device names', 'console', 'CON', 'reserved device name "CON"'],
    ['device name with extension', 'con1.txt', 'nul.txt', 'reserved device name "nul.txt"'],
    ['device name, spaces before the extension', 'com10', 'com1  .tar.gz', 'reserved device name "com1  .tar.gz"'],
    ['superscript COM/LPT', 'lpt', 'LPT¹', 'reserved device name "LPT¹"'],
    ['conin$ / conout$ / clock$', 'clock', 'clock$', 'reserved device name "clock$"'],
  ];
  it.each(rows)('%s', (_rule, good, bad, error) => {
    expect(checkPathSegment(good)).toBeNull();
    expect(checkPathSegment(bad)).toBe(error);
  });
});

describe('normalizePackagePath', () => {
  const rows: [string, string, string, unknown, string][] = [
    ['non-empty string', 'index.html', 'index.html', '', 'empty path'],
    ['a string', 'a', 'a', 42, 'empty path'],
    ['≤ 240 chars', 'a'.repeat(240), 'a'.repeat(240), 'a'.repeat(241), 'path too long'],
    ['no backslash', 'dist/index.html', 'dist/index.html', 'dist\\index.html', 'backslash in path'],
    ['relative', 'dist/a', 'dist/a', '/dist/a', 'absolute path'],
    ['one trailing / ignored', 'dist/', 'dist', 'dist//', 'empty, "." or ".." segment'],
    [
      '≤ 20 segments',
      Array(20).fill('a').join('/'),
      Array(20).fill('a').join('/'),
      Array(21).fill('a').join('/'),
      'path too deep',
    ],
    ['segment rules', 'a/b.txt', 'a/b.txt', 'a/../b', 'empty, "." or ".." segment'],
    ['__ns/ reserved', '__nsx/a', '__nsx/a', '__NS/a', 'paths under __ns/ are reserved'],
    ['__ns reserved', 'ns', 'ns', '__ns', 'paths under __ns/ are reserved'],
  ];
  it.each(rows)('%s', (_rule, good, cleaned, bad, error) => {
    expect(normalizePackagePath(good)).toEqual({ ok: true, path: cleaned });
    expect(normalizePackagePath(bad)).toEqual({ ok: false, error });
  });
});

describe('normalizeWorkspacePath', () => {
  const ABSOLUTE = 'absolute paths are not allowed; use a path relative to the workspace folder';
  const rows: [string, string, string, unknown, string][] = [
    ['a string', 'a', 'a', null, 'not a string'],
    ['≤ 1024 chars', 'a/'.repeat(511) + 'bb', 'a/'.repeat(511) + 'bb', 'a'.repeat(1025), 'path too long'],
    ['backslashes become /', 'src\\app.ts', 'src/app.ts', '\\abs', ABSOLUTE],
    ['trimmed', '  notes.md ', 'notes.md', ' /etc/passwd', ABSOLUTE],
    ['root forms', '.', '', '//server/share', ABSOLUTE],
    ['./ is the root', './', '', 'C:\\Windows', ABSOLUTE],
    ['drive letters', 'c/d', 'c/d', 'c:x', ABSOLUTE],
    ['one leading ./ and trailing / removed', './docs/', 'docs', '././docs', 'empty, "." or ".." segment'],
    ['no ..', 'a..b/c', 'a..b/c', 'docs/../../etc', '".." is not allowed'],
    ['segment rules', 'a/b', 'a/b', 'a/b?', 'character not allowed in file names (<>:"|?*)'],
    ['device names', 'docs/aux-notes.md', 'docs/aux-notes.md', 'docs/aux.md', 'reserved device name "aux.md"'],
  ];
  it.each(rows)('%s', (_rule, good, cleaned, bad, error) => {
    expect(normalizeWorkspacePath(good)).toEqual({ ok: true, path: cleaned });
    expect(normalizeWorkspacePath(bad)).toEqual({ ok: false, error });
  });

  it('empty is the root', () => {
    expect(normalizeWorkspacePath('')).toEqual({ ok: true, path: '' });
  });
});

describe('writeProtectionError', () => {
  const rows: [string, string, string, string][] = [
    ['root passes', '', '.git/config', 'files under .git cannot be changed'],
    ['.git at any depth', 'src/git/a', 'sub/.GIT/hooks/pre-commit', 'files under .git cannot be changed'],
    ['protected folder', 'src/claude/x', '.claude/settings.json', 'files under .claude/ cannot be changed by cards'],
    [
      'protected folder, nested',
      'vscode/x',
      'pkg/.vscode/settings.json',
      'files under .vscode/ cannot be changed by cards',
    ],
    ['1.1+ folders', 'circleci.md', '.circleci/config.yml', 'files under .circleci/ cannot be changed by cards'],
    ['.buildkite', 'buildkite', '.buildkite/pipeline.yml', 'files under .buildkite/ cannot be changed by cards'],
    [
      'CI workflows',
      '.github/ISSUE_TEMPLATE/bug.md',
      '.github/workflows/ci.yml',
      'CI workflows cannot be changed by cards',
    ],
    ['protected files, any case', 'docs/claude-notes.md', 'CLAUDE.md', 'claude.md cannot be changed by cards'],
    ['protected files, any folder', 'pkg/npmrc', 'pkg/.npmrc', '.npmrc cannot be changed by cards'],
    ['1.1+ CI files', 'gitlab-ci.yml', '.gitlab-ci.yml', '.gitlab-ci.yml cannot be changed by cards'],
    ['Jenkinsfile', 'jenkins/readme.md', 'Jenkinsfile', 'jenkinsfile cannot be changed by cards'],
  ];
  it.each(rows)('%s', (_rule, good, bad, error) => {
    expect(writeProtectionError(good)).toBeNull();
    expect(writeProtectionError(bad)).toBe(error);
  });

  it.each(PROTECTED_FOLDERS.filter((f) => f !== '.git').map((f) => [f]))('protects %s/', (folder) => {
    expect(writeProtectionError(`${folder}/x`)).toBe(`files under ${folder}/ cannot be changed by cards`);
  });

  it.each(PROTECTED_FILES.filter((f) => f !== '.git').map((f) => [f]))('protects %s', (file) => {
    expect(writeProtectionError(`a/${file}`)).toBe(`${file} cannot be changed by cards`);
  });
});

describe('archiveEntryToPackagePath', () => {
  const rows: [string, string, string, string | null][] = [
    ['drops the top folder', 'package/dist/index.html', '', 'dist/index.html'],
    ['drops a leading ./', './package/icon.png', '', 'icon.png'],
    ['folders are not files', 'package/dist/', '', null],
    ['the top folder itself', 'package', '', null],
    ['inside a sub-folder', 'repo-abc123/cards/radar/neurosquad-card.json', 'cards/radar', 'neurosquad-card.json'],
    ['outside the sub-folder', 'repo-abc123/cards/other/index.html', 'cards/radar', null],
    ['sub-folder with slashes', 'repo/cards/radar/a.js', '/cards/radar/', 'a.js'],
  ];
  it.each(rows)('%s', (_rule, entry, root, expected) => {
    expect(archiveEntryToPackagePath(entry, root)).toBe(expected);
  });

  it('throws for paths the package rules refuse', () => {
    expect(() => archiveEntryToPackagePath('package/__ns/x.js')).toThrow(
      'package/__ns/x.js: paths under __ns/ are reserved',
    );
    expect(() => archiveEntryToPackagePath('package/a/con.txt')).toThrow('reserved device name "con.txt"');
  });
});

describe('treeHashInput', () => {
  it('sorts by path in UTF-16 order, two spaces between hash and path', () => {
    const files = [
      { path: 'b.txt', sha256: 'BB' },
      { path: 'a/z.txt', sha256: 'aa' },
      { path: 'B.txt', sha256: 'cc' },
      { path: 'é.txt', sha256: 'dd' },
    ];
    expect(treeHashInput(files)).toBe('cc  B.txt\naa  a/z.txt\nbb  b.txt\ndd  é.txt\n');
  });

  it('is empty for no files', () => {
    expect(treeHashInput([])).toBe('');
  });
});

describe('writeProtectionError beyond the published lists', () => {
  it.each([
    ['GIT~1/config', 'files under .git cannot be changed'],
    ['git~1/hooks/pre-commit', 'files under .git cannot be changed'],
    ['CLAUDE~1/settings.json', 'files under .claude/ cannot be changed by cards'],
    ['.GITHUB~1/workflows/x.yml', 'CI workflows cannot be changed by cards'],
    ['.github~1/actions/setup/action.yml', 'CI actions cannot be changed by cards'],
    ['.GIT~1/config', 'files under .git cannot be changed'],
    ['.CLAUDE~1/settings.json', 'files under .claude/ cannot be changed by cards'],
    ['CLAUDE~1.MD', 'claude.md cannot be changed by cards'],
    ['GI1A2B~1/config', 'files under .git cannot be changed'],
    ['docs/AG3F0E~1.MD', 'agents.md cannot be changed by cards'],
    ['package.json', 'package.json cannot be changed by cards'],
    ['apps/web/Package.JSON', 'package.json cannot be changed by cards'],
    ['PACKAG~1.JSO', 'package.json cannot be changed by cards'],
    ['.gıt/config', 'files under .git cannot be changed'],
    ['AGENTſ.md', 'agents.md cannot be changed by cards'],
    ['.g\u200cit/config', 'files under .git cannot be changed'],
    ['.github/actions/setup/action.yml', 'CI actions cannot be changed by cards'],
    ['.github/copilot-instructions.md', 'copilot-instructions.md cannot be changed by cards'],
    ['.yarn/releases/yarn-4.cjs', 'files under .yarn/releases/ cannot be changed by cards'],
    ['.clinerules', 'files under .clinerules/ cannot be changed by cards'],
    ['.clinerules/rules.md', 'files under .clinerules/ cannot be changed by cards'],
    ['.goosehints', '.goosehints cannot be changed by cards'],
    ['CRUSH.md', 'crush.md cannot be changed by cards'],
    ['AGENT.md', 'agent.md cannot be changed by cards'],
    ['.aider.conf.yml', '.aider.conf.yml cannot be changed by cards'],
    ['.pre-commit-config.yaml', '.pre-commit-config.yaml cannot be changed by cards'],
    ['lefthook.yml', 'lefthook.yml cannot be changed by cards'],
  ])('refuses %s', (path, message) => {
    expect(writeProtectionError(path)).toBe(message);
  });

  it('leaves ordinary names with a tilde and other .github files alone', () => {
    expect(writeProtectionError('notes/backup~1.txt')).toBeNull();
    expect(writeProtectionError('notes/.backup~1.txt')).toBeNull();
    expect(writeProtectionError('NO1A2B~1.TXT')).toBeNull();
    expect(writeProtectionError('CLAUDE~1.TXT')).toBeNull();
    expect(writeProtectionError('GI1A2G~1/config')).toBeNull();
    expect(writeProtectionError('')).toBeNull();
    expect(writeProtectionError(42 as unknown as string)).toBeNull();
    expect(writeProtectionError('package-lock.json')).toBeNull();
    expect(writeProtectionError('src/package.ts')).toBeNull();
    expect(writeProtectionError('.github/ISSUE_TEMPLATE/bug.md')).toBeNull();
    expect(writeProtectionError('docs/agents-guide.md')).toBeNull();
  });
});
