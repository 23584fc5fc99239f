import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './types.js';
import { resolveSchemaRef, validateValue, type SchemaIssue } from './schema.js';

type Row = [rule: string, schema: JsonSchema, pass: unknown, fail: unknown, issue: SchemaIssue];

const issue = (path: string, keyword: string, message: string): SchemaIssue => ({ path, keyword, message });

const rows: Row[] = [
  ['type (single)', { type: 'string' }, 'a', 1, issue('', 'type', 'expected string, got integer')],
  ['type (list)', { type: ['string', 'null'] }, null, true, issue('', 'type', 'expected string or null, got boolean')],
  ['number accepts integers', { type: 'number' }, 3, '3', issue('', 'type', 'expected number, got string')],
  ['integer rejects fractions', { type: 'integer' }, 3, 3.5, issue('', 'type', 'expected integer, got number')],
  ['type array vs object', { type: 'array' }, [], {}, issue('', 'type', 'expected array, got object')],
  [
    'const (canonical)',
    { const: { a: 1, b: [2] } },
    { b: [2], a: 1 },
    { a: 1 },
    issue('', 'const', 'must be {"a":1,"b":[2]}'),
  ],
  ['enum', { enum: ['x', 1, null] }, 1, 'y', issue('', 'enum', 'must be one of "x", 1, null')],
  ['minLength', { minLength: 2 }, 'ab', 'a', issue('', 'minLength', 'shorter than 2')],
  ['maxLength (code points)', { maxLength: 2 }, '😀😀', 'abc', issue('', 'maxLength', 'longer than 2')],
  ['maxLength quick reject', { maxLength: 1 }, 'a', 'abc', issue('', 'maxLength', 'longer than 1')],
  ['pattern', { pattern: '^a+$' }, 'aaa', 'ab', issue('', 'pattern', 'does not match ^a+$')],
  ['invalid pattern fails', { pattern: '(' }, 1, 'x', issue('', 'pattern', 'does not match (')],
  ['format uri', { format: 'uri' }, 'https://x.dev/a?b=1', 'not a uri', issue('', 'format', 'not a valid uri')],
  [
    'format uri length',
    { format: 'uri' },
    `a:${'x'.repeat(8190)}`,
    `a:${'x'.repeat(8191)}`,
    issue('', 'format', 'not a valid uri'),
  ],
  [
    'format date-time',
    { format: 'date-time' },
    '2024-05-01T10:20:30.123456789+02:00',
    '2024-05-01 10:20:30Z',
    issue('', 'format', 'not a valid date-time'),
  ],
  [
    'format date-time parse',
    { format: 'date-time' },
    '2024-05-01T10:20:30Z',
    '2024-13-01T10:20:30Z',
    issue('', 'format', 'not a valid date-time'),
  ],
  ['format date', { format: 'date' }, '2024-02-29', '2023-02-29', issue('', 'format', 'not a valid date')],
  ['format email', { format: 'email' }, 'a.b@example.com', 'a b@example.com', issue('', 'format', 'not a valid email')],
  [
    'format email local part ≤ 64',
    { format: 'email' },
    `${'a'.repeat(64)}@x`,
    `${'a'.repeat(65)}@x`,
    issue('', 'format', 'not a valid email'),
  ],
  ['format color', { format: 'color' }, '#a1B2c3d4', '#abcde', issue('', 'format', 'not a valid color')],
  [
    'format uuid',
    { format: 'uuid' },
    '123e4567-E89b-12d3-a456-426614174000',
    '123e4567e89b12d3a456426614174000',
    issue('', 'format', 'not a valid uuid'),
  ],
  ['unknown formats pass', { format: 'hostname', maxLength: 1 }, 'a', 'ab', issue('', 'maxLength', 'longer than 1')],
  ['minimum', { minimum: 5 }, 5, 4, issue('', 'minimum', 'less than 5')],
  ['maximum', { maximum: 5 }, 5, 6, issue('', 'maximum', 'greater than 5')],
  ['exclusiveMinimum', { exclusiveMinimum: 5 }, 5.1, 5, issue('', 'exclusiveMinimum', 'must be greater than 5')],
  ['exclusiveMaximum', { exclusiveMaximum: 5 }, 4.9, 5, issue('', 'exclusiveMaximum', 'must be less than 5')],
  ['multipleOf', { multipleOf: 0.1 }, 0.3, 0.35, issue('', 'multipleOf', 'not a multiple of 0.1')],
  ['minItems', { minItems: 1 }, [1], [], issue('', 'minItems', 'fewer than 1 items')],
  ['maxItems', { maxItems: 1 }, [1], [1, 2], issue('', 'maxItems', 'more than 1 items')],
  [
    'uniqueItems (canonical)',
    { uniqueItems: true },
    [{ a: 1 }, { a: 2 }],
    [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ],
    issue('', 'uniqueItems', 'items must be unique'),
  ],
  ['items', { items: { type: 'string' } }, ['a'], ['a', 2], issue('/1', 'type', 'expected string, got integer')],
  ['minProperties', { minProperties: 1 }, { a: 1 }, {}, issue('', 'minProperties', 'fewer than 1 properties')],
  [
    'maxProperties',
    { maxProperties: 1 },
    { a: 1 },
    { a: 1, b: 2 },
    issue('', 'maxProperties', 'more than 1 properties'),
  ],
  [
    'required (at the missing path)',
    { required: ['id'] },
    { id: 1 },
    { name: 'x' },
    issue('/id', 'required', 'is required'),
  ],
  [
    'properties',
    { properties: { n: { type: 'number' } } },
    { n: 1 },
    { n: 'x' },
    issue('/n', 'type', 'expected number, got string'),
  ],
  [
    'additionalProperties false',
    { properties: { a: {} }, additionalProperties: false },
    { a: 1 },
    { a: 1, 'x/y': 2 },
    issue('/x~1y', 'additionalProperties', 'is not allowed'),
  ],
  [
    'additionalProperties schema',
    { additionalProperties: { type: 'boolean' } },
    { a: true },
    { a: 1 },
    issue('/a', 'type', 'expected boolean, got integer'),
  ],
  [
    'anyOf',
    { anyOf: [{ type: 'string' }, { type: 'number' }] },
    1,
    null,
    issue('', 'anyOf', 'matches none of the allowed shapes'),
  ],
  [
    'oneOf none',
    { oneOf: [{ type: 'string' }, { type: 'number' }] },
    1,
    null,
    issue('', 'oneOf', 'matches none of the allowed shapes'),
  ],
  [
    'oneOf more than one',
    { oneOf: [{ type: 'number' }, { type: 'integer' }] },
    1.5,
    1,
    issue('', 'oneOf', 'matches more than one allowed shape'),
  ],
  [
    '$ref to $defs',
    { $defs: { 'a/b': { type: 'string' } }, properties: { x: { $ref: '#/$defs/a~1b' } } },
    { x: 'a' },
    { x: 1 },
    issue('/x', 'type', 'expected string, got integer'),
  ],
  [
    '$ref to the root',
    { type: 'object', properties: { child: { $ref: '#' } }, additionalProperties: false },
    { child: { child: {} } },
    { child: { x: 1 } },
    issue('/child/x', 'additionalProperties', 'is not allowed'),
  ],
  [
    '$ref unresolvable',
    { properties: { x: { $ref: '#/$defs/missing' } } },
    {},
    { x: 1 },
    issue('/x', '$ref', 'unresolvable reference #/$defs/missing'),
  ],
  [
    '$ref other forms',
    { properties: { x: { $ref: 'http://x/s.json' } } },
    {},
    { x: 1 },
    issue('/x', '$ref', 'unresolvable reference http://x/s.json'),
  ],
  [
    'plain JSON first',
    { type: 'object' },
    {},
    { a: Number.NaN },
    issue('/a', 'json', 'not a JSON value (NaN, Infinity, undefined, function or class instance)'),
  ],
];

