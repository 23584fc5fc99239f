// @vitest-environment node
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGit } from './git.js';
import { listPackageFiles } from './package-listing.js';
import { runCli } from './main.js';
import { captureIo, git, removeFolder, tempFolders, writeFiles } from './test-folders.js';

const { temp, removeLater } = tempFolders();

describe('listPackageFiles', () => {
  it('lists tracked files plus untracked ones that are not ignored, and nothing ignored', () => {
    const folder = temp();
    writeFiles(folder, {
      '.gitignore': 'node_modules/\n*.log\n',
      'a.txt': 'a',
      'dist/index.html': '<p>',
      'debug.log': 'x',
      'node_modules/x/index.js': '',
    });
    git(folder, 'init', '-q');
    git(folder, 'add', '.gitignore', 'a.txt');
    git(folder, 'commit', '-qm', 'first');
    const listing = listPackageFiles(folder);
    expect(listing.source).toBe('git');
    expect(listing.files.map((file) => file.path)).toEqual(['.gitignore', 'a.txt', 'dist/index.html']);
    expect(listing.files[1]).toMatchObject({ size: 1, absolute: join(folder, 'a.txt') });
  });

  it('leaves out what .gitattributes marks export-ignore, tracked or not, as the GitHub tarball does', () => {
    const folder = temp();
    writeFiles(folder, {
      '.gitattributes': 'vendor/*.tgz export-ignore\n',
      'index.html': '<p>',
      'vendor/card-sdk/index.js': '',
      'vendor/sdk-1.0.0.tgz': 'tarball',
      'vendor/sdk-2.0.0.tgz': 'tarball',
    });
    git(folder, 'init', '-q');
    git(folder, 'add', '.gitattributes', 'vendor/sdk-1.0.0.tgz');
    expect(listPackageFiles(folder).files.map((file) => file.path)).toEqual([
      '.gitattributes',
      'index.html',
      'vendor/card-sdk/index.js',
    ]);
  });

  it("lists the folder itself when git cannot read the repository, and the command exits 1 with git's reason", async () => {
    const folder = temp();
    writeFiles(folder, { 'neurosquad-card.json': '{}', 'index.html': '<p>' });
    git(folder, 'init', '-q');
    git(folder, 'add', '.');
    writeFileSync(join(folder, '.git', 'index'), 'garbage');
    const listing = listPackageFiles(folder);
    expect(listing.source).toBe('folder');
    expect(listing.gitFailure).toMatch(/^fatal: /);
    expect(listing.files.map((file) => file.path)).toEqual(['index.html', 'neurosquad-card.json']);
    const { io, stdout } = captureIo(folder);
    expect(await runCli(['validate'], io)).toBe(1);
    expect(stdout()).toContain('.git: git could not list the files (fatal: ');
  });

  it('lists only the card sub-folder of a larger repository', () => {
    const repo = temp();
    writeFiles(repo, { 'README.md': '#', 'cards/radar/neurosquad-card.json': '{}', 'cards/other/x.txt': 'x' });
    git(repo, 'init', '-q');
    expect(listPackageFiles(join(repo, 'cards/radar')).files.map((file) => file.path)).toEqual([
      'neurosquad-card.json',
    ]);
  });

  it('lists the folder own repository even when GIT_DIR points at another one', () => {
    const folder = temp();
    const other = temp();
    writeFiles(folder, { 'mine.txt': 'm' });
    writeFiles(other, { 'theirs.txt': 't' });
    git(folder, 'init', '-q');
    git(other, 'init', '-q');
    git(other, 'add', '-A');
    process.env.GIT_DIR = join(other, '.git');
    try {
      expect(listPackageFiles(folder).files.map((file) => file.path)).toEqual(['mine.txt']);
    } finally {
      delete process.env.GIT_DIR;
    }
  });

  it('walks a folder that is not a repository, leaving out .git and node_modules', () => {
    const folder = temp();
    writeFiles(folder, { 'a.txt': 'a', 'sub/b.txt': 'b', 'node_modules/m.js': '' });
    const listing = listPackageFiles(folder);
    expect(listing.source).toBe('folder');
    expect(listing.files.map((file) => file.path)).toEqual(['a.txt', 'sub/b.txt']);
  });

  it('skips files reached through symbolic links, also tracked ones and linked folders', () => {
    const folder = temp();
    const outside = temp();
    writeFiles(outside, { 'secret.txt': 'outside the card', 'dir/inner.txt': 'inner' });
    writeFiles(folder, { 'a.txt': 'a' });
    symlinkSync(join(outside, 'secret.txt'), join(folder, 'linked.txt'));
    symlinkSync(join(outside, 'dir'), join(folder, 'linked-dir'));
    git(folder, 'init', '-q');
    git(folder, 'add', '-A');
    git(folder, 'commit', '-qm', 'links');
    const listing = listPackageFiles(folder);
    expect(listing.files.map((file) => file.path)).toEqual(['a.txt']);
    expect(listing.skippedLinks).toEqual(['linked-dir', 'linked.txt']);
  });

  it('refuses credential-looking files unless allowed, but keeps .env.example', () => {
    const folder = temp();
    const secrets = [
      '.env',
      '.env.local',
      'keys/server.pem',
      'cert.key',
      'a.p12',
      'b.pfx',
      'id_rsa',
      'id_rsa.pub',
      '.npmrc',
      '.git-credentials',
      '.netrc',
    ];
    writeFiles(folder, Object.fromEntries([...secrets, '.env.example', 'main.js'].map((path) => [path, 'x'])));
    const refused = listPackageFiles(folder);
    expect(refused.files.map((file) => file.path)).toEqual(['.env.example', 'main.js']);
    expect(refused.secretFiles.map((file) => file.path).sort()).toEqual([...secrets].sort());
    expect(refused.secretFiles.find((file) => file.path === 'id_rsa')?.reason).toBe('SSH key');
    const allowed = listPackageFiles(folder, { allowSecretFiles: true });
    expect(allowed.files).toHaveLength(secrets.length + 2);
  });
});

