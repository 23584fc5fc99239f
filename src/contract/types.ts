// Data shapes of the card contract. `JsonSchema` lives here so every contract file (schema.ts included)
// imports it from one place: `import type { JsonSchema } from './types.js'`.
import type {
  AgentStatus,
  AttentionLevel,
  CardIcon,
  CardLanguage,
  CardSize,
  CardTone,
  CardVisibility,
  LocalizedText,
  SettingType,
  StorageScope,
  UsagePeriod,
} from './constants.js';
import type { LIMITS } from './limits.js';
import type { ManifestPermission, PermissionId, PermissionView } from './permissions.js';
import type { CardTheme } from './theme.js';

export type * from './constants.js';
export type * from './permissions.js';
export type * from './theme.js';

// ---- JSON ----

/** A JSON scalar. */
export type JsonPrimitive = string | number | boolean | null;
/** A JSON array. */
export type JsonArray = JsonValue[];
/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}
/** Any plain JSON value. */
export type JsonValue = JsonPrimitive | JsonArray | JsonObject;

/** The JSON types a schema `type` keyword can name. */
export type JsonSchemaType = 'null' | 'boolean' | 'object' | 'array' | 'number' | 'integer' | 'string';

/** A JSON Schema in the subset the app understands (draft 2020-12 keywords; card schemas may not use `pattern`). */
export interface JsonSchema {
  // annotations (ignored by the validator)
  $id?: string;
  $schema?: string;
  $comment?: string;
  title?: string;
  description?: string;
  default?: JsonValue;
  examples?: readonly JsonValue[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  // references
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  // any value
  type?: JsonSchemaType | readonly JsonSchemaType[];
  enum?: readonly JsonValue[];
  const?: JsonValue;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  // strings
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  // numbers
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  // arrays
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  // objects
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: JsonSchema | boolean;
  minProperties?: number;
  maxProperties?: number;
}

// ---- i18n ----

/** A tree of translations: strings, or nested groups flattened to dotted keys. */
export interface CatalogTree {
  [key: string]: string | CatalogTree;
}

/** Translations per language; English is the fallback. */
export type Catalog = { en: CatalogTree } & Partial<Record<Exclude<CardLanguage, 'en'>, CatalogTree>>;

/** The app language and locale (`context.i18n`, `i18n.get`, `i18n.changed`). */
export interface CardI18n {
  language: CardLanguage;
  locale: string;
}

// ---- ports ----

/** The well-known port types. */
export type NsPortType =
  | 'ns:any'
  | 'ns:text'
  | 'ns:markdown'
  | 'ns:number'
  | 'ns:boolean'
  | 'ns:json'
  | 'ns:url'
  | 'ns:image'
  | 'ns:file-ref'
  | 'ns:task'
  | 'ns:tasks'
  | 'ns:task-patch'
  | 'ns:table'
  | 'ns:event'
  | 'ns:trigger';

/** A port type: a well-known `ns:*` type or a custom `<package-name>/<type-name>`. */
export type PortTypeId = NsPortType | `${string}/${string}`;

/** How an input takes values: a stream of messages, or requests that get an answer. */
export type PortMode = 'stream' | 'request';

/** The answer type of a request input. */
export interface PortResponse {
  type: PortTypeId;
  schema?: JsonSchema;
}

/** One port of a card (own ports and peers' ports); labels are localized. */
export interface PortInfo {
  id: string;
  label: string;
  description?: string;
  type: PortTypeId;
  schema?: JsonSchema;
  mode: PortMode;
  response?: PortResponse;
  retain: boolean;
  default: boolean;
  /** Set on built-in cards' inputs: the permission this card needs to use the port. */
  permission?: PermissionId;
}

/** The card's own ports. */
export interface CardPorts {
  inputs: PortInfo[];
  outputs: PortInfo[];
}

/** What kind of card a peer is. */
export type PeerKind = 'custom' | 'note' | 'todo' | 'kanban' | 'sticky' | 'agent' | 'terminal' | 'other';

/** Which way the arrow between this card and a peer points. */
export type PeerDirection = 'upstream' | 'downstream' | 'both';

/** A card connected to this card by an arrow. */
export interface PeerInfo {
  cardId: string;
  kind: PeerKind | (string & {});
  name: string;
  /** The package name of a custom card, the harness of an agent or terminal. */
  type?: string;
  direction: PeerDirection;
  inputs: PortInfo[];
  outputs: PortInfo[];
}

/** The `ns:image` value. */
export interface PortImage {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  data: string;
  alt?: string;
}

/** The `ns:file-ref` value. */
export interface PortFileRef {
  path: string;
  line?: number;
}

/** Status of an `ns:task`. */
export type TaskStatus = 'pending' | 'active' | 'done' | 'error';

/** The `ns:task` value. */
export interface PortTask {
  text: string;
  id?: string;
  status?: TaskStatus;
  column?: string;
  assignee?: string;
}

/** The `ns:task-patch` value. */
export interface PortTaskPatch {
  ref: string;
  text?: string;
  status?: TaskStatus;
  column?: string;
}

/** The `ns:table` value. */
export interface PortTable {
  columns: string[];
  rows: Array<Array<string | number | boolean | null>>;
}

/** The `ns:event` value. */
export interface PortEvent {
  type: string;
  data?: JsonValue;
  at?: number;
}

/** A message received on one of this card's inputs (`ports.message`). */
export interface PortMessage<T = JsonValue> {
  from: string;
  fromKind: PeerKind | (string & {});
  output: string;
  input: string;
  /** This card's input type (after conversion). */
  type: PortTypeId;
  /** The sender's declared output type (absent on older apps). */
  sourceType?: PortTypeId;
  data: T;
  at: number;
}

/** A request from another card to one of this card's request inputs (`ports.request` event). */
export interface PortRequest<T = JsonValue> {
  requestId: string;
  from: string;
  input: string;
  data: T;
  /** Epoch ms after which the answer is useless. */
  deadline: number;
}

/** A retained output value read with `ports.read`. */
export interface PortReadResult<T = JsonValue> {
  data: T;
  at: number;
}

/** Result of `ports.emit` / `ports.send`. */
export interface PortDelivery {
  delivered: number;
}

// ---- card context ----

/** This card instance (`context.instance`, `card.getInfo`). */
export interface CardInstance {
  instanceId: string;
  packageId: string;
  name: string;
  displayName: string;
  version: string;
  commit: string | null;
  title: string | null;
  size: CardSize;
  dev: boolean;
}

/** The workspace the card lives in; `path` only with file permissions. */
export interface WorkspaceInfo {
  id: string;
  name: string;
  path?: string;
}

/** A value of a non-secret setting. */
export type SettingValue = string | number | boolean;

/** Setting values and which secrets are set (`context.settings`, `settings.get`). */
export interface CardSettingsState {
  values: Record<string, SettingValue>;
  /** Secret key → whether the user has set it; values never reach the card. */
  secrets: Record<string, boolean>;
}

/** Status line the app shows for the card. */
export interface ChromeStatus {
  text: string;
  tone: CardTone;
  busy: boolean;
}

/** Badge the app shows for the card. */
export interface ChromeBadge {
  count: number | null;
  text: string | null;
  tone: CardTone;
}

/** What the card shows as a zoomed-out tile. */
export interface CardOverview {
  primary?: string | null;
  secondary?: string | null;
  progress?: number | null;
  tone?: CardTone;
  icon?: CardIcon | null;
}

/** The card's attention pulse. */
export interface ChromeAttention {
  level: Exclude<AttentionLevel, 'none'>;
  message: string | null;
}

/** Chrome the app keeps for the card across frame reloads. */
export interface CardChrome {
  title: string | null;
  status: ChromeStatus | null;
  badge: ChromeBadge | null;
  overview: CardOverview | null;
  attention: ChromeAttention | null;
}

/** Why the frame was loaded: a fresh card, or a reload of an existing one. */
export type CardLaunch = 'created' | 'reloaded' | (string & {});

/** Everything the host tells the card about itself (`host.ready` result, `card.context`). */
export interface CardContext {
  protocol: number;
  appVersion: string;
  instance: CardInstance;
  workspace: WorkspaceInfo;
  visibility: CardVisibility;
  expanded: boolean;
  theme: CardTheme;
  i18n: CardI18n;
  settings: CardSettingsState;
  permissions: PermissionView[];
  ports: CardPorts;
  peers: PeerInfo[];
  launch: CardLaunch;
  limits: typeof LIMITS;
  /** The `init` given to `card.spawn` for this card. */
  spawnInit?: JsonValue;
  chrome?: CardChrome;
  /** Names of the tools the manifest declares (hosts that send it let `tools.handle` warn about a typo). */
  tools?: string[];
}

// ---- agents ----

/** An AI agent or a terminal. */
export type AgentKind = 'ai' | 'shell';

/** How a turn ended. */
export type TurnEnd = 'finished' | 'needs-input';

/** The last finished turn of an agent. */
export interface AgentLastTurn {
  startedAt: number | null;
  endedAt: number;
  endedAs: TurnEnd;
}

/** An agent or terminal on the canvas. */
export interface AgentInfo {
  id: string;
  name: string;
  harness: string;
  kind: AgentKind;
  status: AgentStatus;
  connected: boolean;
  sessionTitle?: string;
  turnStartedAt?: number;
  lastTurn?: AgentLastTurn;
  model?: string;
}

/** `agents.status`: an agent's status changed. */
export interface AgentStatusEvent {
  agentId: string;
  status: AgentStatus;
  at: number;
}

/** `agents.turn`: a turn started or ended. */
export interface AgentTurnEvent {
  agentId: string;
  phase: 'start' | 'end';
  at: number;
}

/** `agents.changed`: the whole new agent list. */
export interface AgentsChangedEvent {
  agents: AgentInfo[];
}

/** `agents.output`: a chunk of an agent's output (ANSI stripped). */
export interface AgentOutputEvent {
  agentId: string;
  text: string;
  at: number;
}

/** Token and cost counts of part of a run; null means "not reported", never 0. */
export interface AgentUsagePart {
  requests: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  reasoningTokens: number | null;
  totalTokens: number | null;
  costMicroUsd: number | null;
}

/** Counts of the subagents of a run (contract 1.3). */
export interface AgentUsageSubagents extends AgentUsagePart {
  count: number;
}

/** One agent's numbers inside a time window (`agents.usage`). Totals include subagents. */
export interface AgentUsage extends AgentUsagePart {
  agentId: string;
  harness: string;
  since: number;
  until: number;
  status: AgentStatus;
  usageReadable: boolean;
  model?: string;
  provider?: string;
  prompts: number;
  costPartial: boolean;
  firstPromptAt: number | null;
  lastFinishedAt: number | null;
  elapsedMs: number | null;
  workingMs: number;
  timingComplete: boolean;
  scannedAt: number;
  subagents?: AgentUsageSubagents;
  mainOnly?: AgentUsagePart;
}

/** One model request of an agent. */
export interface AgentRequestSpan {
  startedAt: number | null;
  endedAt: number;
  model?: string;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  tools?: string[];
  /** The subagent that made the request (contract 1.3). */
  subagent?: { id: string; name?: string };
}

/** A stretch of time an agent spent in one status. */
export interface AgentStatusSpan {
  status: AgentStatus;
  from: number;
  to: number;
}

/** One turn of an agent: prompt → finish. */
export interface AgentTurnSpan {
  start: number;
  end: number | null;
  endedAs?: TurnEnd;
  counted: boolean;
}

/** One agent's requests, statuses and turns inside a time window (`agents.timeline`). */
export interface AgentTimeline {
  agentId: string;
  harness: string;
  since: number;
  until: number;
  usageReadable: boolean;
  /** `start-end` when request send times are known, else `end`. */
  requestTimes: 'start-end' | 'end' | (string & {});
  requests: AgentRequestSpan[];
  truncated: boolean;
  statuses: AgentStatusSpan[];
  turns: AgentTurnSpan[];
  scannedAt: number;
}

/** The last reply of an agent, from its session log. */
export interface AgentLastReply {
  text: string | null;
  at: number | null;
}

/** How a prompt was delivered. */
export type PromptDelivery = 'sent' | 'queued' | 'inserted';

/** What to do with a prompt while the agent is working. */
export type WhenBusy = 'queue' | 'send' | 'fail';

/** Result of `terminals.run`. */
export interface TerminalRunResult {
  exitCode: number | null;
  output: string;
  truncated: boolean;
  timedOut: boolean;
}

/** Result of `usage.summary` (row shape is host-defined). */
export interface UsageSummary {
  period: UsagePeriod;
  from: string;
  to: string;
  rows: JsonValue[];
  totalCostMicroUsd: number;
  partial: boolean;
}

// ---- tools ----

/** The agent that called a tool. */
export interface ToolAgent {
  id: string;
  name: string;
}

/** The `tools.call` event as the host sends it: which tool, with what arguments, for which agent, until when. */
export interface ToolCallRequest<A = JsonObject> {
  callId: string;
  tool: string;
  args: A;
  agent: ToolAgent;
  /** Epoch ms after which the answer is useless. */
  deadline: number;
}

/** The call a `tools.handle` handler receives as its second parameter: who called, until when, and how to report. */
export interface ToolCall<A = JsonObject> {
  /** Id of this call (the host matches the answer by it). */
  callId: string;
  /** The tool's name as declared in the manifest. */
  tool: string;
  /** The call's arguments (the same value as the handler's first parameter). */
  args?: A;
  /** The agent that called the tool. */
  agent: ToolAgent;
  /** Epoch ms after which the answer is useless. */
  deadline: number;
  /** Aborts with `TIMEOUT` at the deadline, or `USER_CANCELLED` when the host cancels. */
  signal: AbortSignal;
  /** Shows a short progress message on the arrow (first 200 characters). */
  progress(message: string): void;
}

/** A text item of a tool result. */
export interface ToolResultText {
  type: 'text';
  text: string;
}

/** An image item of a tool result (base64). */
export interface ToolResultImage {
  type: 'image';
  data: string;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
}

/** One content item of a tool result. */
export type ToolContentItem = ToolResultText | ToolResultImage;

/** A tool result as sent to the agent. */
export interface ToolResultPayload {
  content: ToolContentItem[];
  isError?: boolean;
}

// ---- ui ----

/** A card menu entry as sent to the host. */
export interface MenuItem {
  id: string;
  label: string;
  icon?: CardIcon;
  tone?: 'default' | 'danger';
  disabled?: boolean;
}

/** Options of `ui.confirm`. */
export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'default' | 'danger';
}

