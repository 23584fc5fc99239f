import {
  ATTENTION_LEVELS,
  CARD_ICONS,
  CARD_TONES,
  LOG_LEVELS,
  SPAWN_KINDS,
  STORAGE_SCOPES,
  USAGE_PERIODS,
  type AttentionLevel,
  type CardSize,
  type CardTone,
  type LogLevel,
  type SpawnKind,
  type StorageScope,
  type UsagePeriod,
} from './constants.js';
import { SUBSCRIBABLE_TOPICS, type SubscribableTopic } from './events.js';
import { LIMITS } from './limits.js';
import { PERMISSION_IDS, type PermissionId, type PermissionView } from './permissions.js';
import type { CardTheme } from './theme.js';
import type {
  AgentInfo,
  AgentLastReply,
  AgentTimeline,
  AgentUsage,
  CardContext,
  CardI18n,
  CardInstance,
  CardOverview,
  CardPorts,
  CardSettingsState,
  FsEncoding,
  FsListResult,
  FsReadResult,
  FsStat,
  HostCapabilities,
  JsonSchema,
  JsonValue,
  MenuItem,
  NetMethod,
  NetRawResponse,
  NetResponseType,
  PeerInfo,
  PortDelivery,
  PortReadResult,
  PromptDelivery,
  SettingValue,
  StorageGetResult,
  StorageUsage,
  TerminalRunResult,
  ToolResultPayload,
  UsageSummary,
  WhenBusy,
  WorkspaceInfo,
} from './types.js';

// ---- schema building blocks (one line per rule of the method tables) ----

