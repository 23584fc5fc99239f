import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateManifest } from '../contract/manifest.js';
import { NS_PORT_TYPES } from '../contract/port-types.js';
import { cardDeclarations, settingType, valueType } from './card-declarations.js';

// The tests run from the repository root.
const FIXTURE = join(process.cwd(), 'test/types/typed-card');

describe('cardDeclarations', () => {
  it('writes the fixture card the type tests compile (every port type, three tools, every setting type)', () => {
    const result = validateManifest(JSON.parse(readFileSync(join(FIXTURE, 'neurosquad-card.json'), 'utf8')));
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const committed = readFileSync(join(FIXTURE, 'src/neurosquad-card.d.ts'), 'utf8');
    expect(cardDeclarations(result.manifest)).toBe(committed);
  });

  it('maps every ns:* type to its value shape', () => {
    const shapes = Object.fromEntries(NS_PORT_TYPES.map((type) => [type, valueType(type, undefined)]));
    expect(shapes).toEqual({
      'ns:any': 'JsonValue',
      'ns:text': 'string',
      'ns:markdown': 'string',
      'ns:number': 'number',
      'ns:boolean': 'boolean',
      'ns:json': 'JsonObject | JsonArray',
      'ns:url': 'string',
      'ns:image': 'PortImage',
      'ns:file-ref': 'PortFileRef',
      'ns:task': 'PortTask',
      'ns:tasks': 'PortTask[]',
      'ns:task-patch': 'PortTaskPatch',
      'ns:table': 'PortTable',
      'ns:event': 'PortEvent',
      'ns:trigger': 'Record<string, never> | null',
    });
  });

  it('types a custom port type by its schema, and without one as any JSON', () => {
    expect(valueType('my-card/point', { type: 'object', required: ['x'], properties: { x: { type: 'number' } } })).toBe(
      '{\n  x: number;\n}',
    );
    expect(valueType('my-card/blob', undefined)).toBe('JsonValue');
    // An added schema narrows a well-known type.
    expect(valueType('ns:text', { enum: ['on', 'off'] })).toBe("'on' | 'off'");
  });

  it('types settings: select as its options, secrets as presence', () => {
    const label = 'L';
    expect(settingType({ key: 'a', type: 'string', label })).toBe('string');
    expect(settingType({ key: 'a', type: 'text', label })).toBe('string');
    expect(settingType({ key: 'a', type: 'color', label })).toBe('string');
    expect(settingType({ key: 'a', type: 'number', label })).toBe('number');
    expect(settingType({ key: 'a', type: 'boolean', label })).toBe('boolean');
    expect(settingType({ key: 'a', type: 'secret', label })).toBe('boolean');
    const options = [
      { value: 'x', label },
      { value: "it's", label },
    ];
    expect(settingType({ key: 'a', type: 'select', label, options })).toBe("'x' | 'it\\'s'");
  });

  it('declares empty maps for a card with no ports, tools or settings, importing nothing', () => {
    const text = cardDeclarations({});
    expect(text).toContain('inputs: Record<never, never>;');
    expect(text).toContain('tools: Record<never, never>;');
    expect(text).toContain('secrets: Record<never, never>;');
    expect(text).toContain('export {};');
    expect(text).not.toContain('import type');
  });

  it('keeps a label or description from closing the doc comment', () => {
    const text = cardDeclarations({
      tools: [{ name: 'x', description: 'ends */ here', inputSchema: { type: 'object' } }],
    });
    expect(text).toContain('/** ends * / here */');
  });
});
