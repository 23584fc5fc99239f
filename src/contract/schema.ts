import { canonicalJson, checkPlainJson, isPlainObject, pointerChild, unescapePointerToken } from './json.js';
import { matchesFormat } from './schema-formats.js';
import { codePointLength, compilePattern } from './schema-strings.js';
import type { JsonSchema } from './types.js';

/** One validation problem: a JSON Pointer `path` (`''` is the root), the failing `keyword` and a message. */
export interface SchemaIssue {
  path: string;
  keyword: string;
  message: string;
}

/** Limits of {@link validateValue}: issues returned, work budget, and the value's nesting and parts. */
export interface ValidateOptions {
  maxIssues?: number;
  budget?: number;
  maxDepth?: number;
  maxNodes?: number;
}

type SchemaNode = Record<string, unknown>;

const MAX_REF_CHAIN = 32;

function hasOwn(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** Resolves `#` or `#/$defs/<name>` against a root schema; `undefined` when it does not resolve. */
export function resolveSchemaRef(root: unknown, ref: unknown): unknown {
  if (ref === '#') return root;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return undefined;
  const name = ref.slice('#/$defs/'.length);
  if (name === '' || name.includes('/')) return undefined;
  if (!isPlainObject(root)) return undefined;
  const defs = root.$defs;
  if (!isPlainObject(defs)) return undefined;
  const key = unescapePointerToken(name);
  return hasOwn(defs, key) ? defs[key] : undefined;
}

/** A path built only when an issue needs it: the parent and one key (`null` is the root). */
type Path = { parent: Path; key: string | number } | null;

function pointerOf(path: Path): string {
  let pointer = '';
  for (let at = path; at !== null; at = at.parent) pointer = pointerChild('', at.key) + pointer;
  return pointer;
}

/** JSON type of a value already known to be plain JSON (cheaper than `jsonTypeOf`). */
function plainTypeOf(data: unknown): string {
  switch (typeof data) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(data) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    default:
      return data === null ? 'null' : Array.isArray(data) ? 'array' : 'object';
  }
}

