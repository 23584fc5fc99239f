import { describe, expect, it } from 'vitest';
import { CardSdkError } from './errors.js';
import { BUILTIN_CARD_PORTS } from './builtin-ports.js';
import { PORT_TYPE_SCHEMAS } from './port-types.js';
import {
  checkPortValue,
  coercePortValue,
  hasDownstreamPeer,
  permissionForPeer,
  pickInputFor,
  portCoercion,
  portsCompatible,
  toPortInfo,
  type PortCoercion,
} from './ports.js';
import { validateValue } from './schema.js';
import type { PeerInfo, PortInfo } from './types.js';

describe('portCoercion', () => {
  it('finds no conversion for a type named like an object property (toString, constructor, __proto__)', () => {
    expect(portCoercion('toString', 'ns:text')).toBeNull();
    expect(portCoercion('ns:text', 'constructor')).toBeNull();
    expect(portCoercion('__proto__', 'ns:markdown')).toBeNull();
    expect(portsCompatible('valueOf', 'ns:json')).toBe(false);
  });

  const rows: [string, string, PortCoercion | null][] = [
    ['ns:text', 'ns:text', 'exact'],
    ['me/x', 'me/x', 'exact'],
    ['me/x', 'ns:any', 'any'],
    ['ns:image', 'ns:any', 'any'],
    ['me/x', 'ns:json', null],
    ['ns:json', 'me/x', null],
    ['ns:markdown', 'ns:text', 'identity'],
    ['ns:url', 'ns:text', 'identity'],
    ['ns:number', 'ns:text', 'stringify'],
    ['ns:boolean', 'ns:text', 'stringify'],
    ['ns:json', 'ns:text', 'json-text'],
    ['ns:table', 'ns:text', null],
    ['ns:text', 'ns:markdown', 'identity'],
    ['ns:url', 'ns:markdown', 'identity'],
    ['ns:number', 'ns:markdown', 'stringify'],
    ['ns:boolean', 'ns:markdown', null],
    ['ns:json', 'ns:markdown', 'json-markdown'],
    ['ns:table', 'ns:markdown', 'table-markdown'],
    ['ns:tasks', 'ns:markdown', 'tasks-markdown'],
    ['ns:task', 'ns:tasks', 'wrap-array'],
    ['ns:text', 'ns:tasks', 'lines-to-tasks'],
    ['ns:markdown', 'ns:tasks', 'lines-to-tasks'],
    ['ns:json', 'ns:tasks', null],
    ['ns:table', 'ns:json', 'identity'],
    ['ns:tasks', 'ns:json', 'identity'],
    ['ns:task', 'ns:json', 'identity'],
    ['ns:event', 'ns:json', 'identity'],
    ['ns:file-ref', 'ns:json', 'identity'],
    ['ns:task-patch', 'ns:json', 'identity'],
    ['ns:text', 'ns:json', null],
    ['ns:event', 'ns:trigger', 'any'],
    ['ns:text', 'ns:trigger', 'any'],
    ['ns:number', 'ns:trigger', 'any'],
    ['ns:boolean', 'ns:trigger', 'any'],
    ['ns:json', 'ns:trigger', 'any'],
    ['ns:trigger', 'ns:trigger', 'exact'],
    ['ns:markdown', 'ns:trigger', null],
    ['ns:trigger', 'ns:text', null],
  ];
  it.each(rows)('%s → %s', (from, to, kind) => {
    expect(portCoercion(from, to)).toBe(kind);
    expect(portsCompatible(from, to)).toBe(kind !== null);
  });
});

