import { canonicalJson, checkPlainJson, isPlainObject, unescapePointerToken } from './json.js';
import { addIssue, keywordCheck, pointerOf, type SchemaIssue, type SchemaPath } from './params-check.js';
import { matchesFormat } from './schema-formats.js';
import { compilePattern } from './schema-strings.js';
import type { JsonSchema } from './types.js';

export type { SchemaIssue } from './params-check.js';

/** Limits of {@link validateValue}: issues returned, work budget, and the value's nesting and parts. */
export interface ValidateOptions {
  maxIssues?: number;
  budget?: number;
  maxDepth?: number;
  maxNodes?: number;
}

const MAX_REF_CHAIN = 32;

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
  return Object.hasOwn(defs, key) ? defs[key] : undefined;
}

class BudgetExhausted {
  constructor(readonly path: SchemaPath) {}
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

  const spend = (cost: number, path: SchemaPath): void => {
    budget -= cost;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a sentinel, caught below, never escapes
    if (budget < 0) throw new BudgetExhausted(path);
  };
  /** True when `data` passes `branch` (checked on its own, stopping at the first issue). */
  const passes = (branch: unknown, data: unknown, path: SchemaPath, chain: number): boolean => {
    const probe: SchemaIssue[] = [];
    check(branch, data, path, probe, 1, chain);
    return probe.length === 0;
  };

  const check = keywordCheck({
    node(node, data, path, out, limit, chain) {
      spend(1, path);
      if (node === false) {
        addIssue(out, limit, path, 'false', 'is not allowed');
        return true;
      }
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return true;
      const ref = (node as Record<string, unknown>).$ref;
      if (ref === undefined) return false;
      const target = chain < MAX_REF_CHAIN ? resolveSchemaRef(root, ref) : undefined;
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a malformed `$ref` is named as String() names it
      if (target === undefined) return addIssue(out, limit, path, '$ref', `unresolvable reference ${String(ref)}`);
      check(target, data, path, out, limit, chain + 1);
      return out.length >= limit;
    },
    text(data, path) {
      const text = canonicalJson(data);
      spend(Math.ceil(text.length / 64), path);
      return text;
    },
    string(s, data, path, out, limit) {
      if (typeof s.pattern === 'string') {
        const regex = compilePattern(s.pattern);
        if ((!regex || !regex.test(data)) && addIssue(out, limit, path, 'pattern', `does not match ${s.pattern}`))
          return true;
      }
      return typeof s.format === 'string' && !matchesFormat(s.format, data)
        ? addIssue(out, limit, path, 'format', `not a valid ${s.format}`)
        : false;
    },
    number(s, data, path, out, limit) {
      const { exclusiveMinimum, exclusiveMaximum, multipleOf } = s;
      if (typeof exclusiveMinimum === 'number' && data <= exclusiveMinimum) {
        if (addIssue(out, limit, path, 'exclusiveMinimum', `must be greater than ${exclusiveMinimum}`)) return true;
      }
      if (typeof exclusiveMaximum === 'number' && data >= exclusiveMaximum) {
        if (addIssue(out, limit, path, 'exclusiveMaximum', `must be less than ${exclusiveMaximum}`)) return true;
      }
      if (typeof multipleOf === 'number' && multipleOf > 0) {
        const quotient = data / multipleOf;
        if (Math.abs(quotient - Math.round(quotient)) > 1e-9) {
          if (addIssue(out, limit, path, 'multipleOf', `not a multiple of ${multipleOf}`)) return true;
        }
      }
      return false;
    },
    object(s, keys, path, out, limit) {
      const { minProperties } = s;
      return typeof minProperties === 'number' && keys.length < minProperties
        ? addIssue(out, limit, path, 'minProperties', `fewer than ${minProperties} properties`)
        : false;
    },
    end(s, data, path, out, limit, chain) {
      if (!Array.isArray(s.oneOf) || s.oneOf.length === 0) return;
      let passing = 0;
      for (const branch of s.oneOf as unknown[]) {
        if (passes(branch, data, path, chain)) passing += 1;
        if (passing >= 2) break;
      }
      if (passing === 0) addIssue(out, limit, path, 'oneOf', 'matches none of the allowed shapes');
      else if (passing > 1) addIssue(out, limit, path, 'oneOf', 'matches more than one allowed shape');
    },
  });

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
