// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BUILTIN_PORTS, initialBuiltinState, receiveOnBuiltin, runOnTerminal } from './canvas-builtins.js';

describe('built-in peers on the canvas', () => {
  it('declare the ports and permissions of the ports page', () => {
    expect(BUILTIN_PORTS.note.inputs.map((port) => [port.id, port.type, port.permission, port.default])).toEqual([
      ['append', 'ns:markdown', 'cards.connected', true],
      ['replace', 'ns:markdown', 'cards.connected', false],
    ]);
    expect(BUILTIN_PORTS.terminal.inputs[0]).toMatchObject({ id: 'command', permission: 'terminals.write' });
    expect(BUILTIN_PORTS.agent.outputs.map((port) => port.permission)).toEqual(['agents.read', 'agents.output']);
  });

  it('append to a note, replace it, and emit the whole text each time', () => {
    const note = initialBuiltinState('note');
    expect(receiveOnBuiltin('note', note, 'append', 'one')).toEqual([{ output: 'text', data: 'one' }]);
    expect(receiveOnBuiltin('note', note, 'append', 'two')).toEqual([{ output: 'text', data: 'one\n\ntwo' }]);
    expect(receiveOnBuiltin('note', note, 'replace', 'new')).toEqual([{ output: 'text', data: 'new' }]);
  });

  it('add and update todo items and board tasks (new tasks land in a column)', () => {
    const todo = initialBuiltinState('todo');
    receiveOnBuiltin('todo', todo, 'add', [{ text: 'a' }, { text: 'b', id: 'b1' }]);
    const [emitted] = receiveOnBuiltin('todo', todo, 'update', { ref: 'b1', status: 'done' });
    expect(emitted).toEqual({ output: 'items', data: [{ text: 'a' }, { text: 'b', id: 'b1', status: 'done' }] });
    const board = initialBuiltinState('kanban');
    expect(receiveOnBuiltin('kanban', board, 'add', [{ text: 'x' }])).toEqual([
      { output: 'tasks', data: [{ column: 'todo', text: 'x' }] },
    ]);
  });

  it('run a command on a terminal with the scripted answer once, then exit 0', () => {
    const terminal = initialBuiltinState('terminal');
    terminal.next = { exitCode: 1, output: '1 failing' };
    expect(runOnTerminal(terminal, 'npm test')).toEqual({ exitCode: 1, output: '1 failing' });
    expect(receiveOnBuiltin('terminal', terminal, 'command', 'ls')).toEqual([
      { output: 'exit', data: { type: 'exit', data: { command: 'ls', exitCode: 0 } } },
    ]);
    expect(terminal.commands).toEqual([
      { command: 'npm test', exitCode: 1, output: '1 failing' },
      { command: 'ls', exitCode: 0, output: '' },
    ]);
  });
});