// ---- host ----

/** What the host supports (`host.capabilities`). */
export interface HostCapabilities {
  protocol: number;
  methods: string[];
  events: string[];
}

// ---- storage ----

/** Result of `storage.get`. */
export interface StorageGetResult<T = JsonValue> {
  exists: boolean;
  value: T | null;
}

/** Result of `storage.usage`. */
export interface StorageUsage {
  bytes: number;
  quota: number;
  keys: number;
}

/** `storage.changed`: a stored key changed. */
export interface StorageChangedEvent {
  key: string;
  scope?: StorageScope;
  [field: string]: JsonValue | undefined;
}

// ---- net ----

/** HTTP methods of `net.fetch`. */
export type NetMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How `net.fetch` returns the body. */
export type NetResponseType = 'text' | 'json' | 'base64' | 'stream';

/** The raw result of `net.fetch`. */
export interface NetRawResponse {
  requestId: string;
  status: number;
  statusText: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  url: string;
  body?: string;
  json?: JsonValue;
  truncated?: boolean;
}

/** `net.chunk`: a piece of a streamed response. */
export interface NetChunkEvent {
  requestId: string;
  chunk: string;
  encoding: 'text' | 'base64';
  done?: boolean;
  error?: string;
}

// ---- fs ----

/** File or folder. */
export type FsEntryType = 'file' | 'directory';