describe('validateValue', () => {
  it.each(rows)('%s', (_rule, schema, pass, fail, expected) => {
    expect(validateValue(schema, pass)).toEqual([]);
    expect(validateValue(schema, fail)).toEqual([expected]);
  });

  it('stops checking a node after a type mismatch', () => {
    expect(validateValue({ type: 'string', enum: ['a'], minimum: 3 }, 1)).toHaveLength(1);
  });

  it('stops a node after maxItems and maxProperties', () => {
    expect(validateValue({ maxItems: 1, items: { type: 'string' } }, [1, 2])).toEqual([
      issue('', 'maxItems', 'more than 1 items'),
    ]);
    expect(validateValue({ maxProperties: 0, required: ['x'] }, { a: 1 })).toEqual([
      issue('', 'maxProperties', 'more than 0 properties'),
    ]);
  });

  it('applies $ref in addition to sibling keywords', () => {
    const schema: JsonSchema = { $defs: { s: { type: 'string' } }, $ref: '#/$defs/s', maxLength: 1 };
    expect(validateValue(schema, 'ab')).toEqual([issue('', 'maxLength', 'longer than 1')]);
    expect(validateValue(schema, 1)).toEqual([issue('', 'type', 'expected string, got integer')]);
  });

  it('refuses a reference loop', () => {
    const schema: JsonSchema = { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' };
    expect(validateValue(schema, 1)).toEqual([issue('', '$ref', 'unresolvable reference #/$defs/a')]);
  });

  it('lists at most 8 enum options', () => {
    const options = Array.from({ length: 10 }, (_v, i) => i);
    expect(validateValue({ enum: options }, 99)[0]?.message).toBe('must be one of 0, 1, 2, 3, 4, 5, 6, 7');
  });

  it('cuts a long const to 300 characters', () => {
    const message = validateValue({ const: 'x'.repeat(1000) }, 'y')[0]?.message ?? '';
    expect(message).toBe(`must be "${'x'.repeat(299)}`);
  });

  it('reports every issue up to maxIssues', () => {
    const schema: JsonSchema = { items: { type: 'string' } };
    const value = Array.from({ length: 30 }, (_v, i) => i);
    expect(validateValue(schema, value)).toHaveLength(20);
    expect(validateValue(schema, value, { maxIssues: 3 }).map((i) => i.path)).toEqual(['/0', '/1', '/2']);
  });

  it('stops with a budget issue when the work budget runs out', () => {
    const value = Array.from({ length: 50 }, () => 'a');
    expect(validateValue({ items: { type: 'string' } }, value, { budget: 51 })).toEqual([]);
    expect(validateValue({ items: { type: 'string' } }, value, { budget: 20 })).toEqual([
      issue('/19', 'budget', 'schema too complex to check'),
    ]);
  });

  it('charges serialized values for enum', () => {
    const big = 'x'.repeat(64 * 100);
    expect(validateValue({ enum: [big] }, big, { budget: 50 })).toEqual([
      issue('', 'budget', 'schema too complex to check'),
    ]);
    expect(validateValue({ enum: [big] }, big, { budget: 200 })).toEqual([]);
  });

  it('checks value depth with maxDepth', () => {
    expect(validateValue({}, [[1]], { maxDepth: 1 })).toEqual([issue('/0/0', 'json', 'value is nested too deeply')]);
  });

  it('ignores keywords outside the subset', () => {
    expect(
      validateValue({ not: {}, allOf: [{ type: 'string' }], contains: { type: 'string' } } as JsonSchema, [1]),
    ).toEqual([]);
  });

  it('keeps checking patterns after the pattern cache fills up', () => {
    for (let i = 0; i < 600; i += 1) {
      expect(validateValue({ pattern: `^${i}$` }, String(i))).toEqual([]);
      expect(validateValue({ pattern: `^${i}$` }, `${i}x`)).toEqual([issue('', 'pattern', `does not match ^${i}$`)]);
    }
  });

  it('treats own property names safely', () => {
    expect(validateValue({ required: ['constructor', 'toString'] }, {})).toEqual([
      issue('/constructor', 'required', 'is required'),
      issue('/toString', 'required', 'is required'),
    ]);
  });
});

describe('resolveSchemaRef', () => {
  it('resolves the root and $defs only', () => {
    const root = { $defs: { a: { type: 'string' } } };
    expect(resolveSchemaRef(root, '#')).toBe(root);
    expect(resolveSchemaRef(root, '#/$defs/a')).toEqual({ type: 'string' });
    expect(resolveSchemaRef(root, '#/properties/a')).toBeUndefined();
    expect(resolveSchemaRef(root, '#/$defs/toString')).toBeUndefined();
  });
});
