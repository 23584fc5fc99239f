import { describe, expect, it } from 'vitest';
import {
  NS_PORT_TYPES,
  PORT_TYPE_SCHEMAS,
  isBuiltinPortType,
  isCustomPortType,
  isPortTypeId,
  schemasForPort,
} from './port-types.js';
import { validateValue } from './schema.js';
import type { NsPortType } from './types.js';

describe('port type schemas', () => {
  // type, a value that fits, a value that does not, the expected first issue path and keyword
  const rows: [NsPortType, unknown, unknown, string, string][] = [
    ['ns:any', { any: ['thing'] }, Number.NaN, '', 'json'],
    ['ns:text', 'hello', 1, '', 'type'],
    ['ns:text', 'x'.repeat(1_000_000), 'x'.repeat(1_000_001), '', 'maxLength'],
    ['ns:markdown', '# Title', null, '', 'type'],
    ['ns:number', 1.5, '1.5', '', 'type'],
    ['ns:boolean', false, 0, '', 'type'],
    ['ns:json', [1], 'text', '', 'type'],
    ['ns:json', { a: 1 }, null, '', 'type'],
    ['ns:url', 'https://example.com', 'example dot com', '', 'format'],
    [
      'ns:image',
      { mimeType: 'image/png', data: 'AA==', alt: 'a' },
      { mimeType: 'image/bmp', data: '' },
      '/mimeType',
      'enum',
    ],
    [
      'ns:image',
      { mimeType: 'image/gif', data: '' },
      { mimeType: 'image/gif', data: '', extra: 1 },
      '/extra',
      'additionalProperties',
    ],
    [
      'ns:image',
      { mimeType: 'image/webp', data: '' },
      { mimeType: 'image/webp', data: '', alt: 'a'.repeat(501) },
      '/alt',
      'maxLength',
    ],
    ['ns:file-ref', { path: 'src/a.ts', line: 3 }, { path: 'src/a.ts', line: 0 }, '/line', 'minimum'],
    ['ns:file-ref', { path: 'a' }, { path: '' }, '/path', 'minLength'],
    [
      'ns:task',
      { text: 'x', id: '1', status: 'done', column: 'Done', assignee: 'me' },
      { status: 'done' },
      '/text',
      'required',
    ],
    ['ns:task', { text: 'x' }, { text: 'x', status: 'finished' }, '/status', 'enum'],
    ['ns:task', { text: 'x'.repeat(500) }, { text: 'x'.repeat(501) }, '/text', 'maxLength'],
    ['ns:tasks', [{ text: 'a' }], Array(201).fill({ text: 'a' }), '', 'maxItems'],
    ['ns:tasks', [], [{ text: '' }], '/0/text', 'minLength'],
    ['ns:task-patch', { ref: 'a', status: 'active' }, { text: 'b' }, '/ref', 'required'],
    [
      'ns:table',
      { columns: ['a'], rows: [['x', 1, true, null]] },
      { columns: ['a'], rows: [[{}]] },
      '/rows/0/0',
      'type',
    ],
    ['ns:table', { columns: [], rows: [] }, { columns: [] }, '/rows', 'required'],
    ['ns:event', { type: 'status', data: { status: 'idle' }, at: 1 }, { type: '' }, '/type', 'minLength'],
    ['ns:trigger', {}, { a: 1 }, '', 'maxProperties'],
    ['ns:trigger', null, 'go', '', 'type'],
  ];
  it.each(rows)('%s', (type, good, bad, path, keyword) => {
    expect(validateValue(PORT_TYPE_SCHEMAS[type], good)).toEqual([]);
    expect(validateValue(PORT_TYPE_SCHEMAS[type], bad)[0]).toMatchObject({ path, keyword });
  });

  it('has the 15 well-known types, listed in the order of their schemas', () => {
    expect(NS_PORT_TYPES).toHaveLength(15);
    expect(NS_PORT_TYPES).toEqual(Object.keys(PORT_TYPE_SCHEMAS));
  });

  it('tells built-in and custom types apart', () => {
    expect(isBuiltinPortType('ns:tasks')).toBe(true);
    expect(isBuiltinPortType('ns:nope')).toBe(false);
    expect(isCustomPortType('test-radar/coverage')).toBe(true);
    expect(isCustomPortType('Test/coverage')).toBe(false);
    expect(isCustomPortType(`${'a'.repeat(49)}/b`)).toBe(false);
    expect(isPortTypeId('ns:text')).toBe(true);
    expect(isPortTypeId('text')).toBe(false);
  });

  it('schemasForPort = type schema + own schema', () => {
    const own = { type: 'string', maxLength: 3 } as const;
    expect(schemasForPort({ type: 'ns:text', schema: own })).toEqual([PORT_TYPE_SCHEMAS['ns:text'], own]);
    expect(schemasForPort({ type: 'me/x', schema: own })).toEqual([own]);
    expect(schemasForPort({ type: 'me/x' })).toEqual([]);
  });
});
