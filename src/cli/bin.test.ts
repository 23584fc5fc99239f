// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_HELP } from './help.js';
import { buildTestBin } from './test-bin.js';
import { removeFolder, tempFolders, writeFiles, writeValidCard } from './test-folders.js';

// The bin as the package ships it, bundled from src/cli/main.ts inside the checkout.
const root = resolve(import.meta.dirname, '../..');
let bin = '';
const { temp } = tempFolders();

beforeAll(async () => {
  bin = await buildTestBin('neurosquad-cli-test');
}, 60_000);
afterAll(() => removeFolder(dirname(bin)));

const run = (args: string[], cwd = root, file?: string) =>
  spawnSync(process.execPath, [file ?? bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('the neurosquad-card bin', () => {
  it('starts with a node shebang and prints the help', () => {
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(MAIN_HELP);
  });

  it('runs through a symbolic link, as node_modules/.bin does', () => {
    const link = join(temp(), 'neurosquad-card');
    symlinkSync(bin, link);
    const result = run(['--version'], root, link);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });

  it('exits 0 for a valid card, 1 for a folder with problems, 2 for bad usage', () => {
    const card = temp();
    writeValidCard(card);
    const valid = run(['validate', '--json'], card);
    expect(valid.status).toBe(0);
    expect(JSON.parse(valid.stdout)).toMatchObject({ ok: true, name: 'test-radar' });
    writeFiles(card, { '.env': 'TOKEN=1' });
    const refused = run(['pack', card, '--dry-run']);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('✖ .env: looks like a credential');
    const usage = run(['pack', '--bogus']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('unknown option --bogus');
    expect(usage.stderr).not.toContain('Unknown option');
  });
});
