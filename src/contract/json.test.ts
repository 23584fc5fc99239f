import { describe, expect, it } from 'vitest';
import { canonicalJson, checkPlainJson, isPlainObject, jsonLength, jsonTypeOf, pointerChild } from './json.js';

const NOT_JSON = 'not a JSON value (NaN, Infinity, undefined, function or class instance)';

function nest(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

describe('checkPlainJson', () => {
  const accepted: [string, unknown][] = [
    ['null', null],
    ['booleans', true],
    ['strings', 'text'],
    ['finite numbers', -1.5],
    ['arrays', [1, 'a', null]],
    ['plain objects', { a: { b: [1] } }],
    ['null-prototype objects', Object.assign(Object.create(null) as object, { a: 1 })],
    ['64 levels of nesting', nest(64)],
  ];
  it.each(accepted)('accepts %s', (_name, value) => {
    expect(checkPlainJson(value)).toBeNull();
  });

  const rejected: [string, unknown, string, string][] = [
    ['NaN', { n: Number.NaN }, '/n', NOT_JSON],
    ['Infinity', [1, Number.POSITIVE_INFINITY], '/1', NOT_JSON],
    ['-Infinity', Number.NEGATIVE_INFINITY, '', NOT_JSON],
    ['undefined', { a: undefined }, '/a', NOT_JSON],
    ['a function', { f: () => 1 }, '/f', NOT_JSON],
    ['a Date', { at: new Date(0) }, '/at', NOT_JSON],
    ['a Map', new Map(), '', NOT_JSON],
    ['a typed array', { bytes: new Uint8Array(2) }, '/bytes', NOT_JSON],
    ['a class instance', { x: new (class Point {})() }, '/x', NOT_JSON],
    ['a bigint', { big: 1n }, '/big', NOT_JSON],
    [
      '65 levels of nesting',
      nest(65),
      '/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0',
      'value is nested too deeply',
    ],
  ];
  it.each(rejected)('rejects %s', (_name, value, path, message) => {
    expect(checkPlainJson(value)).toEqual({ path, keyword: 'json', message });
  });

  it('escapes ~ and / in paths', () => {
    expect(checkPlainJson({ 'a/b': { 'c~d': undefined } })).toMatchObject({ path: '/a~1b/c~0d' });
  });

  it('counts every value as a node', () => {
    expect(checkPlainJson([1, 2], { maxNodes: 3 })).toBeNull();
    expect(checkPlainJson([1, 2, 3], { maxNodes: 3 })).toEqual({
      path: '/2',
      keyword: 'json',
      message: 'value has too many parts',
    });
  });

  it('honours a custom depth', () => {
    expect(checkPlainJson({ a: { b: 1 } }, { maxDepth: 2 })).toBeNull();
    expect(checkPlainJson({ a: { b: 1 } }, { maxDepth: 1 })).toMatchObject({
      path: '/a/b',
      message: 'value is nested too deeply',
    });
  });

  it('returns only the first issue', () => {
    expect(checkPlainJson({ a: undefined, b: Number.NaN })).toMatchObject({ path: '/a' });
  });
});

describe('json helpers', () => {
  it('jsonLength is the JSON.stringify length in UTF-16 units', () => {
    expect(jsonLength({ a: 'é😀' })).toBe(JSON.stringify({ a: 'é😀' }).length);
    expect(jsonLength(undefined)).toBe(0);
  });

  it('types whole numbers as integer', () => {
    expect(jsonTypeOf(3)).toBe('integer');
    expect(jsonTypeOf(3.5)).toBe('number');
    expect(jsonTypeOf(Number.NaN)).toBeNull();
    expect(jsonTypeOf([])).toBe('array');
    expect(jsonTypeOf(new Date())).toBeNull();
  });

  it('canonical JSON sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 1, x: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":2,"y":1}]},"b":1}',
    );
  });

  it('builds pointers', () => {
    expect(pointerChild('', 'ports')).toBe('/ports');
    expect(pointerChild('/a', 0)).toBe('/a/0');
    expect(pointerChild('', '~/')).toBe('/~0~1');
  });

  it('knows plain objects', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(null)).toBe(false);
    expect(isPlainObject(new Date())).toBe(false);
  });
});
