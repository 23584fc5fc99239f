import { describe, expect, it } from 'vitest';
import { checkSchema } from './schema-check.js';
import type { SchemaIssue } from './schema.js';

const issue = (path: string, keyword: string, message: string): SchemaIssue => ({ path, keyword, message });

type Row = [rule: string, pass: unknown, fail: unknown, issue: SchemaIssue];

const rows: Row[] = [
  ['a node is an object', { type: 'string' }, 'string', issue('', 'schema', 'a schema must be an object')],
  ['child nodes are objects', { items: {} }, { items: true }, issue('/items', 'schema', 'a schema must be an object')],
  [
    'annotations are allowed',
    { $id: 'x', $schema: 'y', default: 1, examples: [1], deprecated: true, readOnly: false, writeOnly: false },
    { title: 1 },
    issue('/title', 'title', 'must be a string'),
  ],
  [
    'description is text',
    { description: 'd' },
    { description: ['d'] },
    issue('/description', 'description', 'must be a string'),
  ],
  ['$comment is text', { $comment: 'c' }, { $comment: null }, issue('/$comment', '$comment', 'must be a string')],
  ['unknown keywords', { type: 'object' }, { allOf: [] }, issue('/allOf', 'allOf', 'unsupported keyword "allOf"')],
  [
    '$ref resolves',
    { $defs: { a: {} }, items: { $ref: '#/$defs/a' } },
    { items: { $ref: '#/$defs/b' } },
    issue('/items/$ref', '$ref', 'must be "#" or "#/$defs/<name>" and resolve'),
  ],
  [
    '$ref to root',
    { items: { $ref: '#' } },
    { $ref: 'https://x/y.json' },
    issue('/$ref', '$ref', 'must be "#" or "#/$defs/<name>" and resolve'),
  ],
  ['$defs is a map', { $defs: {} }, { $defs: [] }, issue('/$defs', '$defs', 'must be an object of schemas')],
  [
    'properties is a map',
    { properties: { a: {} } },
    { properties: { a: 1 } },
    issue('/properties/a', 'schema', 'a schema must be an object'),
  ],
  [
    'additionalProperties bool or schema',
    { additionalProperties: false },
    { additionalProperties: { type: 'nope' } },
    issue('/additionalProperties/type', 'type', 'unknown type'),
  ],
  ['anyOf 1–16', { anyOf: [{}] }, { anyOf: [] }, issue('/anyOf', 'anyOf', 'must be a list of 1–16 schemas')],
  [
    'oneOf ≤ 16',
    { oneOf: Array(16).fill({}) },
    { oneOf: Array(17).fill({}) },
    issue('/oneOf', 'oneOf', 'must be a list of 1–16 schemas'),
  ],
  [
    'branches are schemas',
    { anyOf: [{}] },
    { anyOf: [{}, 'x'] },
    issue('/anyOf/1', 'schema', 'a schema must be an object'),
  ],
  ['type names', { type: ['string', 'null'] }, { type: 'date' }, issue('/type', 'type', 'unknown type')],
  ['type list non-empty', { type: 'integer' }, { type: [] }, issue('/type', 'type', 'unknown type')],
  [
    'enum 1–256',
    { enum: Array.from({ length: 256 }, (_v, i) => i) },
    { enum: Array.from({ length: 257 }, (_v, i) => i) },
    issue('/enum', 'enum', 'must be a list of 1–256 JSON values'),
  ],
  ['enum not empty', { enum: [null] }, { enum: [] }, issue('/enum', 'enum', 'must be a list of 1–256 JSON values')],
  [
    'enum JSON values',
    { enum: [{ a: 1 }] },
    { enum: [Number.NaN] },
    issue('/enum', 'enum', 'must be a list of 1–256 JSON values'),
  ],
  [
    'enum ≤ 16 KB (16,384 characters of JSON exactly is allowed)',
    { enum: ['x'.repeat(16_380)] },
    { enum: ['x'.repeat(16_381)] },
    issue('/enum', 'enum', 'options must total at most 16 KB'),
  ],
  ['const JSON value', { const: { a: [1] } }, { const: undefined }, issue('/const', 'const', 'must be a JSON value')],
  [
    'const ≤ 4 KB',
    { const: 'x'.repeat(4094) },
    { const: 'x'.repeat(4095) },
    issue('/const', 'const', 'must be at most 4 KB'),
  ],
  [
    'required names',
    { required: ['a'] },
    { required: ['a', 1] },
    issue('/required', 'required', 'must be a list of property names'),
  ],
  [
    'uniqueItems boolean',
    { uniqueItems: true },
    { uniqueItems: 1 },
    issue('/uniqueItems', 'uniqueItems', 'must be true or false'),
  ],
  [
    'no pattern',
    { maxLength: 3 },
    { pattern: '^a' },
    issue('/pattern', 'pattern', '"pattern" is not allowed in card schemas (use enum, format or maxLength)'),
  ],
  [
    'known formats',
    { format: 'uuid' },
    { format: 'hostname' },
    issue('/format', 'format', 'format must be one of uri, date-time, date, email, color, uuid'),
  ],
  ['finite minimum', { minimum: -1.5 }, { minimum: '1' }, issue('/minimum', 'minimum', 'must be a finite number')],
  [
    'finite maximum',
    { maximum: 1e9 },
    { maximum: Number.POSITIVE_INFINITY },
    issue('/maximum', 'maximum', 'must be a finite number'),
  ],
  [
    'finite exclusiveMinimum',
    { exclusiveMinimum: 0 },
    { exclusiveMinimum: Number.NaN },
    issue('/exclusiveMinimum', 'exclusiveMinimum', 'must be a finite number'),
  ],
  [
    'finite exclusiveMaximum',
    { exclusiveMaximum: 0 },
    { exclusiveMaximum: null },
    issue('/exclusiveMaximum', 'exclusiveMaximum', 'must be a finite number'),
  ],
  [
    'minLength count',
    { minLength: 0 },
    { minLength: -1 },
    issue('/minLength', 'minLength', 'must be a non-negative integer'),
  ],
  [
    'maxLength count',
    { maxLength: 10 },
    { maxLength: 1.5 },
    issue('/maxLength', 'maxLength', 'must be a non-negative integer'),
  ],
  [
    'minItems count',
    { minItems: 1 },
    { minItems: '1' },
    issue('/minItems', 'minItems', 'must be a non-negative integer'),
  ],
  [
    'maxItems count',
    { maxItems: 1 },
    { maxItems: -2 },
    issue('/maxItems', 'maxItems', 'must be a non-negative integer'),
  ],
  [
    'minProperties count',
    { minProperties: 1 },
    { minProperties: true },
    issue('/minProperties', 'minProperties', 'must be a non-negative integer'),
  ],
  [
    'maxProperties count',
    { maxProperties: 1 },
    { maxProperties: 0.5 },
    issue('/maxProperties', 'maxProperties', 'must be a non-negative integer'),
  ],
  [
    'multipleOf > 0',
    { multipleOf: 0.5 },
    { multipleOf: 0 },
    issue('/multipleOf', 'multipleOf', 'must be greater than 0'),
  ],
  [
    'multipleOf finite',
    { multipleOf: 2 },
    { multipleOf: 'x' },
    issue('/multipleOf', 'multipleOf', 'must be a finite number'),
  ],
  [
    'multipleOf is a number, not NaN',
    { multipleOf: 0.25 },
    { multipleOf: Number.NaN },
    issue('/multipleOf', 'multipleOf', 'must be a finite number'),
  ],
];

