// JSON Schema (the card subset) to a TypeScript type expression. Keywords with a type meaning are converted:
// type, enum, const, anyOf, oneOf, properties, required, additionalProperties, items, $ref to `#` or `#/$defs/*`.
// Value checks without a type meaning (minLength, maximum, format, …) are left to the runtime validator.
// Each `$ref` target is converted once (however often it is referred to); one that refers back to itself through
// a property or an item becomes a named recursive type, declared once in the file.
import type { JsonSchema, JsonSchemaType, JsonValue } from '../contract/types.js';

/** The type written for a value the schema does not narrow. */
export const ANY_JSON = 'JsonValue';

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

/** The named types of one declaration file: `type Name = …;` for each schema that refers to itself. */
export interface NamedTypes {
  /** The declarations made so far, in order, one `type Name = …;` each. */
  readonly declarations: string[];
  /** A name no other type of the file has: `base`, else `base2`, `base3`, … */
  reserve(base: string): string;
}

/** The named types of a new file; `taken` are names it already uses (its imports). */
export function createNamedTypes(taken: readonly string[]): NamedTypes {
  const used = new Set(taken);
  const declarations: string[] = [];
  return {
    declarations,
    reserve(base) {
      let name = base;
      for (let n = 2; used.has(name); n += 1) name = `${base}${n}`;
      used.add(name);
      return name;
    },
  };
}

/** A type name from free text (`squad_summary` → `SquadSummary`); `Value` when nothing is left. */
export function typeName(...parts: string[]): string {
  const name = parts
    .join(' ')
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return name === '' ? 'Value' : /^\d/.test(name) ? `T${name}` : name;
}

// What the walk knows about one `$ref` target: being converted (and how deep in properties and items it
// started), its name once it turned out recursive, and its type (indented at column 0) once converted.
interface RefState {
  converting: boolean;
  guardsAtStart: number;
  name?: string;
  type?: string;
}

interface Walk {
  root: JsonSchema;
  indent: string;
  /** How many properties, items and additionalProperties the walk is inside. */
  guards: number;
  refs: Map<string, RefState>;
  named: { types: NamedTypes; base: string } | undefined;
}

// A type converted at column 0, moved to start at `indent` (its later lines follow).
function indented(type: string, indent: string): string {
  return indent === '' ? type : type.replace(/\n/g, `\n${indent}`);
}

// Longer `$defs` types are declared by name rather than written out where they are used.
const LONG_INLINE = 60;

// `#` is the schema itself (`base`); `#/$defs/node` is `base` + `Node`.
function refName(ref: string, base: string): string {
  return typeName(base, ref === '#' ? '' : ref.slice(ref.lastIndexOf('/') + 1));
}

function refType(ref: string, walk: Walk): string {
  const target = resolveRef(walk.root, ref);
  if (target === undefined) return ANY_JSON;
  const known = walk.refs.get(ref);
  if (known?.type !== undefined) return indented(known.type, walk.indent);
  if (known?.converting) {
    // A cycle. Through a property or an item it is a recursive type (named when the file can declare one); with
    // nothing in between (`anyOf: [{ $ref: '#' }, …]`) it narrows nothing, so any JSON value.
    if (walk.guards === known.guardsAtStart || walk.named === undefined) return ANY_JSON;
    known.name ??= walk.named.types.reserve(refName(ref, walk.named.base));
    return known.name;
  }
  const state: RefState = { converting: true, guardsAtStart: walk.guards };
  walk.refs.set(ref, state);
  const body = convert(target, { ...walk, indent: '' });
  state.converting = false;
  // A long `$defs` entry is named too: referred to twice at each of many levels, inlining it would double each time.
  if (state.name === undefined && ref !== '#' && walk.named && (body.includes('\n') || body.length > LONG_INLINE))
    state.name = walk.named.types.reserve(refName(ref, walk.named.base));
  if (state.name !== undefined) {
    walk.named?.types.declarations.push(`type ${state.name} = ${body};`);
    state.type = state.name;
  } else state.type = body;
  return indented(state.type, walk.indent);
}

function objectType(schema: JsonSchema, walk: Walk): string {
  const inner = `${walk.indent}  `;
  const required = new Set(schema.required ?? []);
  const lines: string[] = [];
  const fieldTypes: string[] = [];
  let optional = false;
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const type = convert(field, { ...walk, indent: inner, guards: walk.guards + 1 });
    fieldTypes.push(type);
    if (!required.has(name)) optional = true;
    lines.push(`${docComment(field, inner)}${inner}${propertyName(name)}${required.has(name) ? '' : '?'}: ${type};`);
  }
  const extra = schema.additionalProperties;
  if (extra === true || (typeof extra === 'object' && extra !== null)) {
    // An index signature must admit every declared property's type too.
    const value = extra === true ? ANY_JSON : convert(extra, { ...walk, indent: inner, guards: walk.guards + 1 });
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
      const item = schema.items === undefined ? ANY_JSON : convert(schema.items, { ...walk, guards: walk.guards + 1 });
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
  if (typeof schema.$ref === 'string') return refType(schema.$ref, walk);
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
 * `indent` is the indentation of the line the type starts on. With `named`, a schema that refers to itself
 * (`$ref: '#'` or a recursive `$defs` entry) through a property or an item becomes a named type declared in
 * `named.types` (its name made from `named.base`); without it, the recursion is any JSON value.
 */
export function schemaToTs(schema: JsonSchema, indent = '', named?: { types: NamedTypes; base: string }): string {
  const walk: Walk = { root: schema, indent, guards: 0, refs: new Map(), named };
  if (typeof schema !== 'object' || schema === null) return ANY_JSON;
  // The root is the target of `#`: converted as one, so a self-reference finds it in progress.
  return refType('#', walk);
}
