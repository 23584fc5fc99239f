// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../contract/limits.js';
import { listPackageFiles } from './package-listing.js';
import { captureIo, cardManifest, git, makePng, tempFolders, writeFiles, writeValidCard } from './test-folders.js';
import { VALIDATE_HELP } from './help.js';
import { validateCommand, validateFolder } from './validate.js';

const { temp } = tempFolders();
const validCard = (patch: Record<string, unknown> = {}) => {
  const folder = temp();
  writeValidCard(folder, patch);
  return folder;
};
const manifest = (folder: string, patch: Record<string, unknown>) =>
  writeFileSync(join(folder, 'neurosquad-card.json'), JSON.stringify(cardManifest(patch)));

describe('validateFolder', () => {
  it('reports four manifest mistakes in one run, schema and semantic alike, each with its suggestion', () => {
    const folder = validCard({
      name: 'Test_Radar',
      permissions: ['terminal.write'],
      settings: [{ key: 'command', type: 'strng', label: 'Command' }],
      ports: { outputs: [{ id: 'failures', label: 'Failures', type: 'ns:taks' }] },
    });
    const report = validateFolder(folder);
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual([
      {
        where: 'neurosquad-card.json#/name',
        message:
          'must be 2–48 characters: lowercase letters (a–z), digits and dashes, starting with a letter, e.g. "my-card"; did you mean "test-radar"?',
      },
      {
        where: 'neurosquad-card.json#/settings/0/type',
        message:
          'must be one of "string", "text", "number", "boolean", "select", "secret", "color"; did you mean "string"?',
      },
      {
        where: 'neurosquad-card.json#/permissions/0',
        message: 'unknown permission "terminal.write"; did you mean "terminals.write"?',
      },
      {
        where: 'neurosquad-card.json#/ports/outputs/0/type',
        message: 'unknown port type "ns:taks"; did you mean "ns:task" or "ns:tasks"?',
      },
    ]);
  });

  it('passes a valid card and previews the install dialog', () => {
    const report = validateFolder(validCard());
    expect(report.errors).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.files).toBe(6);
    expect(report.treeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.install).toMatchObject({
      name: 'test-radar',
      displayName: 'Test radar',
      hosts: ['api.github.com'],
      tools: [{ name: 'run_tests', exposedAs: 'test_radar_run_tests' }],
      ports: [{ direction: 'output', id: 'failures', type: 'ns:tasks', retain: true }],
      settings: [{ key: 'command', default: 'npm test', secret: false }],
    });
    expect(report.install?.permissions.map((entry) => [entry.id, entry.risk])).toEqual([
      ['agents.read', 'low'],
      ['network', 'medium'],
    ]);
  });

  it('over the file limit reports the limit, not also the manifest, entry and icon as missing', () => {
    const folder = validCard();
    // Sorted before the card's own files, so the listing stops examining before it reaches them.
    writeFiles(
      folder,
      Object.fromEntries(
        Array.from({ length: LIMITS.files + 50 }, (_, i) => [`a/${String(i).padStart(5, '0')}.txt`, 'x']),
      ),
    );
    const report = validateFolder(folder);
    expect(report.ok).toBe(false);
    expect(report.errors.map((error) => error.message)).toEqual([
      `${LIMITS.files + 50 + 6} entries; a package may have at most ${LIMITS.files} files`,
    ]);
    // Writing and listing 5,056 files takes seconds on a loaded machine.
  }, 30_000);

  it('refuses a network wildcard over a public suffix, naming the host in the manifest', () => {
    const folder = validCard({ permissions: [{ id: 'network', hosts: ['api.github.com', '*.surge.sh'] }] });
    const report = validateFolder(folder);
    expect(report.ok).toBe(false);
    expect(report.errors).toContainEqual({
      where: 'neurosquad-card.json#/permissions/0/hosts/1',
      message: 'host "*.surge.sh": "surge.sh" is a public suffix; name your own domain (*.example.surge.sh)',
    });
  });

  it('lists the permissions a declared one includes, marked as included, in the preview and in --json', () => {
    const folder = validCard({
      permissions: [
        'agents.output',
        'agents.prompt',
        { id: 'fs.write', optional: true, reason: 'Saves reports' },
        'agents.read',
      ],
    });
    const report = validateFolder(folder);
    expect(report.ok).toBe(true);
    expect(report.install?.permissions.map(({ id, optional, includedBy }) => ({ id, optional, includedBy }))).toEqual([
      { id: 'agents.read', optional: false, includedBy: ['agents.output', 'agents.prompt'] },
      { id: 'agents.output', optional: false, includedBy: [] },
      { id: 'agents.prompt', optional: false, includedBy: [] },
      { id: 'fs.write', optional: true, includedBy: [] },
      { id: 'fs.read', optional: true, includedBy: ['fs.write'] },
    ]);
    const text = captureIo(folder);
    expect(validateCommand([folder], text.io)).toBe(0);
    expect(text.stdout()).toContain(
      '  fs.read          high   read files in the workspace folder (included with fs.write; optional, asked later)\n',
    );
    expect(text.stdout()).toContain(
      '  agents.read      low    see connected agents and their status (included with agents.output, agents.prompt)\n',
    );
    const json = captureIo(folder);
    expect(validateCommand([folder, '--json'], json.io)).toBe(0);
    const permission = JSON.parse(json.stdout()).install.permissions[4];
    expect(permission).toEqual({
      id: 'fs.read',
      risk: 'high',
      what: 'read files in the workspace folder',
      optional: true,
      reason: null,
      hosts: [],
      includedBy: ['fs.write'],
    });
    for (const field of Object.keys(permission)) expect(VALIDATE_HELP).toContain(field);
  });

  it('lists a permission that is only implied right after the one that includes it', () => {
    const report = validateFolder(validCard({ permissions: ['agents.output', 'clipboard.write'] }));
    expect(report.install?.permissions.map((entry) => [entry.id, entry.includedBy])).toEqual([
      ['agents.output', []],
      ['agents.read', ['agents.output']],
      ['clipboard.write', []],
    ]);
  });

  it('reports every manifest issue with its path', () => {
    const folder = validCard();
    manifest(folder, { name: 'Bad Name', version: 'one' });
    const report = validateFolder(folder);
    expect(report.ok).toBe(false);
    expect(report.errors.map((error) => error.where)).toEqual(
      expect.arrayContaining(['neurosquad-card.json#/name', 'neurosquad-card.json#/version']),
    );
  });

  it.each([
    ['a reserved name', { name: 'terminal' }, 'neurosquad-card.json#/name', '"terminal" is reserved'],
    ['a built-in tool name', { name: 'canvas', tools: [] }, 'neurosquad-card.json#/name', '"canvas" is reserved'],
    [
      'network without hosts',
      { permissions: ['network'] },
      'neurosquad-card.json#/permissions/0',
      '"network" needs a non-empty "hosts" list',
    ],
    [
      'a bidi override in the display name',
      { displayName: 'Radar\u202e' },
      'neurosquad-card.json#/displayName',
      'control, bidi and invisible (zero-width, tag) characters are not allowed',
    ],
  ])('refuses %s', (_name, patch, where, message) => {
    const folder = validCard();
    manifest(folder, patch);
    expect(validateFolder(folder).errors).toContainEqual({ where, message });
  });

  it('warns when package.json names or versions another card than the manifest', () => {
    const folder = validCard();
    writeFiles(folder, { 'package.json': JSON.stringify({ name: 'old-radar', version: '0.9.0', private: true }) });
    const report = validateFolder(folder);
    expect(report.ok).toBe(true);
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        { where: 'package.json', message: "name old-radar differs from the manifest's test-radar" },
        { where: 'package.json', message: "version 0.9.0 differs from the manifest's 1.0.0" },
      ]),
    );
    writeFiles(folder, { 'package.json': JSON.stringify({ name: 'test-radar', version: '1.0.0' }) });
    expect(validateFolder(folder).warnings.filter((warning) => warning.where === 'package.json')).toEqual([]);
  });

  it('refuses a missing manifest, broken JSON and a manifest git ignores', () => {
    const missing = temp();
    expect(validateFolder(missing).errors[0]?.where).toBe('neurosquad-card.json');
    const broken = validCard();
    writeFileSync(join(broken, 'neurosquad-card.json'), '{ "name": ');
    expect(validateFolder(broken).errors[0]?.message).toMatch(
      /^neurosquad-card\.json is not valid JSON at line 1, column 11: .*[^\]]$/,
    );
    writeFileSync(join(broken, 'neurosquad-card.json'), '{\n  "name": "x",\n  "version" "1.0.0"\n}\n');
    expect(validateFolder(broken).errors[0]).toEqual({
      where: 'neurosquad-card.json:3:13',
      message: 'neurosquad-card.json is not valid JSON at line 3, column 13: Unexpected string',
    });
    const ignored = validCard();
    writeFiles(ignored, { '.gitignore': 'neurosquad-card.json\n' });
    git(ignored, 'init', '-q');
    expect(validateFolder(ignored).errors).toContainEqual({
      where: 'neurosquad-card.json',
      message: 'the manifest is not part of the package (is it ignored by git?)',
    });
  });

  it('refuses an entry that is not in the package and files it loads that are missing', () => {
    const noEntry = validCard({ entry: 'dist/index.html' });
    expect(validateFolder(noEntry).errors[0]).toMatchObject({ where: 'neurosquad-card.json#/entry' });
    const missingScript = validCard();
    writeFiles(missingScript, { 'main.js': "import './gone.js';\n" });
    expect(validateFolder(missingScript).errors).toContainEqual({
      where: 'main.js',
      message: 'loads gone.js, which is not in the package',
    });
  });

  it('lints the entry page and the scripts it loads', () => {
    const folder = validCard();
    writeFiles(folder, {
      'index.html':
        '<html><body><button onclick="go()">Go</button><script src="https://cdn.example.com/x.js"></script><script type="module" src="main.js"></script></body></html>',
      'render.js': 'export function render() { localStorage.setItem("a", "1"); }\n',
    });
    const report = validateFolder(folder);
    expect(report.errors.map((error) => error.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/onclick/), expect.stringMatching(/cdn\.example\.com/)]),
    );
    expect(report.warnings).toContainEqual(
      expect.objectContaining({ where: 'render.js', message: expect.stringMatching(/localStorage/) }),
    );
  });

  it.each([
    [
      'not a PNG',
      new TextEncoder().encode('GIF89a not a png at all, just pretending to be one'),
      'the icon is not a PNG file (bad signature)',
    ],
    ['not square', makePng(64, 32), 'the icon must be square; it is 64×32'],
  ])('refuses an icon that is %s', (_name, bytes, message) => {
    const folder = validCard();
    writeFiles(folder, { 'icon.png': bytes });
    expect(validateFolder(folder).errors).toContainEqual({ where: 'icon.png', message });
  });

  it('refuses an icon over the size limit', () => {
    const folder = validCard();
    const big = Buffer.concat([Buffer.from(makePng(16, 16)), Buffer.alloc(140 * 1024)]);
    writeFiles(folder, { 'icon.png': big });
    expect(validateFolder(folder).errors[0]?.message).toMatch(/^the icon is 140\.\d KiB; at most 128 KiB$/);
  });

  it('refuses package paths the installer refuses and warns about skipped links and credentials', () => {
    const folder = validCard();
    const outside = temp();
    writeFiles(outside, { 'x.txt': 'x' });
    writeFiles(folder, { 'docs/con.txt': 'x', '.env': 'TOKEN=1' });
    symlinkSync(join(outside, 'x.txt'), join(folder, 'link.txt'));
    const report = validateFolder(folder);
    expect(report.errors).toContainEqual({ where: 'docs/con.txt', message: 'reserved device name "con.txt"' });
    expect(report.warnings.map((warning) => warning.where)).toEqual(expect.arrayContaining(['link.txt', '.env']));
  });

  it('checks minAppVersion against --app-version', () => {
    const folder = validCard({ minAppVersion: '0.1.270' });
    expect(validateFolder(folder, { appVersion: '0.1.264' }).errors).toContainEqual({
      where: 'neurosquad-card.json#/minAppVersion',
      message: 'needs NeuroSquad 0.1.270 or later; the app is 0.1.264',
    });
    expect(validateFolder(folder, { appVersion: '0.1.270' }).ok).toBe(true);
  });

  it('warns when a card calls itself official', () => {
    const report = validateFolder(validCard({ displayName: 'Official radar' }));
    expect(report.ok).toBe(true);
    expect(report.warnings).toContainEqual({
      where: 'neurosquad-card.json#/displayName',
      message: 'only official cards may call themselves "NeuroSquad", "official" or "verified"',
    });
  });
});