/** File encodings of `fs.read` / `fs.write`. */
export type FsEncoding = 'utf8' | 'base64';

/** Result of `fs.stat`, `fs.write`, `fs.mkdir`. */
export interface FsStat {
  path: string;
  type: FsEntryType;
  size: number;
  mtimeMs: number;
}

/** One entry of `fs.list`. */
export interface FsEntry {
  path: string;
  type: FsEntryType;
  size?: number;
}

/** Result of `fs.list`. */
export interface FsListResult {
  entries: FsEntry[];
  truncated: boolean;
}

/** Result of `fs.read`. */
export interface FsReadResult {
  data: string;
  encoding: FsEncoding;
  size: number;
  truncated: boolean;
}

/** `fs.changed`: a watched path changed. */
export interface FsChangedEvent {
  watchId: string;
  path: string;
  type: string;
}

// ---- manifest ----

/** The manifest's author. */
export interface ManifestAuthor {
  name: string;
  url?: string;
}

/** Card sizes in the manifest. */
export interface ManifestCardSizes {
  defaultSize?: CardSize;
  minSize?: CardSize;
  maxSize?: CardSize;
}

/** A permission entry as written in the manifest. */
export type ManifestPermissionEntry =
  PermissionId | { id: PermissionId; hosts?: string[]; reason?: LocalizedText; optional?: boolean };

