import { describe, expect, it } from 'vitest';
import { methodParamsTable } from './method-params.js';
import { METHOD_NAMES, METHODS, type MethodName } from './methods.js';
import { checkParamsShape } from './params-check.js';
import { validateValue } from './schema.js';
import type { JsonSchema } from './types.js';

// The keywords the params checker reads; a table schema using any other would be checked by the host only.
const KNOWN = new Set([
  'type',
  'const',
  'enum',
  'minLength',
  'maxLength',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'items',
  'maxProperties',
  'required',
  'properties',
  'additionalProperties',
  'anyOf',
]);

function keywordsOf(schema: JsonSchema, found: Set<string>): Set<string> {
  for (const [keyword, value] of Object.entries(schema)) {
    found.add(keyword === 'format' ? `format:${String(value)}` : keyword);
    if (keyword === 'properties') for (const child of Object.values(value as object)) keywordsOf(child, found);
    if (keyword === 'anyOf') for (const child of value as JsonSchema[]) keywordsOf(child, found);
    if ((keyword === 'items' || keyword === 'additionalProperties') && typeof value === 'object')
      keywordsOf(value as JsonSchema, found);
  }
  return found;
}

const same = (method: MethodName, params: unknown): void => {
  const issues = checkParamsShape(methodParamsTable()[method], params, 10);
  expect(issues, `${method} ${JSON.stringify(params).slice(0, 80)}`).toEqual(
    validateValue(METHODS[method].params, params, { maxIssues: 10 }),
  );
};

describe('the method params checker', () => {
  it('is given the schemas of the method table, which use only the keywords it reads', () => {
    const found = new Set<string>();
    for (const method of METHOD_NAMES) {
      expect(methodParamsTable()[method]).toBe(METHODS[method].params);
      keywordsOf(METHODS[method].params, found);
    }
    const formats = [...found].filter((keyword) => keyword.startsWith('format:'));
    expect(formats).toEqual(['format:uri']);
    expect([...found].filter((keyword) => !keyword.startsWith('format:') && !KNOWN.has(keyword))).toEqual([]);
  });

  it('lists several issues in the validator’s order, up to the limit, with escaped paths', () => {
    same('ui.confirm', { title: '', message: 5, tone: 'loud', 'a/b~c': 1, extra: [] });
    same('card.setOverview', { primary: 1, secondary: 2, progress: 2, tone: 'x', icon: 'y', z: 1, y: 2, x: 3 });
    same('ui.setMenu', { items: [{}, { id: 1, label: '' }, { id: 'x', label: 'y', more: 1 }] });
    same('tools.respond', { callId: '', result: { content: [{ type: 'text' }, { type: 'image', data: 'A' }, 3] } });
    same('events.subscribe', {
      topics: [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      agentIds: [1, '', 'x'],
    });
    same('net.fetch', { url: 'no scheme', headers: { a: 1, b: 'x'.repeat(8193) }, method: 'TRACE' });
    same('settings.set', { values: { a: [1], b: null, c: {}, d: 1.5, e: 'x', f: true } });
    same('storage.keys', Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i])));
    const limited = checkParamsShape(METHODS['storage.keys'].params, { a: 1, b: 2, c: 3 }, 2);
    expect(limited.map((issue) => issue.path)).toEqual(['/scope', '/a']);
  });

  it('counts string lengths in code points, and names the other JSON types as the validator does', () => {
    same('tools.setEnabled', { tool: '😀'.repeat(40), enabled: 1 });
    same('tools.setEnabled', { tool: '😀'.repeat(41), enabled: 0.5 });
    same('card.setTitle', { title: 'x'.repeat(241) });
    same('host.capabilities', { a: 1 });
    same('host.capabilities', []);
    same('host.capabilities', 'x');
    same('card.setBadge', { count: 1.5, text: false, tone: null });
  });
});
