// Text rules of a manifest: the characters its texts may hold, and names that present a card as the app's own.
import { LINE_UNSAFE, MULTILINE_UNSAFE } from './hiding-characters.js';
import { isPlainObject, pointerChild } from './json.js';
import type { ManifestPathIssue } from './manifest-permissions.js';

type Json = Record<string, unknown>;

const TEXT_MESSAGE = 'control, bidi and invisible (zero-width, tag) characters are not allowed';
const SURROGATE_MESSAGE = 'a lone surrogate (half of a UTF-16 pair) is not text';
const SINGLE_LINE_BAD = /* @__PURE__ */ new RegExp(LINE_UNSAFE, 'u');
const MULTI_LINE_BAD = /* @__PURE__ */ new RegExp(MULTILINE_UNSAFE, 'u');
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

/**
 * Text fields of a manifest holding control, bidi or invisible characters (TAB and LF allowed in multi-line
 * ones) or lone surrogates, and a display name without a visible character.
 */
export function textIssues(manifest: Json): ManifestPathIssue[] {
  const issues: ManifestPathIssue[] = [];
  const check = (value: unknown, path: string, multiLine: boolean): void => {
    for (const [at, text] of texts(value, path)) {
      if (LONE_SURROGATE.test(text)) issues.push({ path: at, message: SURROGATE_MESSAGE });
      else if ((multiLine ? MULTI_LINE_BAD : SINGLE_LINE_BAD).test(text))
        issues.push({ path: at, message: TEXT_MESSAGE });
    }
  };
  // Names of text fields of `item` in manifest order; `*` marks multi-line fields (TAB and LF allowed).
  const fields = (item: unknown, path: string, names: string): void => {
    const record = isPlainObject(item) ? item : {};
    for (const name of names.split(' ')) {
      const key = name.replace('*', '');
      check(record[key], `${path}/${key}`, key !== name);
    }
  };
  const each = (list: unknown, path: string, visit: (item: Json, at: string) => void): void =>
    records(list).forEach((item, i) => visit(item, `${path}/${i}`));
  fields(manifest, '', 'displayName description*');
  fields(manifest.author, '/author', 'name url');
  fields(manifest, '', 'license homepage');
  (Array.isArray(manifest.keywords) ? manifest.keywords : []).forEach((keyword, i) =>
    check(keyword, `/keywords/${i}`, false),
  );
  each(manifest.permissions, '/permissions', (permission, at) => fields(permission, at, 'reason*'));
  each(manifest.settings, '/settings', (setting, at) => {
    fields(setting, at, 'label description* placeholder');
    check(setting.default, `${at}/default`, setting.type === 'text');
    each(setting.options, `${at}/options`, (option, to) => fields(option, to, 'value label'));
  });
  const ports = isPlainObject(manifest.ports) ? manifest.ports : {};
  for (const dir of ['inputs', 'outputs']) {
    each(ports[dir], `/ports/${dir}`, (port, at) => fields(port, at, 'label description*'));
  }
  each(manifest.tools, '/tools', (tool, at) => {
    fields(tool, at, 'title description*');
    // Each `title` (one line) and `description` of its input schema, at any depth, breadth first over an explicit
    // queue: deep junk cannot overflow the stack.
    const queue: Array<[unknown, string]> = [[tool.inputSchema, `${at}/inputSchema`]];
    for (let next = 0; next < queue.length; next += 1) {
      const [node, path] = queue[next];
      if (!isPlainObject(node) && !Array.isArray(node)) continue;
      for (const [key, value] of Object.entries(node)) {
        const child = pointerChild(path, key);
        if (!Array.isArray(node) && typeof value === 'string' && (key === 'title' || key === 'description'))
          check(value, child, key === 'description');
        else queue.push([value, child]);
      }
    }
  });
  for (const [at, text] of texts(manifest.displayName, '/displayName')) {
    if (!VISIBLE.test(text.replace(BLANK_LOOKING, '')))
      issues.push({ path: at, message: 'must contain a visible character' });
  }
  return issues;
}

// NeuroSquad anywhere, its parts apart or joined by anything but a letter or digit (`NeuroSquadHQ`, `Neuro.Squad`).
const NEUROSQUAD = /neuro[^\p{L}\p{N}]*squad/iu;
// A word on its own: after anything but a letter or digit or a small letter (`OfficialStats`), before a digit too.
const OFFICIAL_WORD = /^(?:official|verified)(?:\d|$)/i;
const WORD_BREAK = /[^\p{L}\p{N}]+|(?<=\p{Ll})(?=\p{Lu})/u;

// Cyrillic and Greek letters drawn as the Latin letters of these words (`NeurоSquad` with a Cyrillic о): the few
// that matter here, so the core stays free of Unicode's confusables table (the CLI warns on the whole table).
const LOOK_ALIKES = 'аеосѕіοναυιАЕОСЅІΑΕΙΝΟ';
const LATIN_LETTERS = 'aeocsiovauiAEOCSIAEINO';

function readsOfficial(raw: string): boolean {
  const text = raw.normalize('NFKC').replace(/[\u0370-\u052f]/gu, (c) => LATIN_LETTERS[LOOK_ALIKES.indexOf(c)] ?? c);
  return NEUROSQUAD.test(text) || text.split(WORD_BREAK).some((word) => OFFICIAL_WORD.test(word));
}

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
    .filter(([, text]) => readsOfficial(text))
    .map(([path]) => ({
      path,
      message: 'only official cards may call themselves "NeuroSquad", "official" or "verified"',
    }));
}
