import { localize } from './constants.js';
import { errorMessage } from './error-message.js';
import { CardSdkError } from './errors.js';
import { isList, isPlainObject } from './json.js';
import { isBuiltinPortType } from './port-type-ids.js';
import { schemasForPort } from './port-types.js';
import { validateValue, type SchemaIssue } from './schema.js';
import type {
  JsonSchema,
  JsonValue,
  ManifestPort,
  NsPortType,
  PeerInfo,
  PermissionId,
  PortInfo,
  PortTypeId,
} from './types.js';

/** How a value of one port type becomes a value of another (see {@link portCoercion}). */
export type PortCoercion =
  | 'exact'
  | 'any'
  | 'identity'
  | 'stringify'
  | 'json-text'
  | 'json-markdown'
  | 'table-markdown'
  | 'tasks-markdown'
  | 'wrap-array'
  | 'lines-to-tasks';

/** Destination type → accepted built-in source types and how they convert. */
const CONVERSIONS: Readonly<Partial<Record<NsPortType, Readonly<Partial<Record<NsPortType, PortCoercion>>>>>> = {
  'ns:text': {
    'ns:markdown': 'identity',
    'ns:url': 'identity',
    'ns:number': 'stringify',
    'ns:boolean': 'stringify',
    'ns:json': 'json-text',
  },
  'ns:markdown': {
    'ns:text': 'identity',
    'ns:url': 'identity',
    'ns:number': 'stringify',
    'ns:json': 'json-markdown',
    'ns:table': 'table-markdown',
    'ns:tasks': 'tasks-markdown',
  },
  'ns:tasks': { 'ns:task': 'wrap-array', 'ns:text': 'lines-to-tasks', 'ns:markdown': 'lines-to-tasks' },
  'ns:json': {
    'ns:table': 'identity',
    'ns:tasks': 'identity',
    'ns:task': 'identity',
    'ns:event': 'identity',
    'ns:file-ref': 'identity',
    'ns:task-patch': 'identity',
  },
  'ns:trigger': { 'ns:event': 'any', 'ns:text': 'any', 'ns:number': 'any', 'ns:boolean': 'any', 'ns:json': 'any' },
};

/**
 * How a value of type `from` reaches an input of type `to`, or `null` when it cannot. Custom types only
 * reach the same type or `ns:any`.
 * @example portCoercion('ns:table', 'ns:markdown') // 'table-markdown'
 */
export function portCoercion(from: PortTypeId | (string & {}), to: PortTypeId | (string & {})): PortCoercion | null {
  if (from === to) return 'exact';
  if (to === 'ns:any') return 'any';
  if (!isBuiltinPortType(from) || !isBuiltinPortType(to)) return null;
  return CONVERSIONS[to]?.[from] ?? null;
}

/**
 * True when an output of type `from` can feed an input of type `to`.
 * @example portsCompatible('ns:text', 'ns:tasks') // true
 */
export function portsCompatible(from: PortTypeId | (string & {}), to: PortTypeId | (string & {})): boolean {
  return portCoercion(from, to) !== null;
}

function markdownCell(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a cell is shown as String() shows it
  return String(cell)
    .replace(/\|/g, '\\|')
    .replace(/\r\n|[\r\n]/g, ' ');
}

function tableToMarkdown(value: unknown): string {
  const table = isPlainObject(value) ? value : {};
  const columns = Array.isArray(table.columns) ? table.columns : [];
  const rows = Array.isArray(table.rows) ? table.rows : [];
  const line = (cells: readonly unknown[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [
    line(columns),
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => line(Array.isArray(row) ? row : [])),
  ].join('\n');
}

function tasksToMarkdown(value: unknown): string {
  const tasks = Array.isArray(value) ? value : [];
  return tasks
    .map((task) => {
      const record = isPlainObject(task) ? task : {};
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a task's text is shown as String() shows it
      return `- [${record.status === 'done' ? 'x' : ' '}] ${String(record.text ?? '')}`;
    })
    .join('\n');
}

const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])(?:\s+|$)/;
const CHECKBOX = /^\[[ xX]\](?:\s+|$)/;
const MAX_LINE_TASKS = 200;
const MAX_TASK_CHARS = 500;

function linesToTasks(value: unknown): Array<{ text: string }> {
  const tasks: Array<{ text: string }> = [];
  for (const raw of String(value).split(/\r?\n/)) {
    const line = raw.replace(LIST_MARKER, '').replace(CHECKBOX, '').trim();
    if (line === '') continue;
    const chars = Array.from(line);
    tasks.push({ text: chars.length > MAX_TASK_CHARS ? chars.slice(0, MAX_TASK_CHARS).join('') : line });
    if (tasks.length >= MAX_LINE_TASKS) break;
  }
  return tasks;
}

/**
 * Converts a value sent on an output of type `from` for an input of type `to` (Markdown tables and
 * checklists, one task per line, pretty JSON, `{}` for triggers …); throws when the types are incompatible, and
 * `INVALID_PARAMS` for a value that cannot be converted (nested past the stack, a throwing `toString`).
 * @example coercePortValue('- [x] ship\n- write docs', 'ns:text', 'ns:tasks') // [{ text: 'ship' }, { text: 'write docs' }]
 */
