// Text rules of a manifest: the characters its texts may hold, and names that present a card as the app's own.
import { isPlainObject, pointerChild } from './json.js';
import type { ManifestPathIssue } from './manifest-permissions.js';

type Json = Record<string, unknown>;

const TEXT_MESSAGE = 'control, bidi and invisible (zero-width, tag) characters are not allowed';
const SURROGATE_MESSAGE = 'a lone surrogate (half of a UTF-16 pair) is not text';
const SINGLE_LINE_BAD = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
// eslint-disable-next-line no-control-regex -- these control characters are what the rule refuses
const MULTI_LINE_BAD = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;
// With the u flag only an unpaired surrogate is a code point of its own.
const LONE_SURROGATE = /\p{Cs}/u;
// Blank-looking letters and symbols (Hangul fillers, the braille blank) and other default-ignorable characters.
const BLANK_LOOKING = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** The items of a manifest list, each a plain object (`{}` in place of anything else). */
export const records = (value: unknown): Json[] =>
  Array.isArray(value) ? value.map((item) => (isPlainObject(item) ? item : {})) : [];

/** Each text of a field (one string, or one per language) with its path. */
export function texts(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (!isPlainObject(value)) return [];
  const found: Array<[string, string]> = [];
  for (const [lang, text] of Object.entries(value))
    if (typeof text === 'string') found.push([pointerChild(path, lang), text]);
  return found;
}

type TextField = [value: unknown, path: string, multiLine: boolean];

/** Adds each `title` (one line) and `description` string of a JSON Schema, at any depth, to `fields`. */
function addSchemaTexts(fields: TextField[], schema: unknown, path: string): void {
  // Breadth first over an explicit queue: deep junk cannot overflow the stack.
  const queue: Array<[unknown, string]> = [[schema, path]];
  for (let next = 0; next < queue.length; next += 1) {
    const [node, at] = queue[next];
    if (!isPlainObject(node) && !Array.isArray(node)) continue;
    for (const [key, value] of Object.entries(node)) {
      const child = pointerChild(at, key);
      if (!Array.isArray(node) && typeof value === 'string' && (key === 'title' || key === 'description'))
        fields.push([value, child, key === 'description']);
      else queue.push([value, child]);
    }
  }
}

/**
 * Text fields of a manifest holding control, bidi or invisible characters (TAB and LF allowed in multi-line
 * ones) or lone surrogates, and a display name without a visible character.
 */
export function textIssues(manifest: Json): ManifestPathIssue[] {
  const author = isPlainObject(manifest.author) ? manifest.author : {};
  // Fields in manifest order; `true` marks multi-line fields (TAB and LF allowed).
  const fields: TextField[] = [
    [manifest.displayName, '/displayName', false],
    [manifest.description, '/description', true],
    [author.name, '/author/name', false],
    [author.url, '/author/url', false],
    [manifest.license, '/license', false],
    [manifest.homepage, '/homepage', false],
  ];
  const keywords = Array.isArray(manifest.keywords) ? manifest.keywords : [];
  keywords.forEach((keyword, i) => fields.push([keyword, `/keywords/${i}`, false]));
  records(manifest.permissions).forEach((p, i) => fields.push([p.reason, `/permissions/${i}/reason`, true]));
  records(manifest.settings).forEach((s, i) => {
    fields.push([s.label, `/settings/${i}/label`, false], [s.description, `/settings/${i}/description`, true]);
    fields.push(
      [s.placeholder, `/settings/${i}/placeholder`, false],
      [s.default, `/settings/${i}/default`, s.type === 'text'],
    );
    records(s.options).forEach((o, j) => {
      fields.push([o.value, `/settings/${i}/options/${j}/value`, false]);
      fields.push([o.label, `/settings/${i}/options/${j}/label`, false]);
    });
  });
  const ports = isPlainObject(manifest.ports) ? manifest.ports : {};
  for (const dir of ['inputs', 'outputs']) {
    records(ports[dir]).forEach((p, i) => {
      fields.push(
        [p.label, `/ports/${dir}/${i}/label`, false],
        [p.description, `/ports/${dir}/${i}/description`, true],
      );
    });
  }
  records(manifest.tools).forEach((t, i) => {
    fields.push([t.title, `/tools/${i}/title`, false], [t.description, `/tools/${i}/description`, true]);
    addSchemaTexts(fields, t.inputSchema, `/tools/${i}/inputSchema`);
  });
  const issues: ManifestPathIssue[] = [];
  for (const [value, path, multiLine] of fields) {
    const bad = multiLine ? MULTI_LINE_BAD : SINGLE_LINE_BAD;
    for (const [at, text] of texts(value, path)) {
      if (LONE_SURROGATE.test(text)) issues.push({ path: at, message: SURROGATE_MESSAGE });
      else if (bad.test(text)) issues.push({ path: at, message: TEXT_MESSAGE });
    }
  }
  for (const [at, text] of texts(manifest.displayName, '/displayName')) {
    if (!VISIBLE.test(text.replace(BLANK_LOOKING, '')))
      issues.push({ path: at, message: 'must contain a visible character' });
  }
  return issues;
}

// NeuroSquad anywhere, its parts apart or joined by anything but a letter or digit (`NeuroSquadHQ`, `Neuro.Squad`).
const OFFICIAL_WORDS = /neuro[^\p{L}\p{N}]*squad|\b(?:official|verified)\b/iu;

/** The name, display name and author texts of a manifest, each with its path: where a card names itself. */
export function nameTexts(manifest: unknown): Array<[string, string]> {
  const record = isPlainObject(manifest) ? manifest : {};
  const author = isPlainObject(record.author) ? record.author : {};
  return [
    ...texts(record.name, '/name'),
    ...texts(record.displayName, '/displayName'),
    ...texts(author.name, '/author/name'),
  ];
}

/**
 * Places where a manifest presents the card as the app's own (`NeuroSquad`, `official`, `verified` in the
 * name, display name or author, in any case, width or spacing); only cards of the official organization may do so.
 * @example impersonationIssues({ name: 'x', displayName: 'Official stats' }) // [{ path: '/displayName', … }]
 */
export function impersonationIssues(manifest: unknown): ManifestPathIssue[] {
  return nameTexts(manifest)
    .filter(([, text]) => OFFICIAL_WORDS.test(text.normalize('NFKC')))
    .map(([path]) => ({
      path,
      message: 'only official cards may call themselves "NeuroSquad", "official" or "verified"',
    }));
}
