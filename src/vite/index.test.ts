// @vitest-environment node
import { EventEmitter } from 'node:events';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { cardManifest, tempFolders, writeValidCard } from '../cli/test-folders.js';
import { neurosquadCardTypes, type CardTypesConfig } from './index.js';

const { temp } = tempFolders();
const DTS = 'src/neurosquad-card.d.ts';

function setup(command: CardTypesConfig['command']) {
  const folder = temp();
  writeValidCard(folder);
  const logged: string[] = [];
  const plugin = neurosquadCardTypes();
  plugin.configResolved({
    root: folder,
    command,
    logger: { info: (line) => void logged.push(line), warn: (line) => void logged.push(`warn ${line}`) },
  });
  return { folder, plugin, logged };
}

describe('@neurosquad/card-sdk/vite', () => {
  it('is a Vite plugin', () => {
    const plugin: Plugin = neurosquadCardTypes();
    expect(plugin.name).toBe('neurosquad-card-types');
  });

  it('writes the declaration file when the build starts', () => {
    const { folder, plugin, logged } = setup('build');
    plugin.buildStart();
    expect(readFileSync(join(folder, DTS), 'utf8')).toContain('failures: PortTask[];');
    expect(logged).toEqual([`neurosquad-card: ${DTS} written`]);
  });

  it('fails the build on an invalid manifest, naming the problem; the dev server only warns', () => {
    const build = setup('build');
    writeFileSync(join(build.folder, 'neurosquad-card.json'), JSON.stringify(cardManifest({ name: 'Bad Name' })));
    expect(() => build.plugin.buildStart()).toThrow(/neurosquad-card\.json#\/name: /);
    const serve = setup('serve');
    writeFileSync(join(serve.folder, 'neurosquad-card.json'), '{');
    serve.plugin.buildStart();
    expect(serve.logged[0]).toMatch(/^warn neurosquad-card: no types written/);
    expect(() => statSync(join(serve.folder, DTS))).toThrow();
  });

  it('rewrites the file in the dev server when the manifest changes, and ignores other files', () => {
    const { folder, plugin, logged } = setup('serve');
    const watched: string[] = [];
    const watcher = Object.assign(new EventEmitter(), { add: (path: string) => void watched.push(path) });
    plugin.configureServer({ watcher });
    plugin.buildStart();
    expect(watched).toEqual([join(folder, 'neurosquad-card.json')]);
    writeFileSync(join(folder, 'neurosquad-card.json'), JSON.stringify(cardManifest({ tools: [] })));
    watcher.emit('change', join(folder, 'main.js'));
    expect(readFileSync(join(folder, DTS), 'utf8')).not.toContain('tools: Record<never, never>;');
    watcher.emit('change', join(folder, 'neurosquad-card.json'));
    expect(readFileSync(join(folder, DTS), 'utf8')).toContain('tools: Record<never, never>;');
    expect(logged.at(-1)).toBe(`neurosquad-card: ${DTS} updated`);
  });
});