describe('validate command', () => {
  it('prints --json exactly and exits 0 for a valid card', () => {
    const folder = validCard();
    const { io, stdout } = captureIo(folder);
    expect(validateCommand(['--json'], io)).toBe(0);
    const report = JSON.parse(stdout());
    expect(report).toMatchObject({ ok: true, errors: [], name: 'test-radar', version: '1.0.0' });
    expect(report.treeHash).toBe(validateFolder(folder).treeHash);
  });

  it('reports a named pipe in the folder with its path and exits 1, without waiting on it', () => {
    const folder = validCard();
    execFileSync('mkfifo', [join(folder, 'pipe')]);
    expect(validateFolder(folder).errors).toEqual([
      { where: 'pipe', message: 'cannot be packaged: not a regular file (a named pipe)' },
    ]);
    const { io, stdout } = captureIo(folder);
    expect(validateCommand([folder], io)).toBe(1);
    expect(stdout()).toContain('✖ pipe: cannot be packaged: not a regular file (a named pipe)');
  });

  it('reports listed files that became a folder or a named pipe before they were read', () => {
    const folder = validCard();
    writeFiles(folder, { 'notes.md': 'notes', 'data.txt': 'data' });
    const listing = listPackageFiles(folder);
    rmSync(join(folder, 'notes.md'));
    mkdirSync(join(folder, 'notes.md'));
    rmSync(join(folder, 'data.txt'));
    execFileSync('mkfifo', [join(folder, 'data.txt')]);
    const report = validateFolder(folder, {}, listing);
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual([
      { where: 'data.txt', message: 'cannot be read: not a regular file (a named pipe)' },
      { where: 'notes.md', message: 'cannot be read: not a regular file (a folder)' },
    ]);
    expect(report.files).toBe(listing.files.length - 2);
  });

  it('exits 1 and names the problem for a folder with problems', () => {
    const folder = validCard({ name: 'agent' });
    const { io, stdout } = captureIo(folder);
    expect(validateCommand([folder], io)).toBe(1);
    expect(stdout()).toContain('✖ neurosquad-card.json#/name: "agent" is reserved');
    expect(stdout()).toMatch(/✖ 1 problem \(/);
  });

  it('prints card text without escape sequences or bidi characters, and no colour off a terminal', () => {
    const hostile = validCard({
      description: 'Nice\u001b]8;;https://evil.example\u0007card\u001b[2J',
      author: { name: 'Eve\u202etxt.exe' },
    });
    writeFiles(hostile, { 'evil\u001b[2J\u202e.txt': 'x' });
    const refused = captureIo(hostile);
    expect(validateCommand([], refused.io)).toBe(1);
    expect(refused.stdout()).toContain('neurosquad-card.json#/author/name: control, bidi and invisible');
    expect(refused.stdout()).toContain('✖ evil.txt: control character');
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(refused.stdout()).not.toMatch(/[\u001b\u202e\u0007]/);

    const badDefault = validCard({
      settings: [{ key: 'command', type: 'string', label: 'Command', default: 'npm test\u001b[31m\u202e' }],
    });
    const second = captureIo(badDefault);
    expect(validateCommand([], second.io)).toBe(1);
    expect(second.stdout()).toContain('neurosquad-card.json#/settings/0/default: control, bidi and invisible');
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(second.stdout()).not.toMatch(/[\u001b\u202e]/);

    const accepted = validCard({
      settings: [{ key: 'command', type: 'string', label: 'Command', default: 'npm test' }],
    });
    const { io, stdout } = captureIo(accepted);
    expect(validateCommand([], io)).toBe(0);
    expect(stdout()).toContain('Install "Test radar" 1.0.0 (test-radar)');
    expect(stdout()).toContain('command "Command" string (default "npm test")');
    expect(stdout()).toContain('Network\n  api.github.com\n');
    expect(stdout()).toContain('  network          medium reach these hosts through the app: api.github.com\n');
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(stdout()).not.toMatch(/[\u001b\u202e]/);
  });

  it('uses colour on a terminal unless NO_COLOR is set', () => {
    const folder = validCard();
    const tty = captureIo(folder, { isTTY: true });
    validateCommand([], tty.io);
    expect(tty.stdout()).toContain('\u001b[32m✔');
    const noColor = captureIo(folder, { isTTY: true, env: { NO_COLOR: '1' } });
    validateCommand([], noColor.io);
    expect(noColor.stdout()).not.toContain('\u001b[');
  });

  it('shows progress on stderr, and none with --json', () => {
    const folder = validCard();
    const human = captureIo(folder);
    validateCommand([], human.io);
    expect(human.stderr()).toBe(
      '› Checking the manifest…\n› Listing the package files…\n› Linting the entry page for the sandbox…\n› Hashing the files…\n',
    );
    const machine = captureIo(folder);
    validateCommand(['--json'], machine.io);
    expect(machine.stderr()).toBe('');
  });

  it('rejects bad usage', () => {
    const folder = validCard();
    const { io } = captureIo(folder);
    expect(() => validateCommand(['--app-version', 'soon'], io)).toThrow(/--app-version must be a version/);
    expect(() => validateCommand(['--frobnicate'], io)).toThrow(/^unknown option --frobnicate$/);
    expect(() => validateCommand([join(folder, 'missing')], io)).toThrow(/no such folder/);
    expect(() => validateCommand(['a', 'b'], io)).toThrow(/unexpected argument "b"/);
  });
});