const object = (properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema =>
  required.length > 0
    ? { type: 'object', properties, required, additionalProperties: false }
    : { type: 'object', properties, additionalProperties: false };
const str = (maxLength: number, minLength = 0): JsonSchema =>
  minLength > 0 ? { type: 'string', minLength, maxLength } : { type: 'string', maxLength };
const int = (minimum: number, maximum?: number): JsonSchema =>
  maximum === undefined ? { type: 'integer', minimum } : { type: 'integer', minimum, maximum };
const oneOfStrings = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: values });
// An enum must list null too, or `null` passes `type` and then fails `enum`.
const orNull = (schema: JsonSchema): JsonSchema => ({
  ...schema,
  type: [schema.type as 'string', 'null'],
  ...(schema.enum === undefined ? {} : { enum: [...schema.enum, null] }),
});
const bool: JsonSchema = { type: 'boolean' };
const anyJson: JsonSchema = {};
/** "∅": no params at all (an empty object, or null). */
const empty: JsonSchema = { type: ['object', 'null'], maxProperties: 0 };
const id = str(128, 1);
const tone = oneOfStrings(CARD_TONES);
const icon = oneOfStrings(CARD_ICONS);
const dangerTone = oneOfStrings(['default', 'danger']);
const scope = oneOfStrings(STORAGE_SCOPES);
const storageKey = str(LIMITS.storageKeyChars, 1);
const portId = str(32, 1);
const path = str(1024);
const epochMs = int(0, 8.64e12);
const topics = (unique: boolean): JsonSchema => ({
  type: 'array',
  minItems: 1,
  maxItems: 8,
  ...(unique ? { uniqueItems: true } : {}),
  items: oneOfStrings(SUBSCRIBABLE_TOPICS),
});
const agentWindow = object({ agentId: id, since: epochMs, until: epochMs }, ['agentId', 'since']);
const imageMimeType = oneOfStrings(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const toolResult = object(
  {
    content: {
      type: 'array',
      minItems: 1,
      maxItems: 16,
      items: {
        anyOf: [
          object({ type: { const: 'text' }, text: str(LIMITS.toolResultBytes) }, ['type', 'text']),
          object({ type: { const: 'image' }, data: str(LIMITS.toolResultBytes, 1), mimeType: imageMimeType }, [
            'type',
            'data',
            'mimeType',
          ]),
        ],
      },
    },
    isError: bool,
  },
  ['content'],
);
/** Base64 length of `bytes` raw bytes, plus slack for padding. */
const base64Chars = (bytes: number): number => Math.ceil((bytes * 4) / 3) + 4;

// ---- method table ----

/** What the host checks before running a method. */
export interface MethodSpec {
  /** JSON schema of the params object. */
  params: JsonSchema;
  /** Permission needed; a list means any one of them. */
  permission?: PermissionId | readonly PermissionId[];
  /** Calls allowed in a sliding minute. */
  perMinute?: number;
  /** Least time between two accepted calls. */
  minIntervalMs?: number;
  /** Needs the card on screen (`visibility === 'visible'`). */
  visible?: boolean;
  /** The request may be up to `LIMITS.largeMessageBytes`. */
  large?: boolean;
  /** The result may be up to `LIMITS.largeMessageBytes`. */
  largeResponse?: boolean;
  /** May be called before `host.ready` has succeeded. */
  beforeReady?: boolean;
}

/** Freezes a schema and everything in it, so the shared table cannot be changed by a caller. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const spec = (params: JsonSchema, flags: Omit<MethodSpec, 'params'> = {}): MethodSpec =>
  deepFreeze({ params, ...flags });

const network: readonly PermissionId[] = /* @__PURE__ */ Object.freeze(['network', 'network.local']);

/** Every method of the protocol: params schema, permission, throttles and flags. */
export const METHODS = /* @__PURE__ */ Object.freeze({
  // host / events
  'host.ready': spec(object({ sdkVersion: str(32, 1), protocol: int(1) }, ['sdkVersion', 'protocol']), {
    beforeReady: true,
  }),
  'host.capabilities': spec(empty),
  'host.log': spec(
    object({ level: oneOfStrings(LOG_LEVELS), message: str(LIMITS.logLineChars) }, ['level', 'message']),
  ),
  'host.pong': spec(object({ seq: int(0) }, ['seq'])),
  'events.subscribe': spec(
    object({ topics: topics(true), agentIds: { type: 'array', maxItems: 64, items: id } }, ['topics']),
  ),
  'events.unsubscribe': spec(object({ topics: topics(false) }, ['topics'])),
  // card chrome and window
  'card.getInfo': spec(empty),
  'card.setTitle': spec(object({ title: orNull(str(LIMITS.titleChars)) }, ['title']), { perMinute: 30 }),
  'card.setStatus': spec(object({ text: orNull(str(LIMITS.statusChars)), tone, busy: bool }), {
    perMinute: LIMITS.chromeUpdatesPerMinute,
  }),
  'card.setBadge': spec(object({ count: orNull(int(0, 1_000_000)), text: orNull(str(12)), tone }), {
    perMinute: LIMITS.chromeUpdatesPerMinute,
  }),
  'card.setOverview': spec(
    object({
      primary: orNull(str(LIMITS.overviewChars)),
      secondary: orNull(str(LIMITS.overviewChars)),
      progress: { type: ['number', 'null'], minimum: 0, maximum: 1 },
      tone,
      icon: orNull(icon),
    }),
    { perMinute: LIMITS.chromeUpdatesPerMinute },
  ),
  'card.attention': spec(
    object({ level: oneOfStrings(ATTENTION_LEVELS), message: str(LIMITS.statusChars * 2) }, ['level']),
    { minIntervalMs: LIMITS.attentionIntervalMs },
  ),
  'card.requestResize': spec(object({ w: int(1, 10_000), h: int(1, 10_000) }, ['w', 'h']), {
    minIntervalMs: LIMITS.resizeIntervalMs,
  }),
  'card.openLink': spec(object({ url: { type: 'string', format: 'uri', maxLength: 2048 } }, ['url']), {
    visible: true,
  }),
  'card.focus': spec(object({ cardId: id }, ['cardId']), { visible: true, minIntervalMs: LIMITS.focusIntervalMs }),
  'card.spawn': spec(
    object({ kind: oneOfStrings(SPAWN_KINDS), title: str(LIMITS.titleChars), connect: bool, init: anyJson }, ['kind']),
    { permission: 'canvas.spawn', perMinute: 4 },
  ),
  // ui
  'ui.toast': spec(object({ message: str(LIMITS.toastChars, 1), tone, durationMs: int(1000, 15_000) }, ['message']), {
    minIntervalMs: LIMITS.toastIntervalMs,
  }),
  'ui.confirm': spec(
    object(
      {
        title: str(LIMITS.titleChars, 1),
        message: str(LIMITS.confirmChars),
        confirmLabel: str(40, 1),
        cancelLabel: str(40, 1),
        tone: dangerTone,
      },
      ['title', 'message'],
    ),
    { visible: true, perMinute: 10 },
  ),
  'ui.setMenu': spec(
    object(
      {
        items: {
          type: 'array',
          maxItems: LIMITS.menuItems,
          items: object({ id: str(64, 1), label: str(60, 1), icon, tone: dangerTone, disabled: bool }, ['id', 'label']),
        },
      },
      ['items'],
    ),
    { perMinute: 30 },
  ),
  // settings / storage / theme / i18n / workspace / permissions
  'settings.get': spec(empty),
  'settings.set': spec(
    object(
      {
        values: {
          type: 'object',
          maxProperties: LIMITS.settings,
          additionalProperties: { type: ['string', 'number', 'boolean'] },
        },
      },
      ['values'],
    ),
    { perMinute: 60 },
  ),
  'settings.open': spec(empty, { visible: true }),
  'storage.get': spec(object({ scope, key: storageKey }, ['scope', 'key'])),
  'storage.set': spec(object({ scope, key: storageKey, value: anyJson }, ['scope', 'key', 'value'])),
  'storage.delete': spec(object({ scope, key: storageKey }, ['scope', 'key'])),
  'storage.keys': spec(object({ scope, prefix: str(LIMITS.storageKeyChars) }, ['scope'])),
  'storage.clear': spec(object({ scope }, ['scope'])),
  'storage.usage': spec(object({ scope }, ['scope'])),
  'theme.get': spec(empty),
  'i18n.get': spec(empty),
  'workspace.get': spec(empty),
  'permissions.list': spec(empty),
  'permissions.request': spec(
    object(
      {
        ids: {
          type: 'array',
          minItems: 1,
          maxItems: PERMISSION_IDS.length,
          uniqueItems: true,
          items: oneOfStrings(PERMISSION_IDS),
        },
      },
      ['ids'],
    ),
    { visible: true, minIntervalMs: 5_000 },
  ),
  // agents / terminals / usage
  'agents.list': spec(empty, { permission: 'agents.read' }),
  'agents.get': spec(object({ agentId: id }, ['agentId']), { permission: 'agents.read' }),
  'agents.readScreen': spec(object({ agentId: id, lines: int(1, LIMITS.screenLines) }, ['agentId']), {
    permission: 'agents.output',
  }),
  'agents.lastReply': spec(object({ agentId: id }, ['agentId']), { permission: 'agents.output' }),
  'agents.prompt': spec(
    object(
      {
        agentId: id,
        text: str(LIMITS.promptChars, 1),
        submit: bool,
        whenBusy: oneOfStrings(['queue', 'send', 'fail']),
      },
      ['agentId', 'text'],
    ),
    { permission: 'agents.prompt', perMinute: LIMITS.promptsPerMinute },
  ),
  'agents.usage': spec(agentWindow, { permission: 'usage.read', perMinute: 60 }),
  'agents.timeline': spec(agentWindow, { permission: 'usage.read', perMinute: 60 }),
  'terminals.run': spec(
    object(
      { agentId: id, command: str(LIMITS.terminalWriteChars, 1), timeoutMs: int(1000, LIMITS.terminalRunTimeoutMs) },
      ['agentId', 'command'],
    ),
    { permission: 'terminals.write', perMinute: 30 },
  ),
  'terminals.write': spec(
    object({ agentId: id, text: str(LIMITS.terminalWriteChars, 1), submit: bool }, ['agentId', 'text']),
    { permission: 'terminals.write', perMinute: 60 },
  ),
  'usage.summary': spec(object({ period: oneOfStrings(USAGE_PERIODS) }, ['period']), {
    permission: 'usage.read',
    perMinute: 6,
  }),
  // ports / tools
  'ports.describe': spec(empty),
  'ports.peers': spec(empty),
  'ports.emit': spec(object({ port: portId, data: anyJson }, ['port', 'data'])),
  'ports.send': spec(object({ to: id, port: portId, input: portId, data: anyJson }, ['to', 'port', 'data'])),
  'ports.request': spec(
    object({ to: id, input: portId, data: anyJson, timeoutMs: int(100, 120_000) }, ['to', 'input', 'data']),
  ),
  'ports.respond': spec(object({ requestId: id, data: anyJson, error: str(1000) }, ['requestId'])),
  'ports.read': spec(object({ from: id, port: portId }, ['from', 'port'])),
  'tools.respond': spec(object({ callId: id, result: toolResult, error: str(4000) }, ['callId'])),
  'tools.progress': spec(object({ callId: id, message: str(200, 1) }, ['callId', 'message']), { minIntervalMs: 250 }),
  'tools.setEnabled': spec(object({ tool: str(40, 1), enabled: bool }, ['tool', 'enabled']), { perMinute: 30 }),
  // net
  'net.fetch': spec(
    object(
      {
        url: { type: 'string', format: 'uri', maxLength: 8192 },
        method: oneOfStrings(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']),
        headers: { type: 'object', maxProperties: 64, additionalProperties: str(8192) },
        body: str(base64Chars(LIMITS.netRequestBodyBytes)),
        bodyEncoding: oneOfStrings(['text', 'base64']),
        responseType: oneOfStrings(['text', 'json', 'base64', 'stream']),
        timeoutMs: int(1000, LIMITS.netMaxTimeoutMs),
        requestId: str(64, 1),
      },
      ['url'],
    ),
    { permission: network, perMinute: LIMITS.netPerMinute, large: true, largeResponse: true },
  ),
  'net.abort': spec(object({ requestId: str(64, 1) }, ['requestId']), { permission: network }),
  // fs
  'fs.stat': spec(object({ path }, ['path']), { permission: 'fs.read' }),
  'fs.list': spec(object({ path, recursive: bool, maxEntries: int(1, LIMITS.fsListEntries) }, ['path']), {
    permission: 'fs.read',
    largeResponse: true,
  }),
  'fs.read': spec(
    object({ path, encoding: oneOfStrings(['utf8', 'base64']), maxBytes: int(1, LIMITS.fsReadBytes) }, ['path']),
    { permission: 'fs.read', largeResponse: true },
  ),
  'fs.write': spec(
    object(
      {
        path,
        data: str(base64Chars(LIMITS.fsWriteBytes)),
        encoding: oneOfStrings(['utf8', 'base64']),
        createDirs: bool,
        ifMtimeMs: { type: 'number' },
      },
      ['path', 'data'],
    ),
    { permission: 'fs.write', large: true },
  ),
  'fs.mkdir': spec(object({ path }, ['path']), { permission: 'fs.write' }),
  'fs.trash': spec(object({ path }, ['path']), { permission: 'fs.write', perMinute: 60 }),
  'fs.watch': spec(object({ path, recursive: bool }, ['path']), { permission: 'fs.read' }),
  'fs.unwatch': spec(object({ watchId: id }, ['watchId']), { permission: 'fs.read' }),
  // clipboard
  'clipboard.writeText': spec(object({ text: str(LIMITS.clipboardChars) }, ['text']), {
    permission: 'clipboard.write',
    minIntervalMs: LIMITS.clipboardIntervalMs,
  }),
} satisfies Record<MethodName, MethodSpec>) as Readonly<Record<MethodName, MethodSpec>>;

/** Every method name, in protocol order. */
export const METHOD_NAMES: readonly MethodName[] = /* @__PURE__ */ Object.freeze(Object.keys(METHODS) as MethodName[]);

/** Methods whose request may be up to `LIMITS.largeMessageBytes`. */
export const LARGE_REQUEST_METHODS: ReadonlySet<MethodName> = /* @__PURE__ */ new Set(
  METHOD_NAMES.filter((name) => METHODS[name].large === true),
);

/** True when `value` names a method of the protocol. */
export function isMethodName(value: unknown): value is MethodName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(METHODS, value);
}

/** The permissions a method accepts (any one of them), `[]` when it needs none. */
export function methodPermissions(method: MethodName): readonly PermissionId[] {
  const permission = METHODS[method].permission;
  if (permission === undefined) return [];
  return typeof permission === 'string' ? [permission] : permission;
}

/** True when a card holding `granted` (expanded by implies) may call `method`. */
export function methodPermitted(method: MethodName, granted: ReadonlySet<string>): boolean {
  const needed = methodPermissions(method);
  return needed.length === 0 || needed.some((permission) => granted.has(permission));
}

/** The largest JSON length of a request to `method`. */
export function requestLimit(method: string): number {
  return isMethodName(method) && METHODS[method].large === true ? LIMITS.largeMessageBytes : LIMITS.messageBytes;
}

/** The largest JSON length of a result of `method`. */
export function responseLimit(method: string): number {
  return isMethodName(method) && METHODS[method].largeResponse === true
    ? LIMITS.largeMessageBytes
    : LIMITS.messageBytes;
}

// ---- typed params → result map ----

/** Params of a method that takes none. */
export type EmptyParams = Record<string, never> | null;

/** Params naming an agent connected by an arrow. */
interface AgentParams {
  agentId: string;
}

/** Params of a storage call. */
interface StorageKeyParams {
  scope: StorageScope;
  key: string;
}

/** Params and result of every method. */
export interface CardMethods {
  'host.ready': { params: { sdkVersion: string; protocol: number }; result: CardContext };
  'host.capabilities': { params: EmptyParams; result: HostCapabilities };
  'host.log': { params: { level: LogLevel; message: string }; result: void };
  'host.pong': { params: { seq: number }; result: void };
  'events.subscribe': {
    params: { topics: SubscribableTopic[]; agentIds?: string[] };
    result: { topics: SubscribableTopic[] };
  };
  'events.unsubscribe': { params: { topics: SubscribableTopic[] }; result: void };
  'card.getInfo': { params: EmptyParams; result: CardInstance };
  'card.setTitle': { params: { title: string | null }; result: void };
  'card.setStatus': { params: { text?: string | null; tone?: CardTone; busy?: boolean }; result: void };
  'card.setBadge': { params: { count?: number | null; text?: string | null; tone?: CardTone }; result: void };
  'card.setOverview': { params: CardOverview; result: void };
  'card.attention': { params: { level: AttentionLevel; message?: string }; result: void };
  'card.requestResize': { params: CardSize; result: CardSize };
  'card.openLink': { params: { url: string }; result: { opened: boolean } };
  'card.focus': { params: { cardId: string }; result: void };
  'card.spawn': {
    params: { kind: SpawnKind; title?: string; connect?: boolean; init?: JsonValue };
    result: { cardId: string };
  };
  'ui.toast': { params: { message: string; tone?: CardTone; durationMs?: number }; result: void };
  'ui.confirm': {
    params: {
      title: string;
      message: string;
      confirmLabel?: string;
      cancelLabel?: string;
      tone?: 'default' | 'danger';
    };
    result: { confirmed: boolean };
  };
  'ui.setMenu': { params: { items: MenuItem[] }; result: void };
  'settings.get': { params: EmptyParams; result: CardSettingsState };
  'settings.set': { params: { values: Record<string, SettingValue> }; result: CardSettingsState };
  'settings.open': { params: EmptyParams; result: void };
  'storage.get': { params: StorageKeyParams; result: StorageGetResult };
  'storage.set': { params: StorageKeyParams & { value: JsonValue }; result: void };
  'storage.delete': { params: StorageKeyParams; result: void };
  'storage.keys': { params: { scope: StorageScope; prefix?: string }; result: { keys: string[] } };
  'storage.clear': { params: { scope: StorageScope }; result: void };
  'storage.usage': { params: { scope: StorageScope }; result: StorageUsage };
  'theme.get': { params: EmptyParams; result: CardTheme };
  'i18n.get': { params: EmptyParams; result: CardI18n };
  'workspace.get': { params: EmptyParams; result: WorkspaceInfo };
  'permissions.list': { params: EmptyParams; result: PermissionView[] };
  'permissions.request': { params: { ids: PermissionId[] }; result: { granted: PermissionId[] } };
  'agents.list': { params: EmptyParams; result: AgentInfo[] };
  'agents.get': { params: AgentParams; result: AgentInfo };
  'agents.readScreen': { params: AgentParams & { lines?: number }; result: { text: string } };
  'agents.lastReply': { params: AgentParams; result: AgentLastReply };
  'agents.prompt': {
    params: AgentParams & { text: string; submit?: boolean; whenBusy?: WhenBusy };
    result: { delivered: PromptDelivery };
  };
  'agents.usage': { params: AgentParams & { since: number; until?: number }; result: AgentUsage };
  'agents.timeline': { params: AgentParams & { since: number; until?: number }; result: AgentTimeline };
  'terminals.run': { params: AgentParams & { command: string; timeoutMs?: number }; result: TerminalRunResult };
  'terminals.write': { params: AgentParams & { text: string; submit?: boolean }; result: void };
  'usage.summary': { params: { period: UsagePeriod }; result: UsageSummary };
  'ports.describe': { params: EmptyParams; result: CardPorts };
  'ports.peers': { params: EmptyParams; result: PeerInfo[] };
  'ports.emit': { params: { port: string; data: JsonValue }; result: PortDelivery };
  'ports.send': { params: { to: string; port: string; input?: string; data: JsonValue }; result: PortDelivery };
  'ports.request': {
    params: { to: string; input: string; data: JsonValue; timeoutMs?: number };
    result: { data: JsonValue };
  };
  'ports.respond': { params: { requestId: string; data?: JsonValue; error?: string }; result: void };
  'ports.read': { params: { from: string; port: string }; result: PortReadResult | null };
  'tools.respond': { params: { callId: string; result?: ToolResultPayload; error?: string }; result: void };
  'tools.progress': { params: { callId: string; message: string }; result: void };
  'tools.setEnabled': { params: { tool: string; enabled: boolean }; result: void };
  'net.fetch': {
    params: {
      url: string;
      method?: NetMethod;
      headers?: Record<string, string>;
      body?: string;
      bodyEncoding?: 'text' | 'base64';
      responseType?: NetResponseType;
      timeoutMs?: number;
      requestId?: string;
    };
    result: NetRawResponse;
  };
  'net.abort': { params: { requestId: string }; result: void };
  'fs.stat': { params: { path: string }; result: FsStat };
  'fs.list': { params: { path: string; recursive?: boolean; maxEntries?: number }; result: FsListResult };
  'fs.read': { params: { path: string; encoding?: FsEncoding; maxBytes?: number }; result: FsReadResult };
  'fs.write': {
    params: { path: string; data: string; encoding?: FsEncoding; createDirs?: boolean; ifMtimeMs?: number };
    result: FsStat;
  };
  'fs.mkdir': { params: { path: string }; result: FsStat };
  'fs.trash': { params: { path: string }; result: void };
  'fs.watch': { params: { path: string; recursive?: boolean }; result: { watchId: string } };
  'fs.unwatch': { params: { watchId: string }; result: void };
  'clipboard.writeText': { params: { text: string }; result: void };
}

/** One method name. */
export type MethodName = keyof CardMethods;

/** The params of method `M`. */
export type MethodParams<M extends MethodName> = CardMethods[M]['params'];

/** The result of method `M`. */
export type MethodResult<M extends MethodName> = CardMethods[M]['result'];
