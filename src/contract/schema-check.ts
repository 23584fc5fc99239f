import { SCHEMA_FORMATS } from './constants.js';
import { UNREADABLE, checkPlainJson, isPlainObject, jsonLength, pointerChild } from './json.js';
import { LIMITS } from './limits.js';
import { resolveSchemaRef, type SchemaIssue } from './schema.js';
import { isSchemaFormat } from './schema-formats.js';
import { compilePattern } from './schema-strings.js';

/** Limits of {@link checkSchema}: schema nodes, nesting, and whether `pattern` is allowed. */
export interface CheckSchemaOptions {
  maxNodes?: number;
  maxDepth?: number;
  allowPattern?: boolean;
}

const MAX_ISSUES = 20;
const MAX_PATTERN_CHARS = 256;
const MAX_BRANCHES = 16;
const SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const ANNOTATIONS = /* @__PURE__ */ new Set([
  '$id',
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const TEXT_ANNOTATIONS = /* @__PURE__ */ new Set(['title', 'description', '$comment']);
const FINITE_KEYWORDS = /* @__PURE__ */ new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);
const COUNT_KEYWORDS = /* @__PURE__ */ new Set([
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]);
const SCHEMA_MAP_KEYWORDS = /* @__PURE__ */ new Set(['$defs', 'properties']);
const BRANCH_KEYWORDS = /* @__PURE__ */ new Set(['anyOf', 'oneOf']);

/** Keywords a card-written schema may use (annotations aside). */
const CARD_SCHEMA_KEYWORDS: readonly string[] = /* @__PURE__ */ Object.freeze([
  '$ref',
  '$defs',
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'anyOf',
  'oneOf',
]);
const KEYWORDS = /* @__PURE__ */ new Set(CARD_SCHEMA_KEYWORDS);

class TooManyIssues {}

/**
 * Checks a schema a card wrote (port `schema`, `response.schema`, tool `inputSchema`) against the safe
 * subset: known keywords only, no `pattern`, bounded size, nesting, enum and const; at most 20 issues.
 * @example checkSchema({ type: 'string', pattern: '^a' }) // [{ path: '/pattern', keyword: 'pattern', … }]
 */
export function checkSchema(schema: unknown, options: CheckSchemaOptions = {}): SchemaIssue[] {
  const maxNodes = options.maxNodes ?? LIMITS.schemaNodes;
  const maxDepth = options.maxDepth ?? LIMITS.schemaDepth;
  const allowPattern = options.allowPattern ?? false;
  const issues: SchemaIssue[] = [];
  let nodes = 0;
  let oversized = false;

  const add = (path: string, keyword: string, message: string): void => {
    issues.push({ path, keyword, message });
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a sentinel, caught below, never escapes
    if (issues.length >= MAX_ISSUES) throw new TooManyIssues();
  };

  const checkKeyword = (key: string, value: unknown, at: string, depth: number): void => {
    if (ANNOTATIONS.has(key)) {
      if (TEXT_ANNOTATIONS.has(key) && typeof value !== 'string') add(at, key, 'must be a string');
      return;
    }
    if (!KEYWORDS.has(key)) {
      add(at, key, `unsupported keyword "${key}"`);
      return;
    }
    if (SCHEMA_MAP_KEYWORDS.has(key)) {
      if (!isPlainObject(value)) return add(at, key, 'must be an object of schemas');
      for (const name of Object.keys(value)) visit(value[name], pointerChild(at, name), depth + 1);
      return;
    }
    if (BRANCH_KEYWORDS.has(key)) {
      if (!Array.isArray(value) || value.length < 1 || value.length > MAX_BRANCHES) {
        return add(at, key, 'must be a list of 1–16 schemas');
      }
      value.forEach((branch, i) => visit(branch, pointerChild(at, i), depth + 1));
      return;
    }
    if (FINITE_KEYWORDS.has(key)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) add(at, key, 'must be a finite number');
      return;
    }
    if (COUNT_KEYWORDS.has(key)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        add(at, key, 'must be a non-negative integer');
      return;
    }
    switch (key) {
      case '$ref':
        if (resolveSchemaRef(schema, value) === undefined) add(at, key, 'must be "#" or "#/$defs/<name>" and resolve');
        return;
      case 'items':
        visit(value, at, depth + 1);
        return;
      case 'additionalProperties':
        if (typeof value !== 'boolean') visit(value, at, depth + 1);
        return;
      case 'type': {
        const types = Array.isArray(value) ? value : [value];
        if (types.length === 0 || !types.every((t) => typeof t === 'string' && SCHEMA_TYPES.includes(t))) {
          add(at, key, 'unknown type');
        }
        return;
      }
      case 'enum':
        if (
          !Array.isArray(value) ||
          value.length < 1 ||
          value.length > LIMITS.schemaEnumOptions ||
          checkPlainJson(value) !== null
        ) {
          add(at, key, 'must be a list of 1–256 JSON values');
        } else if (jsonLength(value) > LIMITS.schemaEnumBytes) {
          add(at, key, 'options must total at most 16 KB');
        }
        return;
      case 'const':
        if (checkPlainJson(value) !== null) add(at, key, 'must be a JSON value');
        else if (jsonLength(value) > LIMITS.schemaConstBytes) add(at, key, 'must be at most 4 KB');
        return;
      case 'required':
        if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) {
          add(at, key, 'must be a list of property names');
        }
        return;
      case 'uniqueItems':
        if (typeof value !== 'boolean') add(at, key, 'must be true or false');
        return;
      case 'pattern':
        if (!allowPattern) {
          add(at, key, '"pattern" is not allowed in card schemas (use enum, format or maxLength)');
        } else if (typeof value !== 'string' || value.length > MAX_PATTERN_CHARS || compilePattern(value) === null) {
          add(at, key, 'must be a valid regular expression of at most 256 characters');
        }
        return;
      case 'format':
        if (!isSchemaFormat(value)) add(at, key, `format must be one of ${SCHEMA_FORMATS.join(', ')}`);
        return;
      case 'multipleOf':
        if (typeof value !== 'number' || !Number.isFinite(value)) add(at, key, 'must be a finite number');
        else if (value <= 0) add(at, key, 'must be greater than 0');
        return;
      default:
        return;
    }
  };

  const visit = (node: unknown, path: string, depth: number): void => {
    if (oversized) return;
    nodes += 1;
    if (nodes > maxNodes) {
      oversized = true;
      add(path, 'size', 'schema has too many parts');
      return;
    }
    if (depth > maxDepth) return add(path, 'depth', 'schema is nested too deeply');
    if (!isPlainObject(node)) return add(path, 'schema', 'a schema must be an object');
    for (const key of Object.keys(node)) checkKeyword(key, node[key], pointerChild(path, key), depth);
  };

  try {
    visit(schema, '', 0);
  } catch (error) {
    // A getter or proxy trap that threw is refused as a schema that cannot be read, never passed on.
    if (!(error instanceof TooManyIssues)) issues.push({ path: '', keyword: 'json', message: `schema ${UNREADABLE}` });
  }
  return issues;
}