describe('coercePortValue', () => {
  const rows: [string, unknown, string, string, unknown][] = [
    ['exact keeps the value', { a: 1 }, 'me/x', 'me/x', { a: 1 }],
    ['any keeps the value', [1], 'ns:json', 'ns:any', [1]],
    ['identity keeps the value', '# T', 'ns:markdown', 'ns:text', '# T'],
    ['stringify numbers', 4.5, 'ns:number', 'ns:text', '4.5'],
    ['stringify booleans', true, 'ns:boolean', 'ns:text', 'true'],
    ['pretty JSON text', { a: [1] }, 'ns:json', 'ns:text', '{\n  "a": [\n    1\n  ]\n}'],
    ['fenced JSON block', { a: 1 }, 'ns:json', 'ns:markdown', '```json\n{\n  "a": 1\n}\n```'],
    [
      'Markdown table',
      {
        columns: ['name', 'a|b'],
        rows: [
          ['x', null],
          [1, 'two\nlines'],
          [true, 'c\r\nd'],
        ],
      },
      'ns:table',
      'ns:markdown',
      '| name | a\\|b |\n| --- | --- |\n| x |  |\n| 1 | two lines |\n| true | c d |',
    ],
    [
      'checklist',
      [{ text: 'ship', status: 'done' }, { text: 'docs', status: 'active' }, { text: 'tests' }],
      'ns:tasks',
      'ns:markdown',
      '- [x] ship\n- [ ] docs\n- [ ] tests',
    ],
    ['wrap one task', { text: 'a' }, 'ns:task', 'ns:tasks', [{ text: 'a' }]],
    [
      'one task per line, markers stripped',
      '- [x] ship\r\n* docs\n+ [ ] tests\n1. first\n2) second\n\n   \n-\nplain line\n-1 degrees',
      'ns:text',
      'ns:tasks',
      [
        { text: 'ship' },
        { text: 'docs' },
        { text: 'tests' },
        { text: 'first' },
        { text: 'second' },
        { text: 'plain line' },
        { text: '-1 degrees' },
      ],
    ],
    ['checkbox without a bullet', '[X] done', 'ns:markdown', 'ns:tasks', [{ text: 'done' }]],
    ['trigger gets {}', { type: 'tick', data: 1 }, 'ns:event', 'ns:trigger', {}],
    ['trigger → trigger gets {}', null, 'ns:trigger', 'ns:trigger', {}],
    ['text → trigger gets {}', 'go', 'ns:text', 'ns:trigger', {}],
  ];
  it.each(rows)('%s', (_rule, value, from, to, expected) => {
    expect(coercePortValue(value, from, to)).toEqual(expected);
  });

  it('keeps the first 200 lines and cuts each to 500 characters', () => {
    const text = Array.from({ length: 250 }, (_v, i) => `${i} ${'x'.repeat(600)}`).join('\n');
    const tasks = coercePortValue<{ text: string }[]>(text, 'ns:text', 'ns:tasks');
    expect(tasks).toHaveLength(200);
    expect(tasks[0]?.text).toHaveLength(500);
    expect(validateValue(PORT_TYPE_SCHEMAS['ns:tasks'], tasks)).toEqual([]);
  });

  it('cuts by characters, never inside an emoji', () => {
    const [task] = coercePortValue<{ text: string }[]>('😀'.repeat(600), 'ns:text', 'ns:tasks');
    expect(Array.from(task?.text ?? '')).toHaveLength(500);
  });

  it('throws for incompatible types', () => {
    expect(() => coercePortValue('x', 'ns:text', 'ns:json')).toThrow(
      new Error('ports ns:text → ns:json are not compatible'),
    );
    expect(() => coercePortValue({}, 'a/x', 'b/x')).toThrow('ports a/x → b/x are not compatible');
  });

  it('does not crash on values of the wrong shape', () => {
    expect(coercePortValue('nope', 'ns:table', 'ns:markdown')).toBe('|  |\n|  |');
    expect(coercePortValue({}, 'ns:tasks', 'ns:markdown')).toBe('');
  });

  it('writes an empty Markdown cell for a null or missing table cell, not "null"', () => {
    const table = { columns: ['test', 'note'], rows: [['pays', null], ['refunds']] };
    expect(coercePortValue(table, 'ns:table', 'ns:markdown')).toBe(
      '| test | note |\n| --- | --- |\n| pays |  |\n| refunds |',
    );
  });

  it('refuses deep junk and unprintable values with INVALID_PARAMS instead of overflowing the stack', () => {
    let deep: unknown = 0;
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    const bare = Object.create(null) as object;
    for (const [value, from, to] of [
      [deep, 'ns:json', 'ns:text'],
      [deep, 'ns:json', 'ns:markdown'],
      [{ columns: [deep], rows: [] }, 'ns:table', 'ns:markdown'],
      [[{ text: deep }], 'ns:tasks', 'ns:markdown'],
      [deep, 'ns:markdown', 'ns:tasks'],
      [bare, 'ns:number', 'ns:text'],
    ] as const) {
      let thrown: unknown;
      try {
        coercePortValue(value, from, to);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(CardSdkError);
      expect(thrown).toMatchObject({
        code: 'INVALID_PARAMS',
        hostMessage: `the value cannot be converted from ${from} to ${to}`,
      });
    }
  });
});

const input = (id: string, type: string, extra: Partial<PortInfo> = {}): PortInfo => ({
  id,
  label: id,
  type: type as PortInfo['type'],
  mode: 'stream',
  retain: false,
  default: false,
  ...extra,
});

const peer = (direction: PeerInfo['direction'], inputs: PortInfo[]): PeerInfo => ({
  cardId: 'c1',
  kind: 'custom',
  name: 'Peer',
  direction,
  inputs,
  outputs: [],
});

describe('pickInputFor', () => {
  const rows: [string, string, PortInfo[], string | null][] = [
    [
      'the default input wins',
      'ns:markdown',
      [input('a', 'ns:markdown'), input('b', 'ns:text', { default: true })],
      'b',
    ],
    ['else the exact type', 'ns:markdown', [input('a', 'ns:text'), input('b', 'ns:markdown')], 'b'],
    [
      'else the first compatible',
      'ns:number',
      [input('x', 'ns:json'), input('a', 'ns:text'), input('b', 'ns:markdown')],
      'a',
    ],
    ['request inputs are never picked', 'ns:text', [input('q', 'ns:text', { mode: 'request', default: true })], null],
    [
      'incompatible default is skipped',
      'ns:text',
      [input('j', 'ns:json', { default: true }), input('t', 'ns:tasks')],
      't',
    ],
    ['nothing compatible', 'me/x', [input('a', 'ns:text')], null],
    ['ns:any takes everything', 'me/x', [input('a', 'ns:any')], 'a'],
  ];
  it.each(rows)('%s', (_rule, type, inputs, expected) => {
    expect(pickInputFor(type, inputs)?.id ?? null).toBe(expected);
  });

  it('picks the note append input for Markdown', () => {
    expect(pickInputFor('ns:markdown', BUILTIN_CARD_PORTS.note.inputs)?.id).toBe('append');
    expect(pickInputFor('ns:task-patch', BUILTIN_CARD_PORTS.todo.inputs)?.id).toBe('update');
  });
});

describe('hasDownstreamPeer', () => {
  it('needs a peer that is not upstream', () => {
    expect(hasDownstreamPeer([])).toBe(false);
    expect(hasDownstreamPeer([peer('upstream', [input('a', 'ns:text')])])).toBe(false);
    expect(hasDownstreamPeer([peer('downstream', [])])).toBe(true);
    expect(hasDownstreamPeer([peer('both', [])])).toBe(true);
  });

  it('with an output type, needs an input that takes it', () => {
    expect(hasDownstreamPeer([peer('downstream', [input('a', 'ns:json')])], 'ns:text')).toBe(false);
    expect(hasDownstreamPeer([peer('downstream', [input('a', 'ns:tasks')])], 'ns:text')).toBe(true);
  });
});

describe('permissionForPeer', () => {
  const note = peer('downstream', BUILTIN_CARD_PORTS.note.inputs);
  const agent = peer('downstream', BUILTIN_CARD_PORTS.agent.inputs);
  const rows: [string, PeerInfo, { input?: string; outputType?: string }, string | null][] = [
    ['named input', note, { input: 'replace' }, 'cards.connected'],
    ['named input missing', note, { input: 'nope' }, null],
    ['input picked for the output type', agent, { outputType: 'ns:markdown' }, 'agents.prompt'],
    ['no input takes the type', agent, { outputType: 'ns:image' }, null],
    ['default input', agent, {}, 'agents.prompt'],
    ['custom inputs need nothing', peer('downstream', [input('a', 'ns:text')]), {}, null],
    [
      'first input when none is default',
      peer('downstream', [input('a', 'ns:text', { permission: 'agents.read' })]),
      {},
      'agents.read',
    ],
    ['no inputs', peer('downstream', []), {}, null],
  ];
  it.each(rows)('%s', (_rule, target, options, expected) => {
    expect(permissionForPeer(target, options)).toBe(expected);
  });
});

describe('port helpers on a peer without a port list', () => {
  it('find no input instead of throwing', () => {
    const portless = { cardId: 'b1', kind: 'other', name: 'Browser', direction: 'downstream' } as unknown as PeerInfo;
    expect(pickInputFor('ns:text', undefined as unknown as PortInfo[])).toBeNull();
    expect(permissionForPeer(portless, { outputType: 'ns:text' })).toBeNull();
    expect(permissionForPeer(portless)).toBeNull();
    expect(hasDownstreamPeer([portless])).toBe(true);
    expect(hasDownstreamPeer([portless], 'ns:text')).toBe(false);
    expect(hasDownstreamPeer(undefined as unknown as PeerInfo[])).toBe(false);
  });
});

describe('toPortInfo', () => {
  it('localizes and fills the defaults', () => {
    expect(toPortInfo({ id: 'run', label: { en: 'Run', ru: 'Запуск' }, type: 'ns:trigger' }, 'ru')).toEqual({
      id: 'run',
      label: 'Запуск',
      type: 'ns:trigger',
      mode: 'stream',
      retain: false,
      default: false,
    });
  });

  it('keeps description, schema and response', () => {
    const port = {
      id: 'lookup',
      label: 'Look up',
      description: { en: 'Finds', zh: '查找' },
      type: 'ns:text' as const,
      schema: { maxLength: 100 },
      mode: 'request' as const,
      response: { type: 'ns:json' as const },
      default: true,
    };
    expect(toPortInfo(port, 'zh')).toEqual({
      id: 'lookup',
      label: 'Look up',
      description: '查找',
      type: 'ns:text',
      schema: { maxLength: 100 },
      mode: 'request',
      response: { type: 'ns:json' },
      retain: false,
      default: true,
    });
    expect(toPortInfo(port, 'ru').description).toBe('Finds');
  });
});

describe('checkPortValue', () => {
  it('applies the type schema and the port schema', () => {
    const port = { type: 'ns:text', schema: { maxLength: 3 } };
    expect(checkPortValue(port, 'abc')).toEqual([]);
    expect(checkPortValue(port, 1)).toEqual([{ path: '', keyword: 'type', message: 'expected string, got integer' }]);
    expect(checkPortValue(port, 'abcd')).toEqual([{ path: '', keyword: 'maxLength', message: 'longer than 3' }]);
  });
});
