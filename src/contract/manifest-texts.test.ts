import { describe, expect, it } from 'vitest';
import { validateManifest, type ManifestIssue } from './manifest.js';

const BAD_TEXT = 'control, bidi and invisible (zero-width, tag) characters are not allowed';
const SURROGATE = 'a lone surrogate (half of a UTF-16 pair) is not text';
const INVISIBLE_NAME = 'must contain a visible character';

const manifest = (extra: Record<string, unknown>) => ({
  manifestVersion: 1,
  name: 'test-radar',
  displayName: 'Test radar',
  version: '1.0.0',
  protocol: 1,
  ...extra,
});
const tool = (inputSchema: Record<string, unknown>) => ({
  tools: [{ name: 'run', description: 'Runs.', inputSchema: { type: 'object', ...inputSchema } }],
});
const issues = (extra: Record<string, unknown>): ManifestIssue[] => {
  const result = validateManifest(manifest(extra));
  return result.ok ? [] : result.issues;
};
const semantic = (path: string, message: string): ManifestIssue[] => [{ path, message, code: 'semantic' }];

describe('the text rule on fields agents and the install dialog read', () => {
  // field, a manifest part that passes, one that fails, the path of the issue
  const rows: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
    [
      'tool inputSchema title',
      tool({ title: 'Run args' }),
      tool({ title: 'Run\u202eargs' }),
      '/tools/0/inputSchema/title',
    ],
    [
      'tool inputSchema property description (multi-line)',
      tool({ properties: { path: { type: 'string', description: 'A path\n\tin the repo' } } }),
      tool({ properties: { path: { type: 'string', description: 'A path\u200b' } } }),
      '/tools/0/inputSchema/properties/path/description',
    ],
    [
      'tool inputSchema title in items, anyOf and $defs',
      tool({ $defs: { p: { anyOf: [{ type: 'array', items: { title: 'Item' } }] } } }),
      tool({ $defs: { p: { anyOf: [{ type: 'array', items: { title: 'It\nem' } }] } } }),
      '/tools/0/inputSchema/$defs/p/anyOf/0/items/title',
    ],
    [
      'tool inputSchema key with a slash, escaped in the path',
      tool({ properties: { 'a/b': { type: 'string', title: 'A' } } }),
      tool({ properties: { 'a/b': { type: 'string', title: 'A\u2066' } } }),
      '/tools/0/inputSchema/properties/a~1b/title',
    ],
    [
      'setting default',
      { settings: [{ key: 'command', type: 'string', label: 'Command', default: 'npm test' }] },
      { settings: [{ key: 'command', type: 'string', label: 'Command', default: 'npm test\u202e' }] },
      '/settings/0/default',
    ],
    [
      'setting default: one line, but for a text setting',
      { settings: [{ key: 'notes', type: 'text', label: 'Notes', default: 'a\nb' }] },
      { settings: [{ key: 'command', type: 'string', label: 'Command', default: 'npm\ntest' }] },
      '/settings/0/default',
    ],
    [
      'select option value',
      { settings: [{ key: 'mode', type: 'select', label: 'Mode', options: [{ value: 'a', label: 'A' }] }] },
      { settings: [{ key: 'mode', type: 'select', label: 'Mode', options: [{ value: 'a\u0085', label: 'A' }] }] },
      '/settings/0/options/0/value',
    ],
    [
      'homepage',
      { homepage: 'https://example.com/radar' },
      { homepage: 'https://example.com/\u202eradar' },
      '/homepage',
    ],
  ];
  it.each(rows)('%s', (_field, good, bad, path) => {
    expect(issues(good)).toEqual([]);
    expect(issues(bad)).toEqual(semantic(path, BAD_TEXT));
  });

  it('refuses a lone surrogate in any text field, with its path', () => {
    expect(issues({ displayName: { en: 'Radar', ru: 'Радар\ud800' } })).toEqual(semantic('/displayName/ru', SURROGATE));
    expect(issues({ description: 'Ends\udfff' })).toEqual(semantic('/description', SURROGATE));
    expect(issues(tool({ properties: { x: { type: 'string', description: '\udc00x' } } }))).toEqual(
      semantic('/tools/0/inputSchema/properties/x/description', SURROGATE),
    );
    // A pair is one character, and fine.
    expect(issues({ displayName: 'Radar 🛰', description: 'Ok \ud83d\udef0' })).toEqual([]);
  });

  it.each([' ', '\u3164', '\u115f\u1160', '\u2800\u2800', '\u034f', '\u00a0\u3000'])(
    'refuses a display name with no visible character (%j)',
    (name) => {
      expect(issues({ displayName: name })).toEqual(semantic('/displayName', INVISIBLE_NAME));
      expect(issues({ displayName: { en: 'Radar', zh: name } })).toEqual(semantic('/displayName/zh', INVISIBLE_NAME));
    },
  );

  it.each(['R', '雷达', '·', '⚡', '1', 'Радар тестов'])(
    'accepts a display name with something to see (%j)',
    (name) => {
      expect(issues({ displayName: name })).toEqual([]);
    },
  );

  it('checks a title at any depth, deeper than a schema may nest', () => {
    let deep: Record<string, unknown> = { title: 'Bottom\u202e' };
    for (let level = 0; level < 50; level += 1) deep = { items: deep };
    const result = validateManifest(manifest(tool({ properties: { x: deep } })));
    const found = result.ok ? [] : result.issues.filter((issue) => issue.message === BAD_TEXT);
    expect(found).toEqual(semantic(`/tools/0/inputSchema/properties/x${'/items'.repeat(50)}/title`, BAD_TEXT));
  });
});