/** One option of a `select` setting. */
export interface ManifestSettingOption {
  value: string;
  label: LocalizedText;
}

/** A setting declared in the manifest. */
export interface ManifestSetting {
  key: string;
  type: SettingType;
  label: LocalizedText;
  description?: LocalizedText;
  default?: SettingValue;
  required?: boolean;
  scope?: StorageScope;
  placeholder?: LocalizedText;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
  options?: ManifestSettingOption[];
}

/** A port declared in the manifest. */
export interface ManifestPort {
  id: string;
  label: LocalizedText;
  type: PortTypeId;
  description?: LocalizedText;
  schema?: JsonSchema;
  mode?: PortMode;
  response?: PortResponse;
  retain?: boolean;
  default?: boolean;
}

/** A tool declared in the manifest (agents see `<name with - → _>_<tool>`). */
export interface ManifestTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  title?: string;
  readOnly?: boolean;
  timeoutMs?: number;
}

/** neurosquad-card.json. */
export interface CardManifest {
  $schema?: string;
  manifestVersion: 1;
  name: string;
  displayName: LocalizedText;
  version: string;
  description?: LocalizedText;
  author?: ManifestAuthor;
  license?: string;
  homepage?: string;
  icon?: string;
  protocol: number;
  minAppVersion?: string;
  entry?: string;
  card?: ManifestCardSizes;
  permissions?: ManifestPermissionEntry[];
  settings?: ManifestSetting[];
  ports?: { inputs?: ManifestPort[]; outputs?: ManifestPort[] };
  tools?: ManifestTool[];
  keywords?: string[];
}

/** A manifest after validation: defaults filled and permissions normalized. */
export interface NormalizedManifest extends Omit<
  CardManifest,
  'entry' | 'card' | 'permissions' | 'settings' | 'ports' | 'tools'
> {
  entry: string;
  card: Required<ManifestCardSizes>;
  permissions: ManifestPermission[];
  settings: ManifestSetting[];
  ports: { inputs: ManifestPort[]; outputs: ManifestPort[] };
  tools: ManifestTool[];
}
