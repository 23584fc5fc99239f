// The manifest schema's findings in a card author's words: each name rule said in words instead of its regular
// expression, and a "did you mean" for a near miss of an allowed value or property name.
import { didYouMean } from './closest-name.js';
import { isPlainObject, unescapePointerToken } from './json.js';
import { MANIFEST_SCHEMA } from './manifest-schema.js';
import type { SchemaIssue } from './schema.js';
import { resolveSchemaRef } from './schema.js';

/** Each `pattern` of the manifest schema, in words (keyed by the pattern's source). */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^[a-z][a-z0-9-]{1,47}$':
    'must be 2–48 characters: lowercase letters (a–z), digits and dashes, starting with a letter, e.g. "my-card"',
  '^[a-zA-Z][a-zA-Z0-9_-]{0,63}$':
    'must be 1–64 characters: letters, digits, "_" and "-", starting with a letter, e.g. "apiUrl"',
  '^[a-z][a-z0-9-]{0,31}$':
    'must be 1–32 characters: lowercase letters (a–z), digits and dashes, starting with a letter, e.g. "summary"',
  '^[a-z][a-z0-9_]{0,39}$':
    'must be 1–40 characters: lowercase letters (a–z), digits and "_", starting with a letter, e.g. "run_tests"',
  '^https://': 'must be an https:// address',
};
const VERSION_WORDS = 'must be a version like 1.0.0 (major.minor.patch, then an optional -pre.1 or +build)';

/** A name that follows the name rule, made from one that does not ("My_Card" → "my-card"), or null. */
function packageNameFrom(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, 48);
  return /^[a-z][a-z0-9-]{1,47}$/.test(name) ? name : null;
}

/** The value at a JSON pointer below `root` (undefined when there is none). */
function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = unescapePointerToken(token);
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isPlainObject(value) && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}

/** The manifest schema's node for a JSON pointer into a manifest (through properties, items and `$ref`). */
function schemaAt(pointer: string): Record<string, unknown> | undefined {
  let node: unknown = MANIFEST_SCHEMA;
  const resolve = (): void => {
    while (isPlainObject(node) && typeof node.$ref === 'string') node = resolveSchemaRef(MANIFEST_SCHEMA, node.$ref);
  };
  resolve();
  for (const token of pointer.split('/').slice(1)) {
    if (!isPlainObject(node)) return undefined;
    const properties = node.properties;
    const key = unescapePointerToken(token);
    if (node.items !== undefined && /^\d+$/.test(key)) node = node.items;
    else if (isPlainObject(properties) && Object.hasOwn(properties, key)) node = properties[key];
    else return undefined;
    resolve();
  }
  return isPlainObject(node) ? node : undefined;
}

const parentOf = (pointer: string): string => pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
const lastToken = (pointer: string): string => unescapePointerToken(pointer.slice(pointer.lastIndexOf('/') + 1));

/**
 * The message of one manifest schema issue for people: a `pattern` in words, a near miss of an `enum` value or of a
 * property name with its suggestion.
 */
export function manifestSchemaMessage(issue: SchemaIssue, manifest: unknown): string {
  const { keyword, path, message } = issue;
  if (keyword === 'pattern') {
    const source = message.replace(/^does not match /, '');
    if (path === '/name') {
      const name = packageNameFrom(valueAt(manifest, path));
      return `${PATTERN_WORDS[source] ?? message}${name ? `; did you mean "${name}"?` : ''}`;
    }
    if (path === '/version' || path === '/minAppVersion') return VERSION_WORDS;
    return PATTERN_WORDS[source] ?? message;
  }
  if (keyword === 'enum') {
    const allowed = schemaAt(path)?.enum;
    const names = Array.isArray(allowed) ? allowed.filter((item): item is string => typeof item === 'string') : [];
    return `${message}${didYouMean(valueAt(manifest, path), names)}`;
  }
  if (keyword === 'additionalProperties') {
    const properties = schemaAt(parentOf(path))?.properties;
    const names = isPlainObject(properties) ? Object.keys(properties) : [];
    return `${message}${didYouMean(lastToken(path), names)}`;
  }
  return message;
}
