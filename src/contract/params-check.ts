// The keyword checks of the schema subset, in the order issues are reported. On their own they check what the
// method table uses (type, const, enum, lengths, the uri format, bounds, arrays, objects, anyOf): that is the
// client's params check. `validateValue` adds the rest through `KeywordExtras` (refs, patterns, the other formats,
// exclusive bounds, multipleOf, minProperties, oneOf, a work budget) on the same walk.
import { canonicalJson, jsonTypeOf, pointerChild } from './json.js';
import { codePointLength, isUri } from './schema-strings.js';
import type { JsonSchema } from './types.js';

/** One validation problem: a JSON Pointer `path` (`''` is the root), the failing `keyword` and a message. */
export interface SchemaIssue {
  path: string;
  keyword: string;
  message: string;
}

/** A path built only when an issue needs it: the parent and one key (`null` is the root). */
export type SchemaPath = { parent: SchemaPath; key: string | number } | null;

type Node = Record<string, unknown>;

/** A node check: `chain` counts the `$ref`s followed to reach this node. */
export type NodeCheck = (
  node: unknown,
  data: unknown,
  path: SchemaPath,
  out: SchemaIssue[],
  limit: number,
  chain: number,
) => void;

/** What `validateValue` adds to the keyword checks; each hook returns true to stop checking the node. */
export interface KeywordExtras {
  /** Before the type: the node itself (`false`, `$ref`) and the work spent on it. */
  node(node: unknown, data: unknown, path: SchemaPath, out: SchemaIssue[], limit: number, chain: number): boolean;
  /** The canonical JSON text of a value, for const, enum and uniqueItems (work counted). */
  text(data: unknown, path: SchemaPath): string;
  /** After the length checks of a string. */
  string(node: Node, data: string, path: SchemaPath, out: SchemaIssue[], limit: number): boolean;
  /** After minimum and maximum. */
  number(node: Node, data: number, path: SchemaPath, out: SchemaIssue[], limit: number): boolean;
  /** Before maxProperties. */
  object(node: Node, keys: readonly string[], path: SchemaPath, out: SchemaIssue[], limit: number): boolean;
  /** After anyOf. */
  end(node: Node, data: unknown, path: SchemaPath, out: SchemaIssue[], limit: number, chain: number): void;
}

/** The JSON Pointer of a path. */
export function pointerOf(path: SchemaPath): string {
  let pointer = '';
  for (let at = path; at !== null; at = at.parent) pointer = pointerChild('', at.key) + pointer;
  return pointer;
}

/** Records an issue; true when the list is full and checking should stop. */
export function addIssue(
  out: SchemaIssue[],
  limit: number,
  path: SchemaPath,
  keyword: string,
  message: string,
): boolean {
  if (out.length < limit) out.push({ path: pointerOf(path), keyword, message });
  return out.length >= limit;
}

const isNode = (node: unknown): node is Node => typeof node === 'object' && node !== null && !Array.isArray(node);
const has = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);
const count = (value: unknown): value is number => typeof value === 'number';

