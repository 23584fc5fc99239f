// JSON Schema (the card subset) to a TypeScript type expression. Keywords with a type meaning are converted:
// type, enum, const, anyOf, oneOf, properties, required, additionalProperties, items, $ref to `#` or `#/$defs/*`.
// Value checks without a type meaning (minLength, maximum, format, …) are left to the runtime validator.
import type { JsonSchema, JsonSchemaType, JsonValue } from '../contract/types.js';

/** The type written for a value the schema does not narrow. */
export const ANY_JSON = 'JsonValue';

// `$ref` chains deeper than this (or a cycle) become JsonValue rather than recursing forever.
const MAX_DEPTH = 32;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A string literal in single quotes, as the card's Prettier writes it. */
export function quote(text: string): string {
  const json = JSON.stringify(text).slice(1, -1);
  return `'${json.replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A property name as TypeScript writes it: bare when it is an identifier, quoted otherwise. */
export function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : quote(name);
}

/** The literal type of a JSON value (`'a'`, `1`, `{ a: true }`, …). */
export function literalType(value: JsonValue): string {
  if (typeof value === 'string') return quote(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `readonly [${value.map(literalType).join(', ')}]`;
  const fields = Object.entries(value).map(([key, field]) => `${propertyName(key)}: ${literalType(field)}`);
  return fields.length === 0 ? 'Record<string, never>' : `{ ${fields.join('; ')} }`;
}

/** A union of type expressions, without repeats; a lone member stays as it is. */
export function union(members: readonly string[]): string {
  const unique = [...new Set(members)];
  if (unique.length === 0) return 'never';
  if (unique.includes(ANY_JSON)) return ANY_JSON;
  return unique.map((member) => (unique.length > 1 && needsParens(member) ? `(${member})` : member)).join(' | ');
}

// Function-like or conditional members would need parens in a union; ours only nest unions.
function needsParens(member: string): boolean {
  let depth = 0;
  for (const char of member) {
    if ('{[(<'.includes(char)) depth += 1;
    else if ('}])>'.includes(char)) depth -= 1;
    else if (char === '|' && depth === 0) return true;
  }
  return false;
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/$defs/')) return undefined;
  const name = ref.slice('#/$defs/'.length);
  return root.$defs && Object.hasOwn(root.$defs, name) ? root.$defs[name] : undefined;
}

function docComment(schema: JsonSchema, indent: string): string {
  const text = schema.description ?? schema.title;
  if (typeof text !== 'string' || text.trim() === '') return '';
  const safe = text
    .trim()
    .replace(/\*\//g, '* /')
    .replace(/\s*\n\s*/g, ' ');
  return `${indent}/** ${safe} */\n`;
}

interface Walk {
  root: JsonSchema;
  depth: number;
  indent: string;
}

function objectType(schema: JsonSchema, walk: Walk): string {
  const inner = `${walk.indent}  `;
  const required = new Set(schema.required ?? []);
  const lines: string[] = [];
  const fieldTypes: string[] = [];
  let optional = false;
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const type = convert(field, { ...walk, indent: inner });
    fieldTypes.push(type);
    if (!required.has(name)) optional = true;
    lines.push(`${docComment(field, inner)}${inner}${propertyName(name)}${required.has(name) ? '' : '?'}: ${type};`);
  }
  const extra = schema.additionalProperties;
  if (extra === true || (typeof extra === 'object' && extra !== null)) {
    // An index signature must admit every declared property's type too.
    const value = extra === true ? ANY_JSON : convert(extra, { ...walk, indent: inner });
    lines.push(`${inner}[key: string]: ${union([value, ...fieldTypes, ...(optional ? ['undefined'] : [])])};`);
  }
  // `properties: {}` (a tool without arguments) declares no keys; a bare `type: 'object'` is any JSON object.
  if (lines.length === 0)
    return extra === false || schema.properties !== undefined
      ? 'Record<string, never>'
      : '{ [key: string]: JsonValue }';
  return `{\n${lines.join('\n')}\n${walk.indent}}`;
}

function typeFor(type: JsonSchemaType, schema: JsonSchema, walk: Walk): string {
  switch (type) {
    case 'null':
      return 'null';
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'integer':
      return 'number';
    case 'string':
      return 'string';
    case 'array': {
      const item = schema.items === undefined ? ANY_JSON : convert(schema.items, walk);
      return needsParens(item) ? `Array<${item}>` : `${item}[]`;
    }
    case 'object':
      return objectType(schema, walk);
  }
}

// Array.isArray without losing the element type of a readonly array (a bad schema may hold a non-array).
function isList<T>(value: T | readonly T[] | undefined): value is readonly T[] {
  return Array.isArray(value);
}

function convert(schema: JsonSchema, walk: Walk): string {
  if (typeof schema !== 'object' || schema === null) return ANY_JSON;
  if (typeof schema.$ref === 'string') {
    const target = walk.depth < MAX_DEPTH ? resolveRef(walk.root, schema.$ref) : undefined;
    return target === undefined ? ANY_JSON : convert(target, { ...walk, depth: walk.depth + 1 });
  }
  if (schema.const !== undefined) return literalType(schema.const);
  if (isList(schema.enum)) return union(schema.enum.map(literalType));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (isList(alternatives)) return union(alternatives.map((option) => convert(option, walk)));
  const types: readonly JsonSchemaType[] =
    schema.type === undefined ? impliedTypes(schema) : isList(schema.type) ? schema.type : [schema.type];
  if (types.length === 0) return ANY_JSON;
  return union(types.map((type) => typeFor(type, schema, walk)));
}

// Without `type`, object or array keywords still say what the value is.
function impliedTypes(schema: JsonSchema): JsonSchemaType[] {
  if (schema.properties !== undefined || schema.required !== undefined || schema.additionalProperties !== undefined)
    return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
}

/**
 * The TypeScript type of the values `schema` accepts, as source text (`JsonValue` where it does not narrow).
 * `indent` is the indentation of the line the type starts on.
 */
export function schemaToTs(schema: JsonSchema, indent = ''): string {
  return convert(schema, { root: schema, depth: 0, indent });
}
