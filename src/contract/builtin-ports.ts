import type { CardPorts, PermissionId, PortInfo, PortTypeId } from './types.js';

/** The app's own cards that take part in ports. */
export type BuiltinCardKind = 'note' | 'todo' | 'kanban' | 'sticky' | 'agent' | 'terminal';

const port = (
  id: string,
  type: PortTypeId,
  permission: PermissionId,
  label: string,
  description: string,
  flags: { retain?: boolean; default?: boolean } = {},
): PortInfo =>
  Object.freeze({
    id,
    type,
    permission,
    label,
    description,
    mode: 'stream' as const,
    retain: flags.retain === true,
    default: flags.default === true,
  });

const ports = (inputs: PortInfo[], outputs: PortInfo[]): Readonly<CardPorts> =>
  Object.freeze({ inputs: Object.freeze(inputs) as PortInfo[], outputs: Object.freeze(outputs) as PortInfo[] });

const taskInputs = (addDescription: string, updateDescription: string): PortInfo[] => [
  port('add', 'ns:tasks', 'cards.connected', 'Add', addDescription, { default: true }),
  port('update', 'ns:task-patch', 'cards.connected', 'Update', updateDescription),
];

/**
 * The ports of the app's built-in cards; `permission` names what a custom card needs to use each port.
 * @example BUILTIN_CARD_PORTS.note.inputs[0] // { id: 'append', type: 'ns:markdown', permission: 'cards.connected', … }
 */
export const BUILTIN_CARD_PORTS: Readonly<Record<BuiltinCardKind, Readonly<CardPorts>>> = /* @__PURE__ */ Object.freeze(
  {
    note: ports(
      [
        port('append', 'ns:markdown', 'cards.connected', 'Append', 'Adds a paragraph at the end of the note.', {
          default: true,
        }),
        port('replace', 'ns:markdown', 'cards.connected', 'Replace', 'Replaces the whole note.'),
      ],
      [port('text', 'ns:markdown', 'cards.connected', 'Text', 'The note, on every change.', { retain: true })],
    ),
    todo: ports(taskInputs('Adds items to the list.', "Changes one item's text or status."), [
      port('items', 'ns:tasks', 'cards.connected', 'Items', 'All items, on every change.', { retain: true }),
    ]),
    kanban: ports(taskInputs('Adds unassigned tasks to the board.', 'Moves or edits one task.'), [
      port('tasks', 'ns:tasks', 'cards.connected', 'Tasks', 'All tasks with their columns.', { retain: true }),
    ]),
    sticky: ports(
      [port('title', 'ns:text', 'cards.connected', 'Title', 'Sets the title.', { default: true })],
      [port('title', 'ns:text', 'cards.connected', 'Title', 'The title, on every change.', { retain: true })],
    ),
    agent: ports(
      [
        port('prompt', 'ns:text', 'agents.prompt', 'Prompt', 'Sends a prompt (queued while it works).', {
          default: true,
        }),
      ],
      [
        port('status', 'ns:event', 'agents.read', 'Status', 'The agent status: { type: "status", data: { status } }.', {
          retain: true,
        }),
        port('reply', 'ns:markdown', 'agents.output', 'Reply', 'The final message when a turn ends.', { retain: true }),
      ],
    ),
    terminal: ports(
      [port('command', 'ns:text', 'terminals.write', 'Command', 'Runs one command.', { default: true })],
      [
        port(
          'exit',
          'ns:event',
          'agents.output',
          'Exit',
          'After each command: { type: "exit", data: { command, exitCode } }.',
        ),
      ],
    ),
  },
);

/** True for a kind of built-in card that has ports. */
export function isBuiltinCardKind(kind: unknown): kind is BuiltinCardKind {
  return typeof kind === 'string' && Object.prototype.hasOwnProperty.call(BUILTIN_CARD_PORTS, kind);
}
