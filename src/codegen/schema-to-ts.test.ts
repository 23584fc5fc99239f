import { describe, expect, it } from 'vitest';
import { literalType, propertyName, quote, schemaToTs, union } from './schema-to-ts.js';

describe('schemaToTs: one JSON Schema keyword at a time', () => {
  it('maps each `type` to its TypeScript type, integers to number', () => {
    expect(schemaToTs({ type: 'string' })).toBe('string');
    expect(schemaToTs({ type: 'number' })).toBe('number');
    expect(schemaToTs({ type: 'integer' })).toBe('number');
    expect(schemaToTs({ type: 'boolean' })).toBe('boolean');
    expect(schemaToTs({ type: 'null' })).toBe('null');
  });

  it('writes a `type` list as a union', () => {
    expect(schemaToTs({ type: ['string', 'null'] })).toBe('string | null');
    expect(schemaToTs({ type: ['number', 'integer'] })).toBe('number');
  });

  it('leaves a schema without type keywords as any JSON value', () => {
    expect(schemaToTs({})).toBe('JsonValue');
    expect(schemaToTs({ minLength: 3, description: 'free' })).toBe('JsonValue');
  });

  it('writes `enum` as a union of literals and `const` as one literal', () => {
    expect(schemaToTs({ enum: ['a', 'b', 1, true, null] })).toBe("'a' | 'b' | 1 | true | null");
    expect(schemaToTs({ type: 'string', enum: ['only'] })).toBe("'only'");
    expect(schemaToTs({ const: 'fixed' })).toBe("'fixed'");
    expect(schemaToTs({ const: { a: [1] } })).toBe('{ a: readonly [1] }');
  });

  it('writes `anyOf` and `oneOf` as unions of their branches', () => {
    expect(schemaToTs({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'number' } }] })).toBe(
      'string | number[]',
    );
    expect(schemaToTs({ oneOf: [{ const: 1 }, { const: 2 }] })).toBe('1 | 2');
  });

  it('types `items`, and arrays of unions with Array<…>', () => {
    expect(schemaToTs({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(schemaToTs({ type: 'array', items: { type: ['string', 'null'] } })).toBe('Array<string | null>');
    expect(schemaToTs({ type: 'array' })).toBe('JsonValue[]');
    expect(schemaToTs({ items: { type: 'boolean' } })).toBe('boolean[]');
  });

  it('makes `properties` optional unless `required` names them', () => {
    expect(
      schemaToTs({ type: 'object', required: ['id'], properties: { id: { type: 'string' }, n: { type: 'number' } } }),
    ).toBe('{\n  id: string;\n  n?: number;\n}');
  });

  it('quotes property names that are not identifiers and documents described properties', () => {
    expect(
      schemaToTs({ type: 'object', required: ['file-ref'], properties: { 'file-ref': { description: 'Where */ x' } } }),
    ).toBe("{\n  /** Where * / x */\n  'file-ref': JsonValue;\n}");
  });

  it('closes an object with `additionalProperties: false` and opens it with `true` or a schema', () => {
    expect(schemaToTs({ type: 'object', additionalProperties: false })).toBe('Record<string, never>');
    expect(schemaToTs({ type: 'object' })).toBe('{ [key: string]: JsonValue }');
    expect(schemaToTs({ type: 'object', properties: {} })).toBe('Record<string, never>');
    expect(schemaToTs({ type: 'object', additionalProperties: true })).toBe('{\n  [key: string]: JsonValue;\n}');
    expect(schemaToTs({ type: 'object', additionalProperties: { type: 'number' } })).toBe(
      '{\n  [key: string]: number;\n}',
    );
    // The index signature admits the declared properties too (TypeScript requires it).
    expect(schemaToTs({ properties: { name: { type: 'string' } }, additionalProperties: { type: 'number' } })).toBe(
      '{\n  name?: string;\n  [key: string]: number | string | undefined;\n}',
    );
  });

  it('indents nested objects from the given indentation', () => {
    expect(
      schemaToTs(
        {
          type: 'object',
          required: ['at'],
          properties: { at: { type: 'object', required: ['x'], properties: { x: { type: 'integer' } } } },
        },
        '  ',
      ),
    ).toBe('{\n    at: {\n      x: number;\n    };\n  }');
  });

  it('follows `$ref` to `#/$defs/*` and `#`, and gives up on cycles and unknown references', () => {
    const defs = { $defs: { id: { type: 'string' as const } } };
    expect(schemaToTs({ ...defs, type: 'array', items: { $ref: '#/$defs/id' } })).toBe('string[]');
    expect(schemaToTs({ ...defs, $ref: '#/$defs/missing' })).toBe('JsonValue');
    expect(schemaToTs({ $ref: 'https://example.com/schema' })).toBe('JsonValue');
    // A self-reference stops at the depth limit as any JSON value, not a stack overflow.
    expect(schemaToTs({ type: 'array', items: { $ref: '#' } })).toContain('JsonValue');
  });

  it('never throws on a malformed schema', () => {
    expect(schemaToTs(null as never)).toBe('JsonValue');
    expect(schemaToTs({ type: 'object', properties: { bad: 3 as never } })).toBe('{\n  bad?: JsonValue;\n}');
  });
});

describe('literals and names', () => {
  it('quotes strings as Prettier does, escaping quotes and control characters', () => {
    expect(quote("it's")).toBe("'it\\'s'");
    expect(quote('say "hi"\n')).toBe('\'say "hi"\\n\'');
    expect(literalType({})).toBe('Record<string, never>');
    expect(propertyName('ok_name')).toBe('ok_name');
    expect(propertyName('9lives')).toBe("'9lives'");
  });

  it('joins unions without repeats and swallows them into JsonValue', () => {
    expect(union(['string', 'string'])).toBe('string');
    expect(union(['string', 'JsonValue'])).toBe('JsonValue');
    expect(union([])).toBe('never');
  });
});
