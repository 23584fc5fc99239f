// @vitest-environment node
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../contract/limits.js';
import { checkPackageFiles } from './file-rules.js';
import type { PackageListing } from './package-listing.js';
import { packFolder } from './pack.js';
import { tempFolders, writeValidCard } from './test-folders.js';
import { validateFolder } from './validate.js';

const { temp } = tempFolders();

const listing = (files: { path: string; size: number }[]): PackageListing => ({
  source: 'git',
  files: files.map((file) => ({ ...file, absolute: `/card/${file.path}` })),
  skippedLinks: [],
  missing: [],
  unreadable: [],
  secretFiles: [],
});

describe('checkPackageFiles (the installer limits)', () => {
  it('allows a file of exactly LIMITS.fileBytes and refuses one byte more', () => {
    const findings = checkPackageFiles(
      listing([
        { path: 'a.bin', size: LIMITS.fileBytes },
        { path: 'b.bin', size: LIMITS.fileBytes + 1 },
      ]),
    );
    expect(findings.errors).toEqual([
      { where: 'b.bin', message: 'file is 20 MiB; a package file may be at most 20 MiB' },
    ]);
  });

  it('allows LIMITS.files files and refuses one more', () => {
    const files = Array.from({ length: LIMITS.files }, (_, index) => ({ path: `f/${index}.txt`, size: 1 }));
    expect(checkPackageFiles(listing(files)).errors).toEqual([]);
    const more = checkPackageFiles(listing([...files, { path: 'g.txt', size: 1 }]));
    expect(more.errors).toEqual([
      { where: '.', message: `${LIMITS.files + 1} files; a package may have at most ${LIMITS.files}` },
    ]);
  });

  it('allows LIMITS.unpackedBytes in total and refuses one byte more', () => {
    const five = Array.from({ length: 5 }, (_, index) => ({
      path: `part${index}.bin`,
      size: LIMITS.unpackedBytes / 5,
    }));
    expect(checkPackageFiles(listing(five)).errors).toEqual([]);
    const over = checkPackageFiles(listing([...five, { path: 'one.txt', size: 1 }]));
    expect(over.errors).toEqual([{ where: '.', message: 'package is 100 MiB; at most 100 MiB unpacked' }]);
  });

  it('refuses node_modules/ inside the package', () => {
    expect(checkPackageFiles(listing([{ path: 'node_modules/x/index.js', size: 1 }])).errors[0]?.message).toMatch(
      /^node_modules\/ is inside the package/,
    );
  });
});

describe('file names that hide or reorder what they show', () => {
  const hides = (path: string, codes: string) => ({
    where: path,
    message: `its name holds ${codes} (bidi, C1 control, zero-width, tag or line-separator characters hide or reorder what a name shows): rename it`,
  });
  it.each([
    ['a bidi override', 'docs/invoice\u202efdp.exe', 'U+202E'],
    ['a bidi isolate and mark', 'a\u2066b\u200f.js', 'U+2066, U+200F'],
    ['a C1 control', 'notes\u0085.txt', 'U+0085'],
    ['a zero-width space', 'ad\u200bmin.js', 'U+200B'],
    ['a zero-width joiner in a folder name', 'li\u200db/x.js', 'U+200D'],
    ['a BOM', '\ufeffindex.js', 'U+FEFF'],
    ['a tag character', 'icon\u{E0041}.png', 'U+E0041'],
    ['a line separator', 'a\u2028b.txt', 'U+2028'],
    ['a paragraph separator', 'a\u2029b.txt', 'U+2029'],
  ])('refuses %s, naming the file and the characters', (_case, path, codes) => {
    expect(checkPackageFiles(listing([{ path, size: 1 }])).errors).toEqual([hides(path, codes)]);
  });

  it.each(['docs/日本語.md', 'Ünïcödé/naïve café.txt', 'emoji-🛰.png', 'عربي.txt'])('accepts %s', (path) => {
    expect(checkPackageFiles(listing([{ path, size: 1 }])).errors).toEqual([]);
  });

  it('is an error in validate and in pack', async () => {
    const folder = temp();
    writeValidCard(folder);
    writeFileSync(join(folder, 'safe\u202egnp.js'), 'x');
    expect(validateFolder(folder).errors).toContainEqual(hides('safe\u202egnp.js', 'U+202E'));
    const packed = await packFolder(folder, { out: null });
    expect(packed.ok).toBe(false);
    expect(packed.errors).toContainEqual(hides('safe\u202egnp.js', 'U+202E'));
  });
});

describe('validate applies the package path limits to real files', () => {
  it('refuses a path deeper than LIMITS.pathDepth segments and longer than LIMITS.pathChars', () => {
    const folder = temp();
    writeValidCard(folder);
    const deep = Array.from({ length: LIMITS.pathDepth + 1 }, (_, index) => `d${index}`);
    const fits = Array.from({ length: LIMITS.pathDepth }, (_, index) => `e${index}`);
    const long = ['a'.repeat(120), 'b'.repeat(LIMITS.pathChars - 121 + 1)];
    for (const segments of [deep, fits, long]) {
      mkdirSync(join(folder, ...segments.slice(0, -1)), { recursive: true });
      writeFileSync(join(folder, ...segments), 'x');
    }
    const errors = validateFolder(folder).errors;
    expect(errors).toContainEqual({ where: deep.join('/'), message: 'path too deep' });
    expect(errors).toContainEqual({ where: long.join('/'), message: 'path too long' });
    expect(errors.map((error) => error.where)).not.toContain(fits.join('/'));
  });

  it('refuses a manifest larger than LIMITS.manifestBytes', () => {
    const folder = temp();
    writeValidCard(folder);
    writeFileSync(
      join(folder, 'neurosquad-card.json'),
      `${JSON.stringify({ name: 'x' })}${' '.repeat(LIMITS.manifestBytes)}`,
    );
    expect(validateFolder(folder).errors).toEqual([
      { where: 'neurosquad-card.json', message: 'neurosquad-card.json is larger than 256 KB' },
    ]);
  });
});
