// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPlan } from '../dev/build-plan.js';
import { createCard, displayNameFromName, nameFromFolder, nameProblems, shellQuoted } from './create.js';
import { listPackageFiles } from './package-listing.js';
import { runCli } from './main.js';
import type { SdkPackage } from './sdk-package.js';
import { captureIo, git, removeFolder, tempFolders, writeFiles } from './test-folders.js';
import { validateFolder } from './validate.js';

const { temp } = tempFolders();
const templates = resolve(import.meta.dirname, '../../templates');

// A built SDK package: the real templates and a small dist whose browser build has a shared chunk, like the build writes.
function fakeSdk(): SdkPackage {
  const root = temp();
  cpSync(templates, join(root, 'templates'), { recursive: true });
  writeFiles(root, {
    'package.json': JSON.stringify({
      name: '@neurosquad/card-sdk',
      version: '9.9.9',
      type: 'module',
      files: ['dist', 'templates'],
    }),
    'dist/index.js': "export { connect } from './modules/src/client/connect.js';\n",
    'dist/browser/index.js':
      "import { LIMITS, connect } from './limits-abc.js';\nexport { LIMITS, connect };\n//# sourceMappingURL=index.js.map\n",
    'dist/browser/client.js': 'export{c as connect,i as isCardSdkError}from"./limits-abc.js";\n',
    'dist/browser/live/index.js':
      "import { connect } from '../limits-abc.js';\nexport const createAgentsModel = connect;\n",
    'dist/browser/testing/index.js':
      "import { LIMITS } from '../limits-abc.js';\nexport const createMockHost = () => LIMITS;\n",
    'dist/browser/limits-abc.js':
      'export const LIMITS = {};\nexport const c = () => null;\nexport const i = () => false;\nexport { c as connect };\n',
    'dist/ui.css': '.ns-kit { color: var(--ns-foreground); }\n',
  });
  return { root, name: '@neurosquad/card-sdk', version: '9.9.9' };
}

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('createCard', () => {
  it('creates a vanilla card with the SDK browser build and ui.css in vendor/, and it validates', async () => {
    const sdk = fakeSdk();
    const folder = join(temp(), 'radar');
    const result = await createCard({
      folder,
      template: 'vanilla',
      name: 'test-radar',
      displayName: 'Test radar',
      sdk: 'registry',
      sdkPackage: sdk,
    });
    expect(result.sdkDependency).toBe('^9.9.9');
    expect(result.files).toEqual(
      expect.arrayContaining([
        '.gitignore',
        '.gitattributes',
        'index.html',
        'src/main.js',
        'vendor/ui.css',
        'vendor/card-sdk/client.js',
        'vendor/card-sdk/index.js',
        'vendor/card-sdk/testing/index.js',
        'vendor/card-sdk/live/index.js',
        'vendor/card-sdk/limits-abc.js',
        'vendor/card-sdk/client.d.ts',
        'vendor/card-sdk/index.d.ts',
        'vendor/card-sdk/testing/index.d.ts',
        'vendor/card-sdk/live/index.d.ts',
      ]),
    );
    // client.js, what the card loads while it runs, declares the values it really exports and every type.
    expect(readFileSync(join(folder, 'vendor/card-sdk/client.d.ts'), 'utf8')).toBe(
      "export type * from '@neurosquad/card-sdk';\nexport { connect, isCardSdkError } from '@neurosquad/card-sdk';\n",
    );
    // The vendored entries type-check against the installed package's types.
    expect(readFileSync(join(folder, 'vendor/card-sdk/testing/index.d.ts'), 'utf8')).toBe(
      "export * from '@neurosquad/card-sdk/testing';\n",
    );
    expect(readFileSync(join(folder, 'vendor/card-sdk/live/index.d.ts'), 'utf8')).toBe(
      "export * from '@neurosquad/card-sdk/live';\n",
    );
    expect(existsSync(join(folder, '_gitignore'))).toBe(false);
    expect(readFileSync(join(folder, 'vendor/card-sdk/index.js'), 'utf8')).not.toContain('sourceMappingURL');
    expect(json(join(folder, 'neurosquad-card.json'))).toMatchObject({
      name: 'test-radar',
      displayName: 'Test radar',
      entry: 'index.html',
    });
    expect(json(join(folder, 'package.json'))).toMatchObject({
      name: 'test-radar',
      devDependencies: { '@neurosquad/card-sdk': '^9.9.9' },
    });
    const report = validateFolder(folder);
    expect(report.errors).toEqual([]);
  });

  it('leaves the vendored SDK tarball out of the card package: only npm install needs it', async () => {
    const folder = join(temp(), 'lean');
    await createCard({ folder, template: 'vanilla', name: 'lean-card', displayName: 'Lean', sdkPackage: fakeSdk() });
    expect(existsSync(join(folder, 'vendor/neurosquad-card-sdk-9.9.9.tgz'))).toBe(true);
    git(folder, 'init', '-q');
    const paths = listPackageFiles(folder).files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['index.html', 'vendor/card-sdk/index.js', 'vendor/ui.css']));
    expect(paths.filter((path) => path.endsWith('.tgz'))).toEqual([]);
  }, 60_000);

  it('creates a react card that depends on a tarball of the running SDK in vendor/', async () => {
    const sdk = fakeSdk();
    const folder = join(temp(), 'squad');
    const steps: string[] = [];
    const result = await createCard({
      folder,
      template: 'react',
      name: 'squad-board',
      displayName: 'Squad board',
      sdkPackage: sdk,
      progress: (text) => steps.push(text),
    });
    expect(result.sdkDependency).toBe('file:vendor/neurosquad-card-sdk-9.9.9.tgz');
    expect(json(join(folder, 'package.json')).dependencies['@neurosquad/card-sdk']).toBe(
      'file:vendor/neurosquad-card-sdk-9.9.9.tgz',
    );
    const packed = execFileSync('tar', ['-tzf', join(folder, 'vendor/neurosquad-card-sdk-9.9.9.tgz')], {
      encoding: 'utf8',
    });
    expect(packed).toContain('package/dist/index.js');
    expect(steps).toEqual(['Copying the react template', 'Packing @neurosquad/card-sdk 9.9.9 into vendor/']);
    for (const path of [
      'vite.config.ts',
      'tsconfig.json',
      'src/main.tsx',
      'src/App.tsx',
      'src/summary.ts',
      'src/preview.ts',
      'src/App.stories.tsx',
      'test/App.test.tsx',
      'AGENTS.md',
      'README.md',
      '.gitignore',
      'icon.png',
    ]) {
      expect(existsSync(join(folder, path)), path).toBe(true);
    }
    expect(readFileSync(join(folder, 'vite.config.ts'), 'utf8')).toContain("dedupe: ['react', 'react-dom']");
    expect(json(join(folder, 'neurosquad-card.json')).entry).toBe('dist/index.html');
    expect(readFileSync(join(folder, 'README.md'), 'utf8')).toContain('`squad_board_squad_summary` tool');
    // `npm pack` runs as a child process: the timeout guards against a hang, it does not time npm.
  }, 60_000);

  it.each([
    ['react', 'src/main.tsx', ['dev', 'preview', 'build', 'watch', 'test', 'validate', 'pack']],
    ['vanilla', 'src/main.js', ['dev', 'preview', 'build', 'test', 'validate', 'pack']],
  ] as const)(
    'the %s template follows the official card layout: scripts, preview switch, .gitignore',
    async (template, entry, scripts) => {
      const folder = join(temp(), template);
      await createCard({
        folder,
        template,
        name: 'layout-card',
        displayName: 'Layout card',
        sdk: 'registry',
        sdkPackage: fakeSdk(),
      });
      const pkg = json(join(folder, 'package.json'));
      expect(pkg).toMatchObject({
        name: 'layout-card',
        version: json(join(folder, 'neurosquad-card.json')).version,
        private: true,
        type: 'module',
        license: 'MIT',
      });
      for (const script of scripts) expect(pkg.scripts[script], script).toEqual(expect.any(String));
      // npm run dev is the app-like loop (the local dev host); the mock-host page is npm run preview.
      expect(pkg.scripts).toMatchObject({
        dev: 'neurosquad-card dev',
        validate: 'neurosquad-card validate',
        pack: 'neurosquad-card pack',
      });
      if (template === 'react') {
        // The manifest's names are typed (src/neurosquad-card.d.ts) before each dev, build and test run.
        expect(pkg.scripts).toMatchObject({
          types: 'neurosquad-card types',
          preview: 'neurosquad-card types && vite',
          build: 'neurosquad-card types && tsc --noEmit && vite build',
          watch: 'vite build --watch',
          test: 'neurosquad-card types && vitest run',
        });
      } else {
        // Plain JavaScript type-checked by tsc (checkJs) against the installed SDK and src/neurosquad-card.d.ts.
        expect(pkg.scripts).toMatchObject({
          types: 'neurosquad-card types',
          preview: 'neurosquad-card types && node scripts/serve.mjs',
          build: 'neurosquad-card types && node scripts/vendor-sdk.mjs && npm run typecheck',
          typecheck: 'tsc',
          test: 'neurosquad-card types && node --test',
        });
        // No watcher in the build script itself, so `neurosquad-card dev` serves the folder as it is.
        expect(buildPlan(folder)).toBeNull();
        expect(json(join(folder, 'tsconfig.json')).compilerOptions).toMatchObject({ checkJs: true, noEmit: true });
      }
      expect(readFileSync(join(folder, 'src/neurosquad-card.d.ts'), 'utf8')).toContain('summary: string;');
      // The mock host runs when the page is on its own, or inside a frame only with ?preview=1 (not ?preview=0).
      expect(readFileSync(join(folder, entry), 'utf8')).toMatch(
        /window\.parent === window \|\| new URLSearchParams\(location\.search\)\.get\('preview'\) === '1'/,
      );
      const ignored = readFileSync(join(folder, '.gitignore'), 'utf8').split('\n');
      expect(ignored).toEqual(
        expect.arrayContaining(['node_modules/', '*.tgz', '!vendor/*.tgz', '.DS_Store', '.neurosquad-storage.json']),
      );
      // AGENTS.md and README name only scripts the card has, and the tool name agents really see.
      const agents = readFileSync(join(folder, 'AGENTS.md'), 'utf8');
      expect(agents).toContain('`layout_card_squad_summary`');
      // Its manifest part is written for this card: the port and the tool as the manifest declares them.
      expect(agents).toContain('- `squad_summary` (agents see `layout_card_squad_summary`, read-only): Returns a');
      expect(agents).toContain('- `summary` (`ns:markdown`): "Summary" — A Markdown list');
      expect(agents).toContain('- `agents.read`\n- `cards.connected` (optional');
      expect(agents).toContain('node_modules/@neurosquad/card-sdk/llms.txt');
      expect(agents).toMatch(/Before you finish: `npm test && /);
      for (const doc of [agents, readFileSync(join(folder, 'README.md'), 'utf8')]) {
        for (const [, script] of doc.matchAll(/npm run ([a-z:-]+)/g))
          expect(pkg.scripts, `npm run ${script}`).toHaveProperty([script]);
      }
    },
  );

  it('escapes the display name for JSON and HTML', async () => {
    const folder = join(temp(), 'quotes');
    await createCard({
      folder,
      template: 'react',
      name: 'quote-card',
      displayName: 'Say "hi" <b>&',
      sdk: 'registry',
      sdkPackage: fakeSdk(),
    });
    expect(json(join(folder, 'neurosquad-card.json')).displayName).toBe('Say "hi" <b>&');
    expect(readFileSync(join(folder, 'index.html'), 'utf8')).toContain(
      '<title>Say &quot;hi&quot; &lt;b&gt;&amp;</title>',
    );
  });

  it('refuses a folder that is not empty unless forced', async () => {
    const sdk = fakeSdk();
    const folder = temp();
    writeFiles(folder, { 'keep.txt': 'mine' });
    const options = {
      folder,
      template: 'vanilla' as const,
      name: 'my-card',
      displayName: 'My card',
      sdk: 'registry' as const,
      sdkPackage: sdk,
    };
    await expect(createCard(options)).rejects.toThrow(/is not empty \(1 entries\); pass --force/);
    await createCard({ ...options, force: true });
    expect(readFileSync(join(folder, 'keep.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(folder, 'neurosquad-card.json'))).toBe(true);
  });

  it('refuses an SDK that is not built', async () => {
    const sdk = fakeSdk();
    removeFolder(join(sdk.root, 'dist'));
    await expect(
      createCard({
        folder: join(temp(), 'x'),
        template: 'react',
        name: 'my-card',
        displayName: 'My card',
        sdkPackage: sdk,
      }),
    ).rejects.toThrow(/is not built \(no dist\/\)/);
  });
});

describe('shellQuoted', () => {
  it('quotes paths a shell would split or expand', () => {
    expect(shellQuoted('my-card')).toBe('my-card');
    expect(shellQuoted('../cards/my-card')).toBe('../cards/my-card');
    expect(shellQuoted('My Cards/my-card')).toBe("'My Cards/my-card'");
    expect(shellQuoted("it's")).toBe("'it'\\''s'");
    expect(shellQuoted('$HOME/x')).toBe("'$HOME/x'");
  });
});

describe('names', () => {
  it('derives a name and display name from the folder', () => {
    expect(nameFromFolder('/work/My Test_Radar!')).toBe('my-test-radar');
    expect(nameFromFolder('/work/2fast')).toBe('fast');
    expect(displayNameFromName('test-radar')).toBe('Test radar');
  });

  it('uses the manifest rules, reserved names included', () => {
    expect(nameProblems('test-radar', 'Test radar')).toEqual([]);
    expect(nameProblems('terminal', 'Terminal')).toEqual(['name: "terminal" is reserved']);
    expect(nameProblems('Bad_Name', 'x')).toEqual([
      'name: "Bad_Name" is not a card name: use 2 to 48 lower-case letters, digits and hyphens, starting with a letter (for example bad-name)',
    ]);
    expect(nameProblems('1card', 'x')[0]).toMatch(/starting with a letter \(for example card\)$/);
    expect(nameProblems('Bad_Name', 'x')[0]).not.toMatch(/\^|\[a-z\]/);
    expect(nameProblems('ok-name', 'Bad\u202ename')).toEqual([
      'display name: control, bidi and invisible (zero-width, tag) characters are not allowed',
    ]);
  });

  it.each(['my--card', 'card-'])(
    'refuses %s, whose template tool name would contain "__", before writing anything',
    async (name) => {
      const folder = join(temp(), 'dashes');
      const refused = createCard({
        folder,
        template: 'react',
        name,
        displayName: 'Dashes',
        sdk: 'registry',
        sdkPackage: fakeSdk(),
      });
      await expect(refused).rejects.toThrow(
        `name: "${name.replace(/-/g, '_')}_squad_summary" contains "__" (reserved for installed MCP servers)`,
      );
      expect(existsSync(folder)).toBe(false);
    },
  );
});

describe('create command', () => {
  it('exits 2 for a reserved or invalid name, an unknown template, or no folder', async () => {
    const cwd = temp();
    const reserved = captureIo(cwd);
    expect(await runCli(['create', 'x', '--name', 'canvas'], reserved.io)).toBe(2);
    expect(reserved.stderr()).toContain('neurosquad-card create: name: "canvas" is reserved');
    expect(await runCli(['create', 'x', '--template', 'svelte'], captureIo(cwd).io)).toBe(2);
    expect(await runCli(['create'], captureIo(cwd).io)).toBe(2);
    expect(await runCli(['create', '---'], captureIo(cwd).io)).toBe(2);
    expect(existsSync(join(cwd, 'x'))).toBe(false);
  });

  it('exits 1 for a folder that is not empty', async () => {
    const cwd = temp();
    writeFiles(cwd, { 'taken/file.txt': 'x' });
    const { io, stderr } = captureIo(cwd);
    expect(await runCli(['create', 'taken'], io)).toBe(1);
    expect(stderr()).toMatch(/taken is not empty \(1 entries\); pass --force to write into it anyway/);
  });
});