export function coercePortValue<T = JsonValue>(
  value: unknown,
  from: PortTypeId | (string & {}),
  to: PortTypeId | (string & {}),
): T {
  const kind = portCoercion(from, to);
  if (kind === null) throw new Error(`ports ${from} → ${to} are not compatible`);
  if (to === 'ns:trigger') return {} as T;
  try {
    return convert(kind, value) as T;
  } catch (error) {
    // Junk no port value is (nested past any stack, a throwing toString): refused with a code, never a RangeError.
    throw new CardSdkError('INVALID_PARAMS', `the value cannot be converted from ${from} to ${to}`, {
      reason: errorMessage(error),
    });
  }
}

function convert(kind: PortCoercion, value: unknown): unknown {
  switch (kind) {
    case 'stringify':
      return String(value);
    case 'json-text':
      return JSON.stringify(value, null, 2);
    case 'json-markdown':
      return `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
    case 'table-markdown':
      return tableToMarkdown(value);
    case 'tasks-markdown':
      return tasksToMarkdown(value);
    case 'wrap-array':
      return [value];
    case 'lines-to-tasks':
      return linesToTasks(value);
    default:
      return value;
  }
}

/**
 * Checks a value against every schema of a port (its `ns:*` type and its own `schema`); returns the issues
 * of the first schema it fails, or `[]`.
 */
export function checkPortValue(port: { type: string; schema?: JsonSchema }, value: unknown): SchemaIssue[] {
  for (const schema of schemasForPort(port)) {
    const issues = validateValue(schema, value);
    if (issues.length > 0) return issues;
  }
  return [];
}

/** The part of a port {@link pickInputFor} looks at. */
export type PickablePort = Pick<PortInfo, 'type'> & Partial<Pick<PortInfo, 'mode' | 'default'>>;

/**
 * Picks the input of a peer that receives a value of `sourceType` when no input is named: among stream
 * inputs that accept the type, the `default` one, else one of exactly that type, else the first; or `null`.
 * @example pickInputFor('ns:markdown', note.inputs)?.id // 'append'
 */
export function pickInputFor<P extends PickablePort>(
  sourceType: PortTypeId | (string & {}),
  inputs: readonly P[],
): P | null {
  // A peer without ports (an `other` card such as a browser) may come without a port list.
  if (!isList(inputs)) return null;
  const candidates = inputs.filter(
    (input) => (input.mode ?? 'stream') === 'stream' && portsCompatible(sourceType, input.type),
  );
  return (
    candidates.find((input) => input.default === true) ??
    candidates.find((input) => input.type === sourceType) ??
    candidates[0] ??
    null
  );
}

/**
 * True when some peer receives this card's outputs (any direction but `upstream`); with `outputType`, that
 * peer must also have an input that accepts it.
 * @example if (!hasDownstreamPeer(card.ports.peers)) card.ui.toast('Draw an arrow from this card to a note')
 */
export function hasDownstreamPeer(peers: readonly PeerInfo[], outputType?: PortTypeId | (string & {})): boolean {
  if (!isList(peers)) return false;
  return peers.some(
    (peer) =>
      peer.direction !== 'upstream' && (outputType === undefined || pickInputFor(outputType, peer.inputs) !== null),
  );
}

/**
 * The permission this card needs to send into a peer: the input named `input`, else the one
 * {@link pickInputFor} would choose for `outputType`, else the peer's default or first input; `null` if none.
 * @example permissionForPeer(notePeer, { outputType: 'ns:markdown' }) // 'cards.connected'
 */
export function permissionForPeer(
  peer: Pick<PeerInfo, 'inputs'>,
  options: { input?: string; outputType?: PortTypeId | (string & {}) } = {},
): PermissionId | null {
  const inputs: readonly PortInfo[] = Array.isArray(peer?.inputs) ? peer.inputs : [];
  let port: PortInfo | null | undefined;
  if (options.input !== undefined) port = inputs.find((input) => input.id === options.input);
  else if (options.outputType !== undefined) port = pickInputFor(options.outputType, inputs);
  else port = inputs.find((input) => input.default) ?? inputs[0];
  return port?.permission ?? null;
}

/**
 * The card-facing view of a manifest port: label and description in `language`, `mode` defaulting to
 * `stream`, `retain` and `default` as booleans.
 * @example toPortInfo({ id: 'run', label: { en: 'Run', ru: 'Запуск' }, type: 'ns:trigger' }, 'ru').label // 'Запуск'
 */
export function toPortInfo(port: ManifestPort, language: string): PortInfo {
  const info: PortInfo = {
    id: port.id,
    label: localize(port.label, language),
    type: port.type,
    mode: port.mode ?? 'stream',
    retain: port.retain === true,
    default: port.default === true,
  };
  if (port.description !== undefined) info.description = localize(port.description, language);
  if (port.schema !== undefined) info.schema = port.schema;
  if (port.response !== undefined) info.response = port.response;
  return info;
}