/** The node check of the keyword subset, with `extras` when given. */
export function keywordCheck(extras?: KeywordExtras): NodeCheck {
  const text = (data: unknown, path: SchemaPath): string => (extras ? extras.text(data, path) : canonicalJson(data));
  /** True when `data` passes `branch` (checked on its own, stopping at the first issue). */
  const passes = (branch: unknown, data: unknown, path: SchemaPath, chain: number): boolean => {
    const probe: SchemaIssue[] = [];
    check(branch, data, path, probe, 1, chain);
    return probe.length === 0;
  };

  const check: NodeCheck = (node, data, path, out, limit, chain) => {
    if (out.length >= limit) return;
    if (extras?.node(node, data, path, out, limit, chain) || !isNode(node)) return;
    const s = node;
    // The value is plain JSON, so it has a JSON type (`integer` for whole numbers).
    const actual = jsonTypeOf(data) as string;
    if (s.type !== undefined) {
      const types: readonly unknown[] = Array.isArray(s.type) ? s.type : [s.type];
      if (!types.some((type) => type === actual || (type === 'number' && actual === 'integer'))) {
        addIssue(out, limit, path, 'type', `expected ${types.map(String).join(' or ')}, got ${actual}`);
        return;
      }
    }
    let own: string | undefined;
    if (has(s, 'const')) {
      own = text(data, path);
      if (
        own !== canonicalJson(s.const) &&
        addIssue(out, limit, path, 'const', `must be ${(JSON.stringify(s.const) ?? 'null').slice(0, 300)}`)
      )
        return;
    }
    if (Array.isArray(s.enum)) {
      const options: unknown[] = s.enum;
      own ??= text(data, path);
      if (!options.some((option) => canonicalJson(option) === own)) {
        const listed = options.slice(0, 8).map((option) => JSON.stringify(option) ?? 'null');
        if (addIssue(out, limit, path, 'enum', `must be one of ${listed.join(', ')}`)) return;
      }
    }

    if (typeof data === 'string') {
      const { minLength, maxLength } = s;
      if (count(maxLength) && data.length > 2 * maxLength) {
        if (addIssue(out, limit, path, 'maxLength', `longer than ${maxLength}`)) return;
      } else if (count(minLength) || count(maxLength)) {
        const length = codePointLength(data);
        if (
          count(minLength) &&
          length < minLength &&
          addIssue(out, limit, path, 'minLength', `shorter than ${minLength}`)
        )
          return;
        if (
          count(maxLength) &&
          length > maxLength &&
          addIssue(out, limit, path, 'maxLength', `longer than ${maxLength}`)
        )
          return;
      }
      if (extras) {
        if (extras.string(s, data, path, out, limit)) return;
      } else if (s.format === 'uri' && !isUri(data) && addIssue(out, limit, path, 'format', 'not a valid uri')) return;
    } else if (typeof data === 'number') {
      const { minimum, maximum } = s;
      if (count(minimum) && data < minimum && addIssue(out, limit, path, 'minimum', `less than ${minimum}`)) return;
      if (count(maximum) && data > maximum && addIssue(out, limit, path, 'maximum', `greater than ${maximum}`)) return;
      if (extras?.number(s, data, path, out, limit)) return;
    } else if (Array.isArray(data)) {
      const { minItems, maxItems } = s;
      if (
        count(minItems) &&
        data.length < minItems &&
        addIssue(out, limit, path, 'minItems', `fewer than ${minItems} items`)
      )
        return;
      if (count(maxItems) && data.length > maxItems) {
        addIssue(out, limit, path, 'maxItems', `more than ${maxItems} items`);
        return;
      }
      if (s.uniqueItems === true) {
        const seen = new Set<string>();
        for (let i = 0; i < data.length; i += 1) {
          const key = text(data[i], { parent: path, key: i });
          if (seen.has(key)) {
            if (addIssue(out, limit, path, 'uniqueItems', 'items must be unique')) return;
            break;
          }
          seen.add(key);
        }
      }
      if (s.items !== undefined) {
        for (let i = 0; i < data.length && out.length < limit; i += 1)
          check(s.items, data[i], { parent: path, key: i }, out, limit, 0);
        if (out.length >= limit) return;
      }
    } else if (actual === 'object') {
      const record = data as Record<string, unknown>;
      const keys = Object.keys(record);
      if (extras?.object(s, keys, path, out, limit)) return;
      if (count(s.maxProperties) && keys.length > s.maxProperties) {
        addIssue(out, limit, path, 'maxProperties', `more than ${s.maxProperties} properties`);
        return;
      }
      if (Array.isArray(s.required)) {
        for (const name of s.required as unknown[]) {
          if (
            typeof name === 'string' &&
            !has(record, name) &&
            addIssue(out, limit, { parent: path, key: name }, 'required', 'is required')
          )
            return;
        }
      }
      const properties = isNode(s.properties) ? s.properties : undefined;
      for (const key of keys) {
        if (out.length >= limit) return;
        const child: SchemaPath = { parent: path, key };
        if (properties && has(properties, key)) check(properties[key], record[key], child, out, limit, 0);
        else if (s.additionalProperties === false)
          addIssue(out, limit, child, 'additionalProperties', 'is not allowed');
        else if (isNode(s.additionalProperties)) check(s.additionalProperties, record[key], child, out, limit, 0);
      }
      if (out.length >= limit) return;
    }

    if (Array.isArray(s.anyOf) && s.anyOf.length > 0) {
      const branches: unknown[] = s.anyOf;
      if (
        !branches.some((branch) => passes(branch, data, path, chain)) &&
        addIssue(out, limit, path, 'anyOf', 'matches none of the allowed shapes')
      )
        return;
    }
    extras?.end(s, data, path, out, limit, chain);
  };
  return check;
}

let paramsCheck: NodeCheck | undefined;

/**
 * Checks plain JSON `value` against a params schema of the method table; at most `limit` issues, the ones
 * `validateValue` gives.
 * @example checkParamsShape({ type: 'integer', minimum: 5 }, 3) // [{ path: '', keyword: 'minimum', message: 'less than 5' }]
 */
export function checkParamsShape(schema: JsonSchema, value: unknown, limit = 10): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  (paramsCheck ??= keywordCheck())(schema, value, null, issues, limit, 0);
  return issues;
}
