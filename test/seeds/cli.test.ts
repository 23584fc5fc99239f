// @vitest-environment node
// The README's CLI section: validate and pack on a card folder holding the README's own manifest.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { captureIo, makePng, tempFolders, writeFiles } from '../../src/cli/test-folders.js';
import { README_MANIFEST } from './seed-fixtures.js';

const { temp } = tempFolders();

/** A folder with the README manifest, its icon and its entry page. */
function readmeCard(
  manifestPatch: Record<string, unknown> = {},
  extra: Record<string, string | Uint8Array> = {},
): string {
  const folder = temp();
  writeFiles(folder, {
    'neurosquad-card.json': JSON.stringify({ ...README_MANIFEST, ...manifestPatch }, null, 2),
    'icon.png': makePng(128, 128),
    'dist/index.html':
      '<!doctype html><html><head><script type="module" src="./main.js"></script></head><body></body></html>',
    'dist/main.js': "import { connect } from './sdk.js';\nawait connect();\n",
    'dist/sdk.js': 'export const connect = async () => ({});\n',
    ...extra,
  });
  return folder;
}

async function run(folder: string, ...argv: string[]) {
  const { io, stdout, stderr } = captureIo(folder);
  const code = await runCli(argv, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

describe('neurosquad-card validate', () => {
  it('accepts the README manifest and reports JSON with --json', async () => {
    const folder = readmeCard();
    const result = await run(folder, 'validate', '--json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { ok: boolean; errors: unknown[]; warnings: unknown[] };
    expect(report.ok).toBe(true);
    expect(report.errors).toEqual([]);
  });

  it('warns (the app refuses) when a card calls itself NeuroSquad, official or verified', async () => {
    const folder = readmeCard({ displayName: 'Official NeuroSquad radar' });
    const result = await run(folder, 'validate', '--json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { warnings: { message: string }[] };
    expect(report.warnings.map((w) => w.message).join('\n')).toMatch(/official|NeuroSquad|verified/i);
  });

  it('fails with exit 1 and the path for a manifest the app refuses', async () => {
    const folder = readmeCard({ name: 'telegram' });
    const result = await run(folder, 'validate', '--json');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; errors: { where: string; message: string }[] };
    expect(report.ok).toBe(false);
    expect(report.errors.map((e) => `${e.where} ${e.message}`).join('\n')).toContain('/name');
  });

  it('checks minAppVersion against --app-version', async () => {
    const folder = readmeCard({ minAppVersion: '0.2.0' });
    expect((await run(folder, 'validate', '--app-version', '0.3.1')).code).toBe(0);
    expect((await run(folder, 'validate', '--app-version', '0.1.264')).code).toBe(1);
  });
});

describe('neurosquad-card pack', () => {
  it('prints the tree hash with --dry-run --json and writes nothing', async () => {
    const folder = readmeCard();
    const result = await run(folder, 'pack', '--dry-run', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ treeHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(existsSync(join(folder, 'test-radar-1.0.0.tgz'))).toBe(false);
  });

  it('writes the same .tgz twice for the same folder (reproducible)', async () => {
    const folder = readmeCard();
    const out = temp();
    expect((await run(folder, 'pack', '--out', join(out, 'a.tgz'))).code).toBe(0);
    expect((await run(folder, 'pack', '--out', join(out, 'b.tgz'))).code).toBe(0);
    const a = readFileSync(join(out, 'a.tgz'));
    expect(a.length).toBeGreaterThan(0);
    expect(a.equals(readFileSync(join(out, 'b.tgz')))).toBe(true);
  });

  it.each([
    '.env',
    '.env.local',
    'certs/server.pem',
    'deploy.key',
    'me.p12',
    'me.pfx',
    'id_rsa',
    'id_rsa.pub',
    '.npmrc',
    '.git-credentials',
    '.netrc',
  ])('refuses %s unless --allow-secret-files', async (secret) => {
    const folder = readmeCard({}, { [secret]: 'TOKEN=1' });
    const refused = await run(folder, 'pack', '--dry-run', '--json');
    expect(refused.code).toBe(1);
    const allowed = await run(folder, 'pack', '--dry-run', '--json', '--allow-secret-files');
    expect(allowed.code).toBe(0);
  });

  it('packs .env.example', async () => {
    const folder = readmeCard({}, { '.env.example': 'TOKEN=' });
    expect((await run(folder, 'pack', '--dry-run', '--json')).code).toBe(0);
  });
});

describe('neurosquad-card --help', () => {
  it('lists every documented command and option', async () => {
    const folder = temp();
    const help = (await run(folder, '--help')).stdout;
    for (const line of [
      'create <folder> [--template vanilla|react] [--name <slug>] [--display-name <text>] [--force]',
      'dev [folder] [--user-data-dir <dir>] [--no-build] [--no-logs]',
      'validate [folder] [--json] [--app-version <x.y.z>]',
      'pack [folder] [--out <file.tgz>] [--dry-run] [--json] [--allow-secret-files]',
    ]) {
      expect(help).toContain(`neurosquad-card ${line}`);
    }
  });
});

describe('Quick start', () => {
  it('creates a card with no build step that validates as it is', async () => {
    const parent = temp();
    expect((await run(parent, 'create', 'my-card')).code).toBe(0);
    const card = join(parent, 'my-card');
    expect(JSON.parse(readFileSync(join(card, 'neurosquad-card.json'), 'utf8'))).toMatchObject({
      name: 'my-card',
      manifestVersion: 1,
    });
    const validated = await run(card, 'validate', '--json');
    expect(validated.code).toBe(0);
    expect(JSON.parse(validated.stdout)).toMatchObject({ ok: true, errors: [] });
  }, 60_000);

  it('creates a React card whose only problem before the build is the missing dist/index.html', async () => {
    const parent = temp();
    expect((await run(parent, 'create', 'my-card', '--template', 'react')).code).toBe(0);
    const card = join(parent, 'my-card');
    const report = JSON.parse((await run(card, 'validate', '--json')).stdout) as { errors: { where: string }[] };
    expect(report.errors.map((e) => e.where)).toEqual(['neurosquad-card.json#/entry']);
  }, 60_000);
});
