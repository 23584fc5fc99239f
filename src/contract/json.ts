/** One problem found in a value: a JSON Pointer `path`, the rule's `keyword` and a short message. */
export interface JsonIssue {
  path: string;
  keyword: string;
  message: string;
}

/** Options of {@link checkPlainJson}: nesting (root is 0) and node limits. */
export interface PlainJsonOptions {
  maxDepth?: number;
  maxNodes?: number;
}

/** JSON type name of a value as the validators report it (`integer` for whole finite numbers). */
export type JsonTypeName = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

const NOT_JSON = 'not a JSON value (NaN, Infinity, undefined, function or class instance)';
/** What a value whose reading throws (a getter, a proxy trap) is called: it is refused where it throws. */
export const UNREADABLE = 'cannot be read (a getter or proxy threw)';

/** True for objects whose prototype is `Object.prototype` (of any realm) or `null`. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype) return true;
  // Values cloned across realms (frames, workers) carry that realm's Object.prototype.
  return Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(value) === '[object Object]';
}

/** `Array.isArray` that keeps a typed list's element type (the built-in narrows `readonly T[]` to `any[]`). */
export function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

/** Appends one key to a JSON Pointer, escaping `~` as `~0` and `/` as `~1`. */
export function pointerChild(parent: string, key: string | number): string {
  return `${parent}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Reads one JSON Pointer token back (`~1` → `/`, `~0` → `~`). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** JSON type of a value, or `null` when it is not a JSON value at all. */
export function jsonTypeOf(value: unknown): JsonTypeName | null {
  const type = typeof value;
  if (type === 'number') return Number.isFinite(value) ? (Number.isInteger(value) ? 'integer' : 'number') : null;
  if (type === 'object') {
    if (value === null) return 'null';
    return Array.isArray(value) ? 'array' : isPlainObject(value) ? 'object' : null;
  }
  return type === 'boolean' || type === 'string' ? type : null;
}

/**
 * Checks that a value is plain JSON (finite numbers, plain objects, no `undefined`, functions or class
 * instances) within the depth and node limits; returns the first issue or `null`.
 * @example checkPlainJson({ at: new Date() }) // { path: '/at', keyword: 'json', message: 'not a JSON value …' }
 */
export function checkPlainJson(value: unknown, options: PlainJsonOptions = {}): JsonIssue | null {
  const maxDepth = options.maxDepth ?? 64;
  const maxNodes = options.maxNodes ?? 200_000;
  let nodes = 0;
  // Keys from the root to the current node; the pointer is only built for an issue.
  const keys: Array<string | number> = [];
  const issue = (message: string): JsonIssue => ({
    path: keys.reduce<string>((path, key) => pointerChild(path, key), ''),
    keyword: 'json',
    message,
  });
  const visit = (node: unknown, depth: number): JsonIssue | null => {
    if (depth > maxDepth) return issue('value is nested too deeply');
    nodes += 1;
    if (nodes > maxNodes) return issue('value has too many parts');
    const type = jsonTypeOf(node);
    if (type === null) return issue(NOT_JSON);
    if (type === 'array') {
      const list = node as unknown[];
      for (let i = 0; i < list.length; i += 1) {
        keys.push(i);
        const found = visit(list[i], depth + 1);
        if (found) return found;
        keys.pop();
      }
    } else if (type === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        keys.push(key);
        const found = visit(record[key], depth + 1);
        if (found) return found;
        keys.pop();
      }
    }
    return null;
  };
  try {
    return visit(value, 0);
  } catch {
    return issue(UNREADABLE);
  }
}

/** Length of `JSON.stringify(value)` in UTF-16 code units (how every size limit is measured); 0 if unserializable. */
export function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

/** JSON text with object keys sorted, so equal values give equal text (used for const, enum and uniqueItems). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const parts = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A manifest value as a message names it: a string as it is, anything else as JSON (never a throwing `toString`). */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value;
  }
}
