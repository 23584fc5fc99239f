// The app's built-in cards as peers on the canvas: their ports (as the ports page lists them, each with the
// permission the other card needs) and what each does with a value it receives.
import type { JsonValue, PermissionId, PortTask, PortTaskPatch, PortTypeId } from '../contract/types.js';
import type { MockPeerPort } from '../testing/index.js';
import type { BuiltinKind } from './canvas-file.js';

/** What a built-in card holds and has received; each kind uses its own fields. */
export interface BuiltinState {
  /** A note's Markdown. */
  text?: string;
  /** A todo list's items, a task board's tasks. */
  items?: PortTask[];
  /** A sticky's title. */
  title?: string;
  /** An agent's status and the prompts it got. */
  status?: string;
  prompts?: string[];
  /** A terminal's commands with their exit codes, and what the next command answers. */
  commands?: { command: string; exitCode: number; output: string }[];
  next?: { exitCode: number; output: string };
}

/** What a built-in card emits after taking a value: output id → value. */
export type BuiltinEmits = { output: string; data: JsonValue }[];

function port(
  id: string,
  type: PortTypeId,
  permission: PermissionId,
  label: string,
  flags: { default?: boolean; retain?: boolean } = {},
): MockPeerPort {
  return {
    id,
    type,
    permission,
    label,
    mode: 'stream',
    retain: flags.retain ?? false,
    default: flags.default ?? false,
  };
}

const TASK_PORTS = (output: string) => ({
  inputs: [
    port('add', 'ns:tasks', 'cards.connected', 'Add', { default: true }),
    port('update', 'ns:task-patch', 'cards.connected', 'Update'),
  ],
  outputs: [port(output, 'ns:tasks', 'cards.connected', output === 'items' ? 'Items' : 'Tasks', { retain: true })],
});

/** Each built-in kind's ports: inputs first, then outputs. */
export const BUILTIN_PORTS: Readonly<Record<BuiltinKind, { inputs: MockPeerPort[]; outputs: MockPeerPort[] }>> = {
  note: {
    inputs: [
      port('append', 'ns:markdown', 'cards.connected', 'Append', { default: true }),
      port('replace', 'ns:markdown', 'cards.connected', 'Replace'),
    ],
    outputs: [port('text', 'ns:markdown', 'cards.connected', 'Text', { retain: true })],
  },
  todo: TASK_PORTS('items'),
  kanban: TASK_PORTS('tasks'),
  sticky: {
    inputs: [port('title', 'ns:text', 'cards.connected', 'Title', { default: true })],
    outputs: [port('title', 'ns:text', 'cards.connected', 'Title', { retain: true })],
  },
  agent: {
    inputs: [port('prompt', 'ns:text', 'agents.prompt', 'Prompt', { default: true })],
    outputs: [
      port('status', 'ns:event', 'agents.read', 'Status', { retain: true }),
      port('reply', 'ns:markdown', 'agents.output', 'Reply', { retain: true }),
    ],
  },
  terminal: {
    inputs: [port('command', 'ns:text', 'terminals.write', 'Command', { default: true })],
    outputs: [port('exit', 'ns:event', 'agents.output', 'Exit')],
  },
};

/** The state a fresh built-in card starts with. */
export function initialBuiltinState(kind: BuiltinKind): BuiltinState {
  switch (kind) {
    case 'note':
      return { text: '' };
    case 'todo':
    case 'kanban':
      return { items: [] };
    case 'sticky':
      return { title: '' };
    case 'agent':
      return { status: 'idle', prompts: [] };
    case 'terminal':
      return { commands: [], next: { exitCode: 0, output: '' } };
  }
}

function patchTasks(items: PortTask[], patch: PortTaskPatch): PortTask[] {
  return items.map((item) =>
    item.id === patch.ref || item.text === patch.ref
      ? {
          ...item,
          ...(patch.text !== undefined ? { text: patch.text } : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          ...(patch.column !== undefined ? { column: patch.column } : {}),
        }
      : item,
  );
}

/** What the terminal answers a command with: the scripted next answer, then exit 0 again. */
export function runOnTerminal(state: BuiltinState, command: string): { exitCode: number; output: string } {
  const answer = state.next ?? { exitCode: 0, output: '' };
  state.next = { exitCode: 0, output: '' };
  state.commands = [...(state.commands ?? []), { command, ...answer }];
  return answer;
}

/**
 * A value (already converted and checked) arrives on a built-in card's input: the card's new state, changed in
 * place, and what it emits (the app's built-ins emit their whole content on every change).
 */
export function receiveOnBuiltin(kind: BuiltinKind, state: BuiltinState, input: string, data: unknown): BuiltinEmits {
  switch (kind) {
    case 'note': {
      const text = String(data);
      state.text = input === 'replace' || !state.text ? text : `${state.text}\n\n${text}`;
      return [{ output: 'text', data: state.text }];
    }
    case 'todo':
    case 'kanban': {
      const items = state.items ?? [];
      state.items =
        input === 'update'
          ? patchTasks(items, data as PortTaskPatch)
          : [...items, ...(data as PortTask[]).map((task) => (kind === 'kanban' ? { column: 'todo', ...task } : task))];
      return [{ output: kind === 'todo' ? 'items' : 'tasks', data: state.items as unknown as JsonValue }];
    }
    case 'sticky':
      state.title = String(data);
      return [{ output: 'title', data: state.title }];
    case 'agent':
      state.prompts = [...(state.prompts ?? []), String(data)];
      state.status = 'working';
      return [{ output: 'status', data: { type: 'status', data: { status: 'working' } } }];
    case 'terminal': {
      const command = String(data);
      const { exitCode } = runOnTerminal(state, command);
      return [{ output: 'exit', data: { type: 'exit', data: { command, exitCode } } }];
    }
  }
}
