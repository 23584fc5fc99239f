// The checker of method params on the client: the part of the schema subset the method table uses (type,
// string enum and const, lengths, the uri format, bounds, arrays, closed objects and string maps, anyOf), giving
// the issues `validateValue` gives for the same value, in the same order. The general validator stays for the
// schemas cards write themselves (settings, ports, tools), which a card's calls never need.
import { canonicalJson, pointerChild } from './json.js';
import { codePointLength, isUri } from './schema-strings.js';
import type { SchemaIssue } from './schema.js';
import type { JsonSchema } from './types.js';

/** JSON type of a value already known to be plain JSON, as `validateValue` names it. */
function typeName(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'array';
  if (typeof data === 'number') return Number.isInteger(data) ? 'integer' : 'number';
  return typeof data;
}

/**
 * Checks plain JSON `value` against a schema of the method table; at most `limit` issues.
 * @example checkParamsShape({ type: 'integer', minimum: 5 }, 3) // [{ path: '', keyword: 'minimum', message: 'less than 5' }]
 */
export function checkParamsShape(schema: JsonSchema, value: unknown, limit = 10): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  check(schema, value, '', issues, limit);
  return issues;
}

/** Records an issue; true when the list is full and checking should stop. */
function add(out: SchemaIssue[], limit: number, path: string, keyword: string, message: string): boolean {
  if (out.length < limit) out.push({ path, keyword, message });
  return out.length >= limit;
}

function check(s: JsonSchema, data: unknown, path: string, out: SchemaIssue[], limit: number): void {
  if (out.length >= limit) return;
  const actual = typeName(data);
  if (s.type !== undefined) {
    const types: readonly string[] = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.some((type) => type === actual || (type === 'number' && actual === 'integer'))) {
      add(out, limit, path, 'type', `expected ${types.join(' or ')}, got ${actual}`);
      return;
    }
  }
  // The table's consts and enums are strings (and null), compared as such.
  if (s.const !== undefined && data !== s.const) {
    if (add(out, limit, path, 'const', `must be ${JSON.stringify(s.const)}`)) return;
  }
  if (s.enum && !s.enum.includes(data as string)) {
    const listed = s.enum.slice(0, 8).map((option) => JSON.stringify(option));
    if (add(out, limit, path, 'enum', `must be one of ${listed.join(', ')}`)) return;
  }
  if (typeof data === 'string') {
    const { minLength = 0, maxLength } = s;
    const length = maxLength !== undefined && data.length > 2 * maxLength ? data.length : codePointLength(data);
    if (length < minLength) {
      if (add(out, limit, path, 'minLength', `shorter than ${minLength}`)) return;
    }
    if (maxLength !== undefined && length > maxLength) {
      if (add(out, limit, path, 'maxLength', `longer than ${maxLength}`)) return;
    }
    if (s.format === 'uri' && !isUri(data)) add(out, limit, path, 'format', 'not a valid uri');
  } else if (typeof data === 'number') {
    if (s.minimum !== undefined && data < s.minimum) {
      if (add(out, limit, path, 'minimum', `less than ${s.minimum}`)) return;
    }
    if (s.maximum !== undefined && data > s.maximum) add(out, limit, path, 'maximum', `greater than ${s.maximum}`);
  } else if (Array.isArray(data)) {
    if (s.minItems !== undefined && data.length < s.minItems) {
      if (add(out, limit, path, 'minItems', `fewer than ${s.minItems} items`)) return;
    }
    if (s.maxItems !== undefined && data.length > s.maxItems) {
      add(out, limit, path, 'maxItems', `more than ${s.maxItems} items`);
      return;
    }
    if (s.uniqueItems && new Set(data.map((item) => canonicalJson(item))).size < data.length) {
      if (add(out, limit, path, 'uniqueItems', 'items must be unique')) return;
    }
    const items = s.items;
    if (items) data.forEach((item, index) => check(items, item, pointerChild(path, index), out, limit));
  } else if (actual === 'object') {
    const record = data as Record<string, unknown>;
    const keys = Object.keys(record);
    if (s.maxProperties !== undefined && keys.length > s.maxProperties) {
      add(out, limit, path, 'maxProperties', `more than ${s.maxProperties} properties`);
      return;
    }
    for (const name of s.required ?? []) {
      if (!Object.prototype.hasOwnProperty.call(record, name)) {
        if (add(out, limit, pointerChild(path, name), 'required', 'is required')) return;
      }
    }
    const { properties = {}, additionalProperties } = s;
    for (const key of keys) {
      const child = pointerChild(path, key);
      const rule = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : additionalProperties;
      if (rule === false) add(out, limit, child, 'additionalProperties', 'is not allowed');
      else if (typeof rule === 'object') check(rule, record[key], child, out, limit);
    }
  }
  if (s.anyOf && !s.anyOf.some((branch) => passes(branch, data, path))) {
    add(out, limit, path, 'anyOf', 'matches none of the allowed shapes');
  }
}

function passes(branch: JsonSchema, data: unknown, path: string): boolean {
  const probe: SchemaIssue[] = [];
  check(branch, data, path, probe, 1);
  return probe.length === 0;
}
