import type { JsonSchema } from '../contract/types.js';
import { describe, expect, it } from 'vitest';
import { createNamedTypes, literalType, propertyName, quote, schemaToTs, union } from './schema-to-ts.js';

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
    // Without a file to declare a named type in, a self-reference is any JSON value, not a stack overflow.
    expect(schemaToTs({ type: 'array', items: { $ref: '#' } })).toBe('JsonValue[]');
  });

  it('never throws on a malformed schema', () => {
    expect(schemaToTs(null as never)).toBe('JsonValue');
    expect(schemaToTs({ type: 'object', properties: { bad: 3 as never } })).toBe('{\n  bad?: JsonValue;\n}');
  });
});

// Each shape `validate` accepts with two `{ $ref: '#' }` (or more) in one schema: once 2^32 expansions, now one
// named recursive type, each in well under a second.
describe('recursive schemas', () => {
  const named = () => {
    const types = createNamedTypes(['JsonValue']);
    return { types, convert: (schema: JsonSchema) => schemaToTs(schema, '  ', { types, base: 'TreeArgs' }) };
  };
  const timed = (run: () => string): string => {
    const started = performance.now();
    const type = run();
    expect(performance.now() - started).toBeLessThan(1000);
    return type;
  };

  it('two properties referring to the root: one named type', () => {
    const { types, convert } = named();
    const type = timed(() =>
      convert({ type: 'object', properties: { left: { $ref: '#' }, right: { $ref: '#' }, label: { type: 'string' } } }),
    );
    expect(type).toBe('TreeArgs');
    expect(types.declarations).toEqual([
      'type TreeArgs = {\n  left?: TreeArgs;\n  right?: TreeArgs;\n  label?: string;\n};',
    ]);
  });

  it('anyOf with two self-references through items and properties', () => {
    const { types, convert } = named();
    const type = timed(() =>
      convert({
        anyOf: [
          { type: 'array', items: { $ref: '#' } },
          { type: 'object', additionalProperties: { $ref: '#' } },
          { type: 'number' },
        ],
      }),
    );
    expect(type).toBe('TreeArgs');
    expect(types.declarations[0]).toMatch(
      /^type TreeArgs = TreeArgs\[\] \| \{\n {2}\[key: string\]: TreeArgs;\n\} \| number;$/,
    );
  });

  it('anyOf of bare self-references narrows nothing (any JSON value), without recursing', () => {
    const { types, convert } = named();
    expect(timed(() => convert({ anyOf: [{ $ref: '#' }, { $ref: '#' }] }))).toBe('JsonValue');
    expect(timed(() => convert({ $ref: '#' }))).toBe('JsonValue');
    expect(types.declarations).toEqual([]);
  });

  it('array items referring to the root', () => {
    const { types, convert } = named();
    expect(timed(() => convert({ type: 'array', items: { $ref: '#' } }))).toBe('TreeArgs');
    expect(types.declarations).toEqual(['type TreeArgs = TreeArgs[];']);
  });

  it('nested: a self-reference deep inside, and a recursive $defs entry used twice at every level', () => {
    const { types, convert } = named();
    const type = timed(() =>
      convert({
        type: 'object',
        required: ['root'],
        properties: {
          root: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#' } } } },
          a: { $ref: '#/$defs/node' },
          b: { $ref: '#/$defs/node' },
        },
        $defs: {
          node: { type: 'object', properties: { x: { $ref: '#/$defs/node' }, y: { $ref: '#/$defs/node' } } },
        },
      }),
    );
    expect(type).toBe('TreeArgs');
    expect(types.declarations).toEqual([
      'type TreeArgsNode = {\n  x?: TreeArgsNode;\n  y?: TreeArgsNode;\n};',
      'type TreeArgs = {\n  root: {\n    children?: TreeArgs[];\n  };\n  a?: TreeArgsNode;\n  b?: TreeArgsNode;\n};',
    ]);
  });

  it('32 $defs each referring twice to the next: converted once each, not 2^32 times', () => {
    const { types, convert } = named();
    const defs = Object.fromEntries(
      Array.from({ length: 32 }, (_, i) => [
        `d${i}`,
        i === 31
          ? { type: 'string' as const }
          : {
              type: 'object' as const,
              properties: { l: { $ref: `#/$defs/d${i + 1}` }, r: { $ref: `#/$defs/d${i + 1}` } },
            },
      ]),
    );
    expect(timed(() => convert({ $defs: defs, $ref: '#/$defs/d0' }))).toBe('TreeArgsD0');
    expect(types.declarations).toHaveLength(31);
    expect(types.declarations[0]).toBe('type TreeArgsD30 = {\n  l?: string;\n  r?: string;\n};');
    expect(types.declarations[30]).toBe('type TreeArgsD0 = {\n  l?: TreeArgsD1;\n  r?: TreeArgsD1;\n};');
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
