import type { CardPorts, PermissionId, PortInfo, PortTypeId } from './types.js';

/** The app's own cards that take part in ports. */
export type BuiltinCardKind = 'note' | 'todo' | 'kanban' | 'sticky' | 'agent' | 'terminal';

// A stream port of a built-in card, labelled with its id capitalized; most need `cards.connected`.
const port = (
  id: string,
  type: PortTypeId,
  description: string,
  flag?: 'retain' | 'default',
  permission: PermissionId = 'cards.connected',
): PortInfo =>
  Object.freeze({
    id,
    type,
    permission,
    label: id[0].toUpperCase() + id.slice(1),
    description,
    mode: 'stream' as const,
    retain: flag === 'retain',
    default: flag === 'default',
  });

const ports = (inputs: PortInfo[], outputs: PortInfo[]): Readonly<CardPorts> =>
  Object.freeze({ inputs: Object.freeze(inputs) as PortInfo[], outputs: Object.freeze(outputs) as PortInfo[] });

const taskInputs = (addDescription: string, updateDescription: string): PortInfo[] => [
  port('add', 'ns:tasks', addDescription, 'default'),
  port('update', 'ns:task-patch', updateDescription),
];

/**
 * The ports of the app's built-in cards; `permission` names what a custom card needs to use each port.
 * @example BUILTIN_CARD_PORTS.note.inputs[0] // { id: 'append', type: 'ns:markdown', permission: 'cards.connected', … }
 */
export const BUILTIN_CARD_PORTS: Readonly<Record<BuiltinCardKind, Readonly<CardPorts>>> = /* @__PURE__ */ Object.freeze(
  {
    note: ports(
      [
        port('append', 'ns:markdown', 'Adds a paragraph at the end of the note.', 'default'),
        port('replace', 'ns:markdown', 'Replaces the whole note.'),
      ],
      [port('text', 'ns:markdown', 'The note, on every change.', 'retain')],
    ),
    todo: ports(taskInputs('Adds items to the list.', "Changes one item's text or status."), [
      port('items', 'ns:tasks', 'All items, on every change.', 'retain'),
    ]),
    kanban: ports(taskInputs('Adds unassigned tasks to the board.', 'Moves or edits one task.'), [
      port('tasks', 'ns:tasks', 'All tasks with their columns.', 'retain'),
    ]),
    sticky: ports(
      [port('title', 'ns:text', 'Sets the title.', 'default')],
      [port('title', 'ns:text', 'The title, on every change.', 'retain')],
    ),
    agent: ports(
      [port('prompt', 'ns:text', 'Sends a prompt (queued while it works).', 'default', 'agents.prompt')],
      [
        port('status', 'ns:event', 'The agent status: { type: "status", data: { status } }.', 'retain', 'agents.read'),
        port('reply', 'ns:markdown', 'The final message when a turn ends.', 'retain', 'agents.output'),
      ],
    ),
    terminal: ports(
      [port('command', 'ns:text', 'Runs one command.', 'default', 'terminals.write')],
      [
        port(
          'exit',
          'ns:event',
          'After each command: { type: "exit", data: { command, exitCode } }.',
          undefined,
          'agents.output',
        ),
      ],
    ),
  },
);

/** True for a kind of built-in card that has ports. */
export function isBuiltinCardKind(kind: unknown): kind is BuiltinCardKind {
  return typeof kind === 'string' && Object.prototype.hasOwnProperty.call(BUILTIN_CARD_PORTS, kind);
}
