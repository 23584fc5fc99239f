// @vitest-environment node
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolders } from '../cli/test-folders.js';
import { LIMITS } from '../contract/limits.js';
import { readKeptStorage, readStorageFile, STORAGE_FILE, writeStorageFile } from './storage-file.js';

const { temp } = tempFolders();
const FILE = '/cards/radar/.neurosquad-storage.json';

/** The findings of reading `value`, as `path: message` lines. */
function problems(value: unknown): string[] {
  const read = readKeptStorage(value, FILE);
  if (read.findings.length > 0) expect(read.storage).toEqual({ instance: {}, package: {} });
  for (const finding of read.findings) expect(finding.file).toBe(FILE);
  return read.findings.map((finding) => `${finding.path}: ${finding.message}`);
}

describe('the kept storage file', () => {
  it('writes both scopes (keys sorted, readable by hand) and reads them back the same', () => {
    const folder = temp();
    const storage = {
      instance: { zeta: [1, { deep: null }], alpha: 'text', 'a key with spaces': true },
      package: { count: 3.5 },
    };
    writeStorageFile(folder, storage);
    const text = readFileSync(join(folder, STORAGE_FILE), 'utf8');
    expect(text).toBe(
      `${JSON.stringify({ instance: { 'a key with spaces': true, alpha: 'text', zeta: [1, { deep: null }] }, package: { count: 3.5 } }, null, 2)}\n`,
    );
    expect(readStorageFile(folder)).toEqual({ storage, findings: [] });
    expect(Object.keys(readStorageFile(folder).storage.instance)).toEqual(['a key with spaces', 'alpha', 'zeta']);
  });

  it('writes owner-only through a temporary file it leaves nothing of, and names the file in .gitignore once', () => {
    const folder = temp();
    writeFileSync(join(folder, '.gitignore'), 'node_modules/');
    writeStorageFile(folder, { instance: { a: 1 }, package: {} });
    writeStorageFile(folder, { instance: { a: 2 }, package: {} });
    expect(statSync(join(folder, STORAGE_FILE)).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder).sort()).toEqual(['.gitignore', STORAGE_FILE]);
    const ignored = readFileSync(join(folder, '.gitignore'), 'utf8').split('\n');
    expect(ignored.filter((line) => line === STORAGE_FILE)).toHaveLength(1);
    expect(ignored[0]).toBe('node_modules/');
    expect(readStorageFile(folder).storage.instance).toEqual({ a: 2 });
  });

  it('leaves the file as it was when the write fails halfway', () => {
    const folder = temp();
    writeStorageFile(folder, { instance: { kept: 'yes' }, package: {} });
    // The temporary file's name taken by a folder: the write fails before the rename.
    mkdirSync(join(folder, `${STORAGE_FILE}.${process.pid}.tmp`));
    expect(() => writeStorageFile(folder, { instance: { kept: 'no' }, package: {} })).toThrow();
    expect(readStorageFile(folder).storage.instance).toEqual({ kept: 'yes' });
  });

  it('reads a missing file as empty storage, and a scope left out as empty', () => {
    expect(readStorageFile(temp())).toEqual({ storage: { instance: {}, package: {} }, findings: [] });
    expect(readKeptStorage({ package: { a: 1 } }, FILE)).toEqual({
      storage: { instance: {}, package: { a: 1 } },
      findings: [],
    });
  });

  it('answers a file that is not JSON with one finding at $ and empty storage, leaving the file alone', () => {
    const folder = temp();
    writeFileSync(join(folder, STORAGE_FILE), '{"instance": {');
    const read = readStorageFile(folder);
    expect(read.storage).toEqual({ instance: {}, package: {} });
    expect(read.findings).toEqual([
      { file: join(folder, STORAGE_FILE), path: '$', message: expect.stringMatching(/^is not JSON: /) as string },
    ]);
    expect(readFileSync(join(folder, STORAGE_FILE), 'utf8')).toBe('{"instance": {');
  });

  it('names the path of each problem of shape, and starts empty whenever there is one', () => {
    expect(problems([])).toEqual(['$: must be an object: { "instance": { … }, "package": { … } }']);
    expect(problems('text')).toHaveLength(1);
    expect(problems({ instance: { ok: 1 }, settings: {} })).toEqual([
      'settings: is not a storage scope (instance, package)',
    ]);
    expect(problems({ instance: [1], package: null })).toEqual([
      'instance: must be an object of key → JSON value',
      'package: must be an object of key → JSON value',
    ]);
    let deep: unknown = 1;
    for (let i = 0; i < LIMITS.valueDepth; i += 1) deep = [deep];
    expect(problems({ instance: { '': 1, deep } })).toEqual([
      'instance[""]: a key is 1 to 256 characters',
      `instance["deep"]${'/0'.repeat(LIMITS.valueDepth)}: value is nested too deeply`,
    ]);
  });

  it('holds the file to the app storage limits: key length, value size, key count and quota', () => {
    const long = 'k'.repeat(LIMITS.storageKeyChars + 1);
    expect(problems({ package: { [long]: 1 } })).toEqual([
      `package[${JSON.stringify(long)}]: a key is 1 to 256 characters`,
    ]);
    const big = 'x'.repeat(LIMITS.storageValueBytes);
    expect(problems({ instance: { big } })).toEqual([
      `instance["big"]: is ${LIMITS.storageValueBytes + 2} characters of JSON; the app allows ${LIMITS.storageValueBytes} a value`,
    ]);
    // Six values just under 1 MB each: each one fits, the scope's 5 MB do not.
    const under = 'x'.repeat(LIMITS.storageValueBytes - 10);
    const six = Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`v${n}`, under]));
    expect(problems({ instance: six })).toEqual([
      `instance: holds ${6 * (2 + LIMITS.storageValueBytes - 8)} characters; the app's quota is ${LIMITS.instanceStorageBytes}`,
    ]);
    expect(problems({ package: six })).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: LIMITS.storageKeys + 1 }, (_, n) => [`k${n}`, n]));
    expect(problems({ package: many })).toEqual([
      `package: has ${LIMITS.storageKeys + 1} keys; the app allows ${LIMITS.storageKeys}`,
    ]);
  });
});
