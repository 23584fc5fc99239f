import { describe, expect, it } from 'vitest';
import { checkPlainJson } from './json.js';
import { validateManifest } from './manifest.js';
import { checkSchema } from './schema-check.js';
import { validateValue } from './schema.js';
import { validateSettingsValues } from './settings-values.js';

const UNREADABLE = 'cannot be read (a getter or proxy threw)';

/** An object whose `key` getter throws. */
function throwingGetter(key: string): object {
  return Object.defineProperty({}, key, {
    enumerable: true,
    get() {
      throw new Error('boom');
    },
  });
}

/** A proxy whose every trap throws. */
function hostileProxy(): object {
  const trap = (): never => {
    throw new Error('trap');
  };
  return new Proxy({}, { get: trap, getPrototypeOf: trap, ownKeys: trap, has: trap, getOwnPropertyDescriptor: trap });
}

// The exported validators take values from a card's own code: a getter or proxy that throws while being read
// is refused as an issue with its path, never a throw out of the validator.
describe('validators on values that throw while read', () => {
  it('checkPlainJson names the path of the throwing getter', () => {
    expect(checkPlainJson({ a: [throwingGetter('b')] })).toEqual({
      path: '/a/0/b',
      keyword: 'json',
      message: UNREADABLE,
    });
  });

  it('checkPlainJson refuses a proxy whose traps throw', () => {
    expect(checkPlainJson({ p: hostileProxy() })).toEqual({ path: '/p', keyword: 'json', message: UNREADABLE });
  });

  it('validateValue refuses them as a json issue', () => {
    expect(validateValue({ type: 'object' }, throwingGetter('x'))).toEqual([
      { path: '/x', keyword: 'json', message: UNREADABLE },
    ]);
  });

  it('validateManifest refuses them as a schema issue', () => {
    const result = validateManifest(hostileProxy());
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues).toEqual([{ path: '', message: UNREADABLE, code: 'schema' }]);
  });

  it('checkSchema refuses an unreadable schema', () => {
    expect(checkSchema({ type: 'object', properties: hostileProxy() })).toEqual([
      { path: '', keyword: 'json', message: `schema ${UNREADABLE}` },
    ]);
  });

  it('validateSettingsValues refuses unreadable values as a whole', () => {
    const settings = [{ key: 'name', type: 'string' }];
    expect(validateSettingsValues(settings, hostileProxy())).toEqual([{ key: '', message: `values ${UNREADABLE}` }]);
    expect(validateSettingsValues(settings, throwingGetter('name'))).toEqual([
      { key: '', message: `values ${UNREADABLE}` },
    ]);
  });
});
