// @vitest-environment node
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolders } from '../cli/test-folders.js';
import { readCanvasFile, readCanvasLayout, unknownArrowEnds, writeCanvasFile } from './canvas-file.js';

const { temp } = tempFolders();

describe('the canvas layout file', () => {
  it('reads folders relative to the file, built-in peers, places and arrows', () => {
    const file = join('/cards', 'summary', 'neurosquad-canvas.json');
    const read = readCanvasLayout(
      {
        cards: [
          { folder: '../radar', x: 10.4, y: 20, w: 320 },
          { builtin: 'note', id: 'note-1', state: { text: 'a' } },
        ],
        arrows: [{ from: 'radar', to: 'note-1' }],
      },
      file,
    );
    expect(read.findings).toEqual([]);
    expect(read.layout).toEqual({
      cards: [
        { folder: join('/cards', 'radar'), x: 10, y: 20, w: 320 },
        { builtin: 'note', id: 'note-1', state: { text: 'a' } },
      ],
      arrows: [{ from: 'radar', to: 'note-1' }],
    });
  });

  it('answers bad content with findings naming the file and the path, keeping the good parts', () => {
    const file = '/cards/a/neurosquad-canvas.json';
    const read = readCanvasLayout(
      {
        cards: [{ builtin: 'whiteboard', id: 'w' }, { builtin: 'note', id: '' }, 7, { folder: '.', w: -1 }],
        arrows: [{ from: 'a' }, { from: 'a', to: 'a' }],
      },
      file,
    );
    expect(read.findings.map((finding) => `${finding.file} ${finding.path}`)).toEqual([
      `${file} cards[0].builtin`,
      `${file} cards[1].id`,
      `${file} cards[2]`,
      `${file} cards[3].w`,
      `${file} arrows[0]`,
      `${file} arrows[1]`,
    ]);
    expect(read.layout.cards).toEqual([{ folder: '/cards/a' }]);
    expect(readCanvasLayout([], file).findings).toEqual([{ file, path: '$', message: expect.any(String) }]);
    expect(unknownArrowEnds({ cards: [], arrows: [{ from: 'a', to: 'b' }] }, new Set(['a']), file)).toEqual([
      { file, path: 'arrows[0].to', message: expect.stringContaining('"b"') },
    ]);
  });

  it('reads a missing file as empty and broken JSON as one finding; writes folders relative again', () => {
    const folder = temp();
    const file = join(folder, 'neurosquad-canvas.json');
    expect(readCanvasFile(file)).toEqual({ layout: { cards: [], arrows: [] }, findings: [] });
    writeFileSync(file, '{ "cards": [');
    expect(readCanvasFile(file).findings).toEqual([
      { file, path: '$', message: expect.stringMatching(/^is not JSON/) },
    ]);
    writeCanvasFile(file, {
      cards: [{ folder: join(folder, '..', 'radar'), x: 1 }, { folder }, { builtin: 'todo', id: 'todo-1' }],
      arrows: [{ from: 'radar', to: 'todo-1' }],
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      cards: [{ folder: '../radar', x: 1 }, { folder: '.' }, { builtin: 'todo', id: 'todo-1' }],
      arrows: [{ from: 'radar', to: 'todo-1' }],
    });
    expect(readCanvasFile(file).layout.cards[0]).toEqual({ folder: join(folder, '..', 'radar'), x: 1 });
  });
});
