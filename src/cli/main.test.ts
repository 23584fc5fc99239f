// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREATE_OPTIONS } from './create.js';
import { DEV_OPTIONS } from './dev.js';
import { CREATE_HELP, DEV_HELP, MAIN_HELP, PACK_HELP, VALIDATE_HELP } from './help.js';
import { PACK_OPTIONS } from './pack.js';
import { VALIDATE_OPTIONS } from './validate.js';
import { runCli } from './main.js';
import { captureIo, tempFolders, writeValidCard } from './test-folders.js';

const { temp } = tempFolders();

describe('runCli', () => {
  it('prints the help with every command and exits 0 for --help', async () => {
    const { io, stdout } = captureIo(temp());
    expect(await runCli(['--help'], io)).toBe(0);
    expect(stdout()).toBe(MAIN_HELP);
    for (const command of [
      'create <folder>',
      'dev [folder]',
      'dev <folder> <folder>...',
      'validate [folder]',
      'pack [folder]',
    ])
      expect(stdout()).toContain(`neurosquad-card ${command}`);
  });

  it.each(['validate', 'pack'])('%s --json prints JSON for a missing folder and for bad usage', async (command) => {
    const cwd = temp();
    const missing = captureIo(cwd);
    expect(await runCli([command, '--json', resolve(cwd, 'missing')], missing.io)).toBe(2);
    expect(JSON.parse(missing.stdout())).toEqual({
      ok: false,
      errors: [{ where: 'arguments', message: `no such folder: ${resolve(cwd, 'missing')}` }],
      warnings: [],
    });
    const typo = captureIo(cwd);
    expect(await runCli([command, '--json', '--ot', 'x'], typo.io)).toBe(2);
    expect(JSON.parse(typo.stdout()).errors[0].message).toMatch(/^unknown option --ot/);
  });

  it('prints the help and exits 2 without a command', async () => {
    const { io, stdout } = captureIo(temp());
    expect(await runCli([], io)).toBe(2);
    expect(stdout()).toBe(MAIN_HELP);
  });

  it.each([
    ['create', CREATE_HELP],
    ['validate', VALIDATE_HELP],
    ['pack', PACK_HELP],
    ['dev', DEV_HELP],
  ])('prints %s --help (also as help <command>)', async (command, help) => {
    const first = captureIo(temp());
    expect(await runCli([command, '--help'], first.io)).toBe(0);
    expect(first.stdout()).toBe(help);
    const second = captureIo(temp());
    expect(await runCli(['help', command], second.io)).toBe(0);
    expect(second.stdout()).toBe(help);
  });

  it('documents every option the parsers accept, with its short form', () => {
    const commands: [string, Record<string, { type: string; short?: string }>, string][] = [
      ['create', CREATE_OPTIONS, CREATE_HELP],
      ['validate', VALIDATE_OPTIONS, VALIDATE_HELP],
      ['pack', PACK_OPTIONS, PACK_HELP],
      ['dev', DEV_OPTIONS, DEV_HELP],
    ];
    for (const [command, options, help] of commands) {
      for (const [name, option] of Object.entries(options)) {
        expect(help, `${command} --${name}`).toMatch(
          new RegExp(`^  ${option.short ? `-${option.short}, ` : ''}--${name}\\b`, 'm'),
        );
      }
    }
  });

  it.each([
    ['validate', VALIDATE_HELP],
    ['pack', PACK_HELP],
  ])('%s --json has every field its --help names', async (command, help) => {
    const folder = temp();
    writeValidCard(folder);
    const { io, stdout } = captureIo(folder);
    expect(await runCli([command, '--json', ...(command === 'pack' ? ['--dry-run'] : [])], io)).toBe(0);
    const shape = /--json\s+print the report as JSON:\s+\{(.*)\}\n/.exec(help)?.[1] ?? '';
    const named = shape
      .replace(/\[[^\]]*\]/g, '')
      .split(',')
      .map((field) => field.trim().split(':')[0])
      .filter((field) => /^\w+$/.test(field));
    expect(named.length).toBeGreaterThan(3);
    expect(Object.keys(JSON.parse(stdout()))).toEqual(expect.arrayContaining(named));
  });

  it('documents exactly the options each command accepts', async () => {
    const cwd = temp();
    const accepted: Record<string, string[]> = {
      create: ['--template', '--name', '--display-name', '--force', '--sdk'],
      validate: ['--json', '--app-version'],
      pack: ['--out', '--dry-run', '--json', '--allow-secret-files'],
      dev: [
        '--port',
        '--no-open',
        '--no-build',
        '--no-hmr',
        '--no-logs',
        '--user-data-dir',
        '--record',
        '--replay',
        '--canvas',
      ],
    };
    const helps: Record<string, string> = {
      create: CREATE_HELP,
      validate: VALIDATE_HELP,
      pack: PACK_HELP,
      dev: DEV_HELP,
    };
    for (const [command, options] of Object.entries(accepted)) {
      const documented = [...new Set(helps[command]?.match(/--[a-z][a-z-]+/g) ?? [])].filter(
        (option) => option !== '--help',
      );
      expect(documented.sort(), command).toEqual([...options].sort());
      expect(MAIN_HELP).toContain(options[0]);
    }
    const { io, stderr } = captureIo(cwd);
    expect(await runCli(['pack', '--nope'], io)).toBe(2);
    expect(stderr()).toContain('neurosquad-card pack: unknown option --nope\n');
    const typo = captureIo(cwd);
    expect(await runCli(['validate', '--josn'], typo.io)).toBe(2);
    expect(typo.stderr()).toBe(
      'neurosquad-card validate: unknown option --josn; did you mean --json?\nRun neurosquad-card validate --help for usage.\n',
    );
  });

  it('prints the SDK version', async () => {
    const { io, stdout } = captureIo(temp());
    expect(await runCli(['--version'], io)).toBe(0);
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(stdout()).toBe(`${pkg.version}\n`);
  });

  it('exits 2 for an unknown command', async () => {
    const { io, stderr } = captureIo(temp());
    expect(await runCli(['publish'], io)).toBe(2);
    expect(stderr()).toBe('neurosquad-card: unknown command "publish"\nRun neurosquad-card --help for the commands.\n');
  });

  it('suggests the command a mistyped one meant', async () => {
    const { io, stderr } = captureIo(temp());
    expect(await runCli(['valdiate'], io)).toBe(2);
    expect(stderr()).toContain('unknown command "valdiate"; did you mean "validate"?\n');
  });

  it('dev refuses a folder without a manifest with exit 1', async () => {
    const folder = temp();
    const { io, stdout, stderr } = captureIo(folder);
    expect(await runCli(['dev', '--no-open'], io)).toBe(1);
    expect(stderr()).toContain(`neurosquad-card dev: the card in ${folder} cannot run; fix these first:`);
    expect(stdout()).toContain('✖ neurosquad-card.json: no neurosquad-card.json in this folder');
  });
});
