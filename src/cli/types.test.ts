// @vitest-environment node
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardDeclarations } from '../codegen/card-declarations.js';
import { AGENTS_END, AGENTS_START } from './agents-file.js';
import { TYPES_HELP } from './help.js';
import { runCli } from './main.js';
import { captureIo, cardManifest, tempFolders, writeValidCard } from './test-folders.js';
import { typesCommand, type TypesReport } from './types.js';
import { validateFolder } from './validate.js';

const { temp } = tempFolders();
const DTS = 'src/neurosquad-card.d.ts';
const card = (patch: Record<string, unknown> = {}) => {
  const folder = temp();
  writeValidCard(folder, patch);
  return folder;
};
const setManifest = (folder: string, patch: Record<string, unknown>) =>
  writeFileSync(join(folder, 'neurosquad-card.json'), JSON.stringify(cardManifest(patch)));
const runTypesJson = async (folder: string): Promise<TypesReport> => {
  const { io, stdout } = captureIo(folder);
  await runCli(['types', '--json'], io);
  return JSON.parse(stdout()) as TypesReport;
};
const setTime = (path: string, epochSeconds: number) => utimesSync(path, epochSeconds, epochSeconds);

describe('neurosquad-card types', () => {
  it('rewrites the manifest part of AGENTS.md, so it changes when the manifest does and the rest stays', async () => {
    const folder = card();
    const own = '# Working on this card\n\nRun npm test.\n\n';
    writeFileSync(join(folder, 'AGENTS.md'), `${own}${AGENTS_START}\nold\n${AGENTS_END}\n\nMore notes.\n`);
    const { io, stdout } = captureIo(folder);
    expect(await runCli(['types'], io)).toBe(0);
    expect(stdout()).toContain('✔ AGENTS.md: the manifest part rewritten');
    const first = readFileSync(join(folder, 'AGENTS.md'), 'utf8');
    expect(first.startsWith(own)).toBe(true);
    expect(first.endsWith(`${AGENTS_END}\n\nMore notes.\n`)).toBe(true);
    expect(first).toContain('- `agents.read`\n');
    expect(first).toContain('- `network` to `api.github.com`\n');
    expect(first).toContain(
      '- `failures` (`ns:tasks`, retained): "Failures" Code: `card.ports.emit(\'failures\', …)`\n',
    );
    expect(first).toContain('- `run_tests` (agents see `test_radar_run_tests`): Runs the tests.\n');
    expect(first).toContain('Input ports:\n- none\n');

    setManifest(folder, {
      ports: {
        inputs: [{ id: 'ask', label: 'Ask', type: 'ns:text', mode: 'request', response: { type: 'ns:markdown' } }],
        outputs: [],
      },
      tools: [],
    });
    const report = await runTypesJson(folder);
    expect(report.agents).toEqual({ file: 'AGENTS.md', changed: true });
    const second = readFileSync(join(folder, 'AGENTS.md'), 'utf8');
    expect(second).toContain(
      '- `ask` (`ns:text`, request, answers `ns:markdown`): "Ask" Code: `card.ports.onRequest(\'ask\', …)`\n',
    );
    expect(second).toContain('Output ports:\n- none\n');
    expect(second).not.toContain('run_tests');
    expect((await runTypesJson(folder)).agents).toEqual({ file: 'AGENTS.md', changed: false });
  });

  it('leaves an AGENTS.md without the marker lines, and a card without one, alone', async () => {
    const folder = card();
    expect((await runTypesJson(folder)).agents).toBeNull();
    writeFileSync(join(folder, 'AGENTS.md'), '# Mine\n');
    expect((await runTypesJson(folder)).agents).toBeNull();
    expect(readFileSync(join(folder, 'AGENTS.md'), 'utf8')).toBe('# Mine\n');
  });

  it('writes src/neurosquad-card.d.ts from the manifest and says so', async () => {
    const folder = card();
    const { io, stdout } = captureIo(folder);
    expect(await runCli(['types'], io)).toBe(0);
    const text = readFileSync(join(folder, DTS), 'utf8');
    expect(text).toContain("declare module '@neurosquad/card-sdk'");
    expect(text).toContain('failures: PortTask[];');
    expect(text).toContain('run_tests: Record<string, never>;');
    expect(text).toContain('command: string;');
    expect(stdout()).toContain(`✔ ${DTS} written`);
  });

  it('declares a named recursive type for a schema with two `$ref: #` (two properties, anyOf), in under a second', async () => {
    const tree = {
      type: 'object',
      properties: { left: { $ref: '#' }, right: { $ref: '#' } },
    };
    const either = {
      anyOf: [
        { type: 'array', items: { $ref: '#' } },
        { type: 'object', properties: { next: { $ref: '#' } } },
      ],
    };
    const folder = card({
      tools: [
        { name: 'walk_tree', description: 'Walks a tree.', inputSchema: tree },
        {
          name: 'walk_either',
          description: 'Walks either.',
          inputSchema: { type: 'object', properties: { at: either } },
        },
      ],
    });
    const { io } = captureIo(folder);
    const started = performance.now();
    expect(await runCli(['types'], io)).toBe(0);
    expect(performance.now() - started).toBeLessThan(1000);
    const text = readFileSync(join(folder, DTS), 'utf8');
    expect(text).toContain('type WalkTreeArgs = {\n  left?: WalkTreeArgs;\n  right?: WalkTreeArgs;\n};\n');
    expect(text).toContain('walk_tree: WalkTreeArgs;');
    expect(text).toContain('walk_either: WalkEitherArgs;');
    expect(text).toMatch(
      /type WalkEitherArgs = \{\n {2}at\?: WalkEitherArgs\[\] \| \{\n {4}next\?: WalkEitherArgs;\n {2}\};\n\};/,
    );
    // validate reads the kept file against the manifest: it finishes too, and finds it up to date.
    const check = captureIo(folder);
    const again = performance.now();
    expect(await runCli(['validate'], check.io)).toBe(0);
    expect(performance.now() - again).toBeLessThan(5000);
  });

  it('leaves an up-to-date file as it is (only its time moves) and reports it', async () => {
    const folder = card();
    await runCli(['types', folder], captureIo(folder).io);
    setTime(join(folder, DTS), 1_000_000);
    const { io, stdout } = captureIo(folder);
    expect(await runCli(['types', folder, '--json'], io)).toBe(0);
    const report = JSON.parse(stdout()) as TypesReport;
    expect(report).toMatchObject({ ok: true, file: DTS, changed: false, errors: [] });
    expect(statSync(join(folder, DTS)).mtimeMs).toBeGreaterThan(1_000_000_000);
  });

  it('writes where --out says, relative to the working folder', async () => {
    const folder = card();
    const { io } = captureIo(folder);
    expect(await runCli(['types', '--out', 'types/card.d.ts'], io)).toBe(0);
    expect(readFileSync(join(folder, 'types/card.d.ts'), 'utf8')).toContain('interface Register');
  });

  it('refuses an invalid manifest with its findings, exit 1, and writes nothing', async () => {
    const folder = card();
    setManifest(folder, { ports: { outputs: [{ id: 'Bad Id', label: 'x', type: 'ns:text' }] } });
    const { io, stdout } = captureIo(folder);
    expect(await runCli(['types', '--json'], io)).toBe(1);
    const report = JSON.parse(stdout()) as TypesReport;
    expect(report.ok).toBe(false);
    expect(report.file).toBeNull();
    expect(report.errors[0]?.where).toBe('neurosquad-card.json#/ports/outputs/0/id');
    expect(() => statSync(join(folder, DTS))).toThrow();
  });

  it('names a missing manifest', async () => {
    const folder = temp();
    const { io, stdout } = captureIo(folder);
    expect(await runCli(['types'], io)).toBe(1);
    expect(stdout()).toContain('✖ neurosquad-card.json: no neurosquad-card.json in this folder');
  });

  it('answers bad usage with exit 2 (in JSON with --json)', async () => {
    const folder = card();
    const { io, stdout, stderr } = captureIo(folder);
    expect(await runCli(['types', '--wach'], io)).toBe(2);
    expect(stderr()).toContain('unknown option --wach; did you mean --watch?');
    const json = captureIo(folder);
    expect(await runCli(['types', 'a', 'b', '--json'], json.io)).toBe(2);
    expect(JSON.parse(json.stdout())).toMatchObject({ ok: false, errors: [{ where: 'arguments' }] });
    expect(stdout()).toBe('');
  });

  it('prints its help', async () => {
    const { io, stdout } = captureIo(temp());
    expect(await runCli(['types', '--help'], io)).toBe(0);
    expect(stdout()).toBe(TYPES_HELP);
  });

  it('--watch writes again when the manifest changes, until stopped', async () => {
    const folder = card();
    const { io } = captureIo(folder);
    let stop!: () => void;
    const stopped = new Promise<void>((done) => (stop = done));
    const writes: TypesReport[] = [];
    const wrote = new Promise<void>((done) => {
      const run = typesCommand(['--watch'], io, {
        stop: stopped,
        onWrite: (result) => {
          writes.push(result);
          if (result.changed) done();
        },
      });
      void run;
      setTimeout(() => setManifest(folder, { tools: [] }), 100);
    });
    await wrote;
    stop();
    expect(writes.at(-1)).toMatchObject({ ok: true, changed: true });
    expect(readFileSync(join(folder, DTS), 'utf8')).toContain('tools: Record<never, never>;');
  });
});

describe('validate and the declaration file', () => {
  it('warns when the file is older than the manifest and no longer matches it', async () => {
    const folder = card();
    await runCli(['types'], captureIo(folder).io);
    setManifest(folder, { tools: [] });
    setTime(join(folder, DTS), 1_000_000);
    expect(validateFolder(folder).warnings).toContainEqual({
      where: DTS,
      message: 'older than neurosquad-card.json and no longer matches it: run neurosquad-card types',
    });
  });

  it('stays quiet when the file matches (a fresh checkout), is newer, or is absent', async () => {
    const folder = card();
    expect(validateFolder(folder).warnings.map((warning) => warning.where)).not.toContain(DTS);
    await runCli(['types'], captureIo(folder).io);
    setTime(join(folder, DTS), 1_000_000);
    expect(validateFolder(folder).warnings.map((warning) => warning.where)).not.toContain(DTS);
    writeFileSync(join(folder, DTS), cardDeclarations({}));
    expect(validateFolder(folder).warnings.map((warning) => warning.where)).not.toContain(DTS);
  });
});