describe('runGit on a hostile folder', () => {
  function hostileRepo(): { folder: string; marker: string } {
    const folder = temp();
    const marker = join(folder, '..', `${folder.split('/').pop()}-hook-ran`);
    removeLater(marker);
    writeFiles(folder, { 'a.txt': 'a' });
    git(folder, 'init', '-q');
    git(folder, 'add', 'a.txt');
    git(folder, 'commit', '-qm', 'first');
    const trap = `#!/bin/sh\necho ran >> "${marker}"\nexit 0\n`;
    mkdirSync(join(folder, '.git', 'hooks'), { recursive: true });
    for (const hook of [
      'pre-commit',
      'post-checkout',
      'post-index-change',
      'reference-transaction',
      'fsmonitor-watchman',
    ]) {
      writeFileSync(join(folder, '.git', 'hooks', hook), trap, { mode: 0o755 });
    }
    writeFileSync(join(folder, '.git', 'trap.sh'), trap, { mode: 0o755 });
    git(folder, 'config', 'core.fsmonitor', join(folder, '.git', 'trap.sh'));
    return { folder, marker };
  }

  it('the trap is real: plain git runs the folder fsmonitor and hooks', () => {
    const { folder, marker } = hostileRepo();
    git(folder, 'ls-files', '--cached', '--others', '--exclude-standard');
    expect(existsSync(marker)).toBe(true);
    removeFolder(marker);
    git(folder, '-c', 'core.fsmonitor=false', 'commit', '-q', '--allow-empty', '-m', 'runs pre-commit');
    expect(existsSync(marker)).toBe(true);
  });

  it('never runs the folder hooks or fsmonitor', () => {
    const { folder, marker } = hostileRepo();
    expect(listPackageFiles(folder).files.map((file) => file.path)).toEqual(['a.txt']);
    runGit(folder, [
      '-c',
      'user.email=t@e',
      '-c',
      'user.name=T',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'hooks would run here',
    ]);
    runGit(folder, ['status', '--porcelain']);
    expect(existsSync(marker)).toBe(false);
  });
});
