// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packCommand, packFolder } from './pack.js';
import { captureIo, git, tempFolders, writeFiles, writeValidCard } from './test-folders.js';
import { validateFolder } from './validate.js';

const { temp, removeLater } = tempFolders();
function gitCard(): string {
  const folder = temp();
  writeValidCard(folder);
  writeFiles(folder, { '.gitignore': 'node_modules/\n*.tgz\n', 'node_modules/dep/index.js': '' });
  git(folder, 'init', '-q');
  git(folder, 'add', '-A');
  git(folder, 'commit', '-qm', 'card');
  return folder;
}

describe('packFolder', () => {
  it('packs twice into identical bytes', async () => {
    const folder = gitCard();
    const out = temp();
    const first = await packFolder(folder, { out: join(out, 'first.tgz') });
    const second = await packFolder(folder, { out: join(out, 'second.tgz') });
    expect(first.ok).toBe(true);
    expect(readFileSync(join(out, 'first.tgz')).equals(readFileSync(join(out, 'second.tgz')))).toBe(true);
    expect(second.treeHash).toBe(first.treeHash);
  });

  it('packs what git would hand out, under package/, with the tree hash validate prints', async () => {
    const folder = gitCard();
    writeFiles(folder, { 'notes.md': 'untracked but not ignored', 'old.tgz': 'ignored' });
    const out = join(temp(), 'card.tgz');
    const report = await packFolder(folder, { out });
    expect(report.files.map((file) => file.path)).toEqual([
      '.gitignore',
      'icon.png',
      'index.html',
      'main.js',
      'neurosquad-card.json',
      'notes.md',
      'render.js',
      'style.css',
    ]);
    expect(report.treeHash).toBe(validateFolder(folder).treeHash);
    const listed = execFileSync('tar', ['-tzf', out], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(report.files.map((file) => `package/${file.path}`));
    expect(report.tarballBytes).toBe(readFileSync(out).length);
  });

  it('refuses credential-looking files unless allowed', async () => {
    const folder = gitCard();
    writeFiles(folder, { '.env': 'TOKEN=secret', 'deploy/server.pem': 'KEY', '.env.example': 'TOKEN=' });
    const out = join(temp(), 'card.tgz');
    const refused = await packFolder(folder, { out });
    expect(refused.ok).toBe(false);
    expect(existsSync(out)).toBe(false);
    expect(refused.errors.map((error) => error.where)).toEqual(['.env', 'deploy/server.pem']);
    expect(refused.errors[0]?.message).toMatch(/looks like a credential \(environment file \(\.env\*\)\): refused/);
    expect(refused.secretFiles.map((secret) => [secret.path, secret.included])).toEqual([
      ['.env', false],
      ['deploy/server.pem', false],
    ]);
    expect(refused.files.map((file) => file.path)).not.toContain('.env');
    const allowed = await packFolder(folder, { out, allowSecretFiles: true });
    expect(allowed.ok).toBe(true);
    // Included, so reported as included (not as skipped) and listed with the files.
    expect(allowed.secretFiles.map((secret) => [secret.path, secret.included])).toEqual([
      ['.env', true],
      ['deploy/server.pem', true],
    ]);
    expect(allowed.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['.env', '.env.example', 'deploy/server.pem']),
    );
    expect(execFileSync('tar', ['-tzf', out], { encoding: 'utf8' })).toContain('package/.env\n');
  });

  it('refuses a network wildcard over a public suffix', async () => {
    const folder = temp();
    writeValidCard(folder, { permissions: [{ id: 'network', hosts: ['*.surge.sh'] }] });
    const report = await packFolder(folder, { out: null });
    expect(report.ok).toBe(false);
    expect(report.errors.map((error) => error.where)).toContain('neurosquad-card.json#/permissions/0/hosts/0');
  });

  it('skips files reached through symbolic links', async () => {
    const folder = gitCard();
    const outside = temp();
    writeFiles(outside, { 'id.txt': 'private' });
    symlinkSync(join(outside, 'id.txt'), join(folder, 'linked.txt'));
    const out = join(temp(), 'card.tgz');
    const report = await packFolder(folder, { out });
    expect(report.ok).toBe(true);
    expect(report.skipped.links).toEqual(['linked.txt']);
    expect(execFileSync('tar', ['-tzf', out], { encoding: 'utf8' })).not.toContain('linked.txt');
  });

  it('refuses a folder validate refuses, and writes nothing', async () => {
    const folder = gitCard();
    writeFiles(folder, { 'neurosquad-card.json': '{"name": "x"}' });
    const out = join(temp(), 'card.tgz');
    expect((await packFolder(folder, { out })).ok).toBe(false);
    expect(existsSync(out)).toBe(false);
  });

  it('never runs the folder git hooks or fsmonitor', async () => {
    const folder = gitCard();
    const marker = `${folder}-fsmonitor-ran`;
    removeLater(marker);
    writeFiles(folder, { '.git/trap.sh': `#!/bin/sh\necho ran > "${marker}"\n` });
    execFileSync('chmod', ['+x', join(folder, '.git/trap.sh')]);
    git(folder, 'config', 'core.fsmonitor', join(folder, '.git/trap.sh'));
    expect((await packFolder(folder, { out: null })).ok).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('pack command', () => {
  it('writes <name>-<version>.tgz into the working folder and prints the tree hash', async () => {
    const folder = gitCard();
    const cwd = temp();
    const { io, stdout } = captureIo(cwd);
    expect(await packCommand([folder], io)).toBe(0);
    expect(existsSync(join(cwd, 'test-radar-1.0.0.tgz'))).toBe(true);
    expect(stdout()).toMatch(/Tree hash [0-9a-f]{64}/);
    expect(stdout()).toContain('✔ packed 7 files');
  });

  it('leaves an archive written into the card folder out of the next pack', async () => {
    const folder = temp();
    writeValidCard(folder);
    const out = join(folder, 'card.tgz');
    const first = await packFolder(folder, { out });
    const second = await packFolder(folder, { out });
    expect(second.files.map((file) => file.path)).toEqual(first.files.map((file) => file.path));
    expect(second.treeHash).toBe(first.treeHash);
  });

  it('--dry-run --json lists and hashes without writing', async () => {
    const folder = gitCard();
    const { io, stdout } = captureIo(folder);
    expect(await packCommand(['--dry-run', '--json'], io)).toBe(0);
    const report = JSON.parse(stdout());
    expect(report).toMatchObject({ ok: true, out: null, name: 'test-radar', version: '1.0.0' });
    expect(report.treeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.files).toHaveLength(7);
    expect(existsSync(join(folder, 'test-radar-1.0.0.tgz'))).toBe(false);
  });

  it('prints the first 100 files and a count of the rest, while --json lists every file', async () => {
    const folder = gitCard();
    const extra: Record<string, string> = {};
    for (let index = 0; index < 150; index += 1) extra[`data/f${String(index).padStart(3, '0')}.txt`] = 'x';
    writeFiles(folder, extra);
    const { io, stdout } = captureIo(folder);
    expect(await packCommand(['--dry-run'], io)).toBe(0);
    const fileLines = stdout()
      .split('\n')
      .filter((line) => /^ +\d+ B {2}/.test(line));
    expect(fileLines).toHaveLength(100);
    expect(stdout()).toContain('         …  and 57 more files (--json lists all)\n');
    expect(stdout()).toContain('✔ dry run: 157 files');
    const json = captureIo(folder);
    expect(await packCommand(['--dry-run', '--json'], json.io)).toBe(0);
    expect(JSON.parse(json.stdout()).files).toHaveLength(157);
  });

  it('prints --json with bidi and invisible characters in file names escaped, so it is safe on a terminal and parses back', async () => {
    const folder = gitCard();
    writeFiles(folder, { 'docs/safe\u202egnp.js': 'x', 'docs/ad\u200bmin.txt': 'y' });
    const { io, stdout } = captureIo(folder);
    // Refused for those names, and still listed.
    expect(await packCommand(['--dry-run', '--json'], io)).toBe(1);
    expect(stdout()).not.toMatch(/[\u202e\u200b]/);
    expect(stdout()).toContain('docs/safe\\u202egnp.js');
    expect(JSON.parse(stdout()).files.map((file: { path: string }) => file.path)).toEqual(
      expect.arrayContaining(['docs/safe\u202egnp.js', 'docs/ad\u200bmin.txt']),
    );
  });

  it('refuses an --out that is a folder or in a missing folder as bad usage, before packing', async () => {
    const folder = gitCard();
    const outside = temp();
    const { io } = captureIo(folder);
    await expect(packCommand(['--out', outside], io)).rejects.toThrow(
      `--out ${outside} is a folder; give the archive's file name (card.tgz)`,
    );
    await expect(packCommand(['--out', join(outside, 'missing', 'card.tgz')], io)).rejects.toThrow(
      `the folder ${join(outside, 'missing')} does not exist`,
    );
    expect(await packCommand(['--out', join(outside, 'missing', 'card.tgz'), '--dry-run'], captureIo(folder).io)).toBe(
      0,
    );
  });

  it('--out writes where asked; refusals exit 1', async () => {
    const folder = gitCard();
    const out = join(temp(), 'x.tgz');
    const { io } = captureIo(folder);
    expect(await packCommand(['--out', out], io)).toBe(0);
    expect(existsSync(out)).toBe(true);
    writeFiles(folder, { id_rsa: 'KEY' });
    const refused = captureIo(folder);
    expect(await packCommand(['--dry-run'], refused.io)).toBe(1);
    expect(refused.stdout()).toContain('✖ id_rsa: looks like a credential (SSH key): refused');
    expect(await packCommand(['--dry-run', '--allow-secret-files'], captureIo(folder).io)).toBe(0);
  });
  it('refuses a folder holding a named pipe, naming it, and writes nothing', async () => {
    const folder = temp();
    writeValidCard(folder);
    execFileSync('mkfifo', [join(folder, 'pipe')]);
    const out = temp();
    const { io, stdout } = captureIo(out);
    expect(await packCommand([folder], io)).toBe(1);
    expect(stdout()).toContain('✖ pipe: cannot be packaged: not a regular file (a named pipe)');
    expect(stdout()).toContain('✖ not packed: 1 problem');
    expect(readdirSync(out)).toEqual([]);
  });
});