function isSchemaObject(node: unknown): node is SchemaNode {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

function matchesType(type: unknown, actual: string): boolean {
  return type === actual || (type === 'number' && actual === 'integer');
}

class BudgetExhausted {
  constructor(readonly path: Path) {}
}

/**
 * Validates a JSON value against a schema of the safe subset (type, const, enum, string, number, array and
 * object keywords, `$ref` to `#`/`#/$defs/*`, anyOf, oneOf, six formats); other keywords are ignored.
 * @example validateValue({ type: 'integer', minimum: 5 }, 3) // [{ path: '', keyword: 'minimum', message: 'less than 5' }]
 */
export function validateValue(
  schema: JsonSchema | boolean,
  value: unknown,
  options: ValidateOptions = {},
): SchemaIssue[] {
  const maxIssues = options.maxIssues ?? 20;
  const maxNodes = options.maxNodes ?? Number.POSITIVE_INFINITY;
  const plain = checkPlainJson(value, { maxDepth: options.maxDepth ?? 64, maxNodes });
  if (plain) return [plain];
  let budget = options.budget ?? 200_000;
  const root: unknown = schema;

  const spend = (cost: number, path: Path): void => {
    budget -= cost;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a sentinel, caught below, never escapes
    if (budget < 0) throw new BudgetExhausted(path);
  };
  const serialize = (data: unknown, path: Path): string => {
    const text = canonicalJson(data);
    spend(Math.ceil(text.length / 64), path);
    return text;
  };
  /** Records an issue; true when the list is full and checking should stop. */
  const add = (out: SchemaIssue[], limit: number, path: Path, keyword: string, message: string): boolean => {
    if (out.length < limit) out.push({ path: pointerOf(path), keyword, message });
    return out.length >= limit;
  };
  const passes = (branch: unknown, data: unknown, path: Path, refChain: number): boolean => {
    const probe: SchemaIssue[] = [];
    check(branch, data, path, probe, 1, refChain);
    return probe.length === 0;
  };

  const check = (
    node: unknown,
    data: unknown,
    path: Path,
    out: SchemaIssue[],
    limit: number,
    refChain: number,
  ): void => {
    if (out.length >= limit) return;
    spend(1, path);
    if (node === false) {
      add(out, limit, path, 'false', 'is not allowed');
      return;
    }
    if (!isSchemaObject(node)) return;
    const s = node;

    if (s.$ref !== undefined) {
      const target = refChain < MAX_REF_CHAIN ? resolveSchemaRef(root, s.$ref) : undefined;
      if (target === undefined) {
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a malformed `$ref` is named as String() names it
        if (add(out, limit, path, '$ref', `unresolvable reference ${String(s.$ref)}`)) return;
      } else {
        check(target, data, path, out, limit, refChain + 1);
        if (out.length >= limit) return;
      }
    }

    const actual = plainTypeOf(data);
    if (s.type !== undefined) {
      const ok = Array.isArray(s.type) ? s.type.some((t) => matchesType(t, actual)) : matchesType(s.type, actual);
      if (!ok) {
        const types = Array.isArray(s.type) ? s.type : [s.type];
        add(out, limit, path, 'type', `expected ${types.map(String).join(' or ')}, got ${actual}`);
        return;
      }
    }

    let text: string | undefined;
    if (hasOwn(s, 'const')) {
      text ??= serialize(data, path);
      if (text !== canonicalJson(s.const)) {
        const expected = JSON.stringify(s.const) ?? 'null';
        if (add(out, limit, path, 'const', `must be ${expected.slice(0, 300)}`)) return;
      }
    }
    if (Array.isArray(s.enum)) {
      const options = s.enum as unknown[];
      const own = (text ??= serialize(data, path));
      if (!options.some((option) => canonicalJson(option) === own)) {
        const listed = options.slice(0, 8).map((option) => JSON.stringify(option) ?? 'null');
        if (add(out, limit, path, 'enum', `must be one of ${listed.join(', ')}`)) return;
      }
    }

    if (typeof data === 'string') {
      const { minLength, maxLength } = s;
      if (typeof maxLength === 'number' && data.length > 2 * maxLength) {
        if (add(out, limit, path, 'maxLength', `longer than ${maxLength}`)) return;
      } else if (typeof minLength === 'number' || typeof maxLength === 'number') {
        const length = codePointLength(data);
        if (typeof minLength === 'number' && length < minLength) {
          if (add(out, limit, path, 'minLength', `shorter than ${minLength}`)) return;
        }
        if (typeof maxLength === 'number' && length > maxLength) {
          if (add(out, limit, path, 'maxLength', `longer than ${maxLength}`)) return;
        }
      }
      if (typeof s.pattern === 'string') {
        const regex = compilePattern(s.pattern);
        if (!regex || !regex.test(data)) {
          if (add(out, limit, path, 'pattern', `does not match ${s.pattern}`)) return;
        }
      }
      if (typeof s.format === 'string' && !matchesFormat(s.format, data)) {
        if (add(out, limit, path, 'format', `not a valid ${s.format}`)) return;
      }
    } else if (typeof data === 'number') {
      const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = s;
      if (typeof minimum === 'number' && data < minimum) {
        if (add(out, limit, path, 'minimum', `less than ${minimum}`)) return;
      }
      if (typeof maximum === 'number' && data > maximum) {
        if (add(out, limit, path, 'maximum', `greater than ${maximum}`)) return;
      }
      if (typeof exclusiveMinimum === 'number' && data <= exclusiveMinimum) {
        if (add(out, limit, path, 'exclusiveMinimum', `must be greater than ${exclusiveMinimum}`)) return;
      }
      if (typeof exclusiveMaximum === 'number' && data >= exclusiveMaximum) {
        if (add(out, limit, path, 'exclusiveMaximum', `must be less than ${exclusiveMaximum}`)) return;
      }
      if (typeof multipleOf === 'number' && multipleOf > 0) {
        const quotient = data / multipleOf;
        if (Math.abs(quotient - Math.round(quotient)) > 1e-9) {
          if (add(out, limit, path, 'multipleOf', `not a multiple of ${multipleOf}`)) return;
        }
      }
    } else if (Array.isArray(data)) {
      const { minItems, maxItems } = s;
      if (typeof minItems === 'number' && data.length < minItems) {
        if (add(out, limit, path, 'minItems', `fewer than ${minItems} items`)) return;
      }
      if (typeof maxItems === 'number' && data.length > maxItems) {
        add(out, limit, path, 'maxItems', `more than ${maxItems} items`);
        return;
      }
      if (s.uniqueItems === true) {
        const seen = new Set<string>();
        for (let i = 0; i < data.length; i += 1) {
          const key = serialize(data[i], { parent: path, key: i });
          if (seen.has(key)) {
            if (add(out, limit, path, 'uniqueItems', 'items must be unique')) return;
            break;
          }
          seen.add(key);
        }
      }
      if (s.items !== undefined) {
        for (let i = 0; i < data.length && out.length < limit; i += 1) {
          check(s.items, data[i], { parent: path, key: i }, out, limit, 0);
        }
        if (out.length >= limit) return;
      }
    } else if (actual === 'object') {
      const record = data as Record<string, unknown>;
      const keys = Object.keys(record);
      const { minProperties, maxProperties } = s;
      if (typeof minProperties === 'number' && keys.length < minProperties) {
        if (add(out, limit, path, 'minProperties', `fewer than ${minProperties} properties`)) return;
      }
      if (typeof maxProperties === 'number' && keys.length > maxProperties) {
        add(out, limit, path, 'maxProperties', `more than ${maxProperties} properties`);
        return;
      }
      if (Array.isArray(s.required)) {
        for (const name of s.required) {
          if (typeof name === 'string' && !hasOwn(record, name)) {
            if (add(out, limit, { parent: path, key: name }, 'required', 'is required')) return;
          }
        }
      }
      const properties = isSchemaObject(s.properties) ? s.properties : undefined;
      for (const key of keys) {
        if (out.length >= limit) return;
        const childPath: Path = { parent: path, key };
        if (properties && hasOwn(properties, key)) {
          check(properties[key], record[key], childPath, out, limit, 0);
        } else if (s.additionalProperties === false) {
          add(out, limit, childPath, 'additionalProperties', 'is not allowed');
        } else if (isSchemaObject(s.additionalProperties)) {
          check(s.additionalProperties, record[key], childPath, out, limit, 0);
        }
      }
      if (out.length >= limit) return;
    }

    if (Array.isArray(s.anyOf) && s.anyOf.length > 0) {
      if (!s.anyOf.some((branch) => passes(branch, data, path, refChain))) {
        if (add(out, limit, path, 'anyOf', 'matches none of the allowed shapes')) return;
      }
    }
    if (Array.isArray(s.oneOf) && s.oneOf.length > 0) {
      let passing = 0;
      for (const branch of s.oneOf) {
        if (passes(branch, data, path, refChain)) passing += 1;
        if (passing >= 2) break;
      }
      if (passing === 0) add(out, limit, path, 'oneOf', 'matches none of the allowed shapes');
      else if (passing > 1) add(out, limit, path, 'oneOf', 'matches more than one allowed shape');
    }
  };

  const issues: SchemaIssue[] = [];
  try {
    check(schema, value, null, issues, maxIssues, 0);
  } catch (error) {
    if (!(error instanceof BudgetExhausted)) throw error;
    const budgetIssue: SchemaIssue = {
      path: pointerOf(error.path),
      keyword: 'budget',
      message: 'schema too complex to check',
    };
    return [...issues.slice(0, Math.max(0, maxIssues - 1)), budgetIssue];
  }
  return issues;
}
