// Manifest findings in a card author's words: each name rule said in words instead of its regular expression, and a
// "did you mean" for a near miss of an allowed value, a property name, a permission or a port type. Kept in the CLI,
// so cards that bundle validateManifest do not carry the wording.
import { didYouMean } from '../contract/closest-name.js';
import { isPlainObject, unescapePointerToken } from '../contract/json.js';
import type { ManifestIssue } from '../contract/manifest.js';
import { MANIFEST_SCHEMA } from '../contract/manifest-schema.js';
import { PERMISSION_IDS } from '../contract/permissions.js';
import { isBuiltinPortType, NS_PORT_TYPES } from '../contract/port-type-ids.js';
import { resolveSchemaRef } from '../contract/schema.js';

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

/** Why a port type is not one: the well-known type it most likely meant, else the two forms a type takes. */
function portTypeMessage(type: unknown): string {
  const prefixed = typeof type === 'string' && isBuiltinPortType(`ns:${type}`) ? `; did you mean "ns:${type}"?` : '';
  const hint = prefixed || didYouMean(type, NS_PORT_TYPES);
  const named = `unknown port type ${JSON.stringify(type) ?? 'null'}`;
  return hint ? named + hint : `${named}: an ns:* type (${NS_PORT_TYPES.join(', ')}) or "<package-name>/<type-name>"`;
}

const PORT_TYPE_PATH = /^\/ports\/(?:inputs|outputs)\/\d+(?:\/response)?\/type$/;
const UNKNOWN_PERMISSION = /^unknown permission "(.*)"$/;

/**
 * The message of one `validateManifest` issue for people: a `pattern` in words, and a near miss of an `enum` value,
 * a property name, a permission or a port type with its suggestion.
 */
export function manifestIssueMessage(issue: ManifestIssue, manifest: unknown): string {
  const { path, message } = issue;
  if (issue.code === 'schema') {
    if (message.startsWith('does not match ')) {
      const source = message.slice('does not match '.length);
      if (path === '/name') {
        const name = packageNameFrom(valueAt(manifest, path));
        return `${PATTERN_WORDS[source] ?? message}${name ? `; did you mean "${name}"?` : ''}`;
      }
      if (path === '/version' || path === '/minAppVersion') return VERSION_WORDS;
      return PATTERN_WORDS[source] ?? message;
    }
    if (message.startsWith('must be one of ')) {
      const allowed = schemaAt(path)?.enum;
      const names = Array.isArray(allowed) ? allowed.filter((item): item is string => typeof item === 'string') : [];
      return `${message}${didYouMean(valueAt(manifest, path), names)}`;
    }
    if (message === 'is not allowed') {
      const properties = schemaAt(parentOf(path))?.properties;
      const names = isPlainObject(properties) ? Object.keys(properties) : [];
      return `${message}${didYouMean(lastToken(path), names)}`;
    }
    return message;
  }
  const permission = UNKNOWN_PERMISSION.exec(message);
  if (permission) return `${message}${didYouMean(permission[1], PERMISSION_IDS)}`;
  if (PORT_TYPE_PATH.test(path) && (message.startsWith('type must be') || message === 'invalid response type')) {
    return portTypeMessage(valueAt(manifest, path));
  }
  return message;
}
