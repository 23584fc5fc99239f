import { describe, expect, it } from 'vitest';
import { BUILTIN_CARD_PORTS, isBuiltinCardKind } from './builtin-ports.js';

describe('built-in card ports', () => {
  const rows: [string, 'inputs' | 'outputs', string, string, string, { retain: boolean; default: boolean }][] = [
    ['note', 'inputs', 'append', 'ns:markdown', 'cards.connected', { retain: false, default: true }],
    ['note', 'inputs', 'replace', 'ns:markdown', 'cards.connected', { retain: false, default: false }],
    ['note', 'outputs', 'text', 'ns:markdown', 'cards.connected', { retain: true, default: false }],
    ['todo', 'inputs', 'add', 'ns:tasks', 'cards.connected', { retain: false, default: true }],
    ['todo', 'inputs', 'update', 'ns:task-patch', 'cards.connected', { retain: false, default: false }],
    ['todo', 'outputs', 'items', 'ns:tasks', 'cards.connected', { retain: true, default: false }],
    ['kanban', 'inputs', 'add', 'ns:tasks', 'cards.connected', { retain: false, default: true }],
    ['kanban', 'inputs', 'update', 'ns:task-patch', 'cards.connected', { retain: false, default: false }],
    ['kanban', 'outputs', 'tasks', 'ns:tasks', 'cards.connected', { retain: true, default: false }],
    ['sticky', 'inputs', 'title', 'ns:text', 'cards.connected', { retain: false, default: true }],
    ['sticky', 'outputs', 'title', 'ns:text', 'cards.connected', { retain: true, default: false }],
    ['agent', 'inputs', 'prompt', 'ns:text', 'agents.prompt', { retain: false, default: true }],
    ['agent', 'outputs', 'status', 'ns:event', 'agents.read', { retain: true, default: false }],
    ['agent', 'outputs', 'reply', 'ns:markdown', 'agents.output', { retain: true, default: false }],
    ['terminal', 'inputs', 'command', 'ns:text', 'terminals.write', { retain: false, default: true }],
    ['terminal', 'outputs', 'exit', 'ns:event', 'agents.output', { retain: false, default: false }],
  ];
  it.each(rows)('%s %s %s', (kind, dir, id, type, permission, flags) => {
    expect(isBuiltinCardKind(kind)).toBe(true);
    const ports = BUILTIN_CARD_PORTS[kind as keyof typeof BUILTIN_CARD_PORTS][dir];
    expect(ports.find((p) => p.id === id)).toMatchObject({ type, permission, mode: 'stream', ...flags });
  });

  it('counts every port', () => {
    const total = Object.values(BUILTIN_CARD_PORTS).reduce((n, p) => n + p.inputs.length + p.outputs.length, 0);
    expect(total).toBe(rows.length);
    expect(isBuiltinCardKind('custom')).toBe(false);
  });
});