function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i += 1) schema = { type: 'array', items: schema };
  return schema;
}

describe('checkSchema', () => {
  it.each(rows)('%s', (_rule, pass, fail, expected) => {
    expect(checkSchema(pass)).toEqual([]);
    expect(checkSchema(fail)).toEqual([expected]);
  });

  it('limits nesting (root is depth 0)', () => {
    expect(checkSchema(nested(16))).toEqual([]);
    expect(checkSchema(nested(17))).toEqual([issue(`${'/items'.repeat(17)}`, 'depth', 'schema is nested too deeply')]);
  });

  it('gives exactly one size issue past the node limit', () => {
    const properties = Object.fromEntries(Array.from({ length: 600 }, (_v, i) => [`p${i}`, { type: 'string' }]));
    expect(
      checkSchema({ type: 'object', properties: Object.fromEntries(Object.entries(properties).slice(0, 499)) }),
    ).toEqual([]);
    expect(checkSchema({ type: 'object', properties })).toEqual([
      issue('/properties/p499', 'size', 'schema has too many parts'),
    ]);
  });

  it('honours custom limits and allowPattern', () => {
    expect(checkSchema({ items: {} }, { maxNodes: 1 })).toEqual([issue('/items', 'size', 'schema has too many parts')]);
    expect(checkSchema({ items: {} }, { maxDepth: 0 })).toEqual([
      issue('/items', 'depth', 'schema is nested too deeply'),
    ]);
    expect(checkSchema({ pattern: '^[a-z]+$' }, { allowPattern: true })).toEqual([]);
    expect(checkSchema({ pattern: '(' }, { allowPattern: true })).toEqual([
      issue('/pattern', 'pattern', 'must be a valid regular expression of at most 256 characters'),
    ]);
    expect(checkSchema({ pattern: 'a'.repeat(256) }, { allowPattern: true })).toEqual([]);
    expect(checkSchema({ pattern: 'a'.repeat(257) }, { allowPattern: true })).toHaveLength(1);
  });

  it('stops at 20 issues', () => {
    const bad = Object.fromEntries(Array.from({ length: 30 }, (_v, i) => [`k${i}`, 1]));
    expect(checkSchema(bad)).toHaveLength(20);
  });

  it('escapes pointer tokens in paths', () => {
    expect(checkSchema({ properties: { 'a/b': { type: 'x' } } })).toEqual([
      issue('/properties/a~1b/type', 'type', 'unknown type'),
    ]);
  });
});
