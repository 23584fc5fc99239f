import type {
  AttentionLevel,
  CardSize,
  CardTone,
  LogLevel,
  SpawnKind,
  StorageScope,
  UsagePeriod,
} from './constants.js';
import type { SubscribableTopic } from './events.js';
import { LIMITS } from './limits.js';
import { isMethodName, methodParamsTable } from './method-params.js';
import { LARGE_REQUEST_METHODS } from './request-limit.js';
import type { PermissionId, PermissionView } from './permissions.js';
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

type MethodRules = Omit<MethodSpec, 'params' | 'large'>;

const network: readonly PermissionId[] = /* @__PURE__ */ Object.freeze(['network', 'network.local']);
const chromeRate: MethodRules = { perMinute: LIMITS.chromeUpdatesPerMinute };

/** The host's rules of each method beyond its params (methods without any are left out). */
const RULES: Partial<Record<MethodName, MethodRules>> = {
  'host.ready': { beforeReady: true },
  'card.setTitle': { perMinute: 30 },
  'card.setStatus': chromeRate,
  'card.setBadge': chromeRate,
  'card.setOverview': chromeRate,
  'card.attention': { minIntervalMs: LIMITS.attentionIntervalMs },
  'card.requestResize': { minIntervalMs: LIMITS.resizeIntervalMs },
  'card.openLink': { visible: true },
  'card.focus': { visible: true, minIntervalMs: LIMITS.focusIntervalMs },
  'card.spawn': { permission: 'canvas.spawn', perMinute: 4 },
  'ui.toast': { minIntervalMs: LIMITS.toastIntervalMs },
  'ui.confirm': { visible: true, perMinute: 10 },
  'ui.setMenu': { perMinute: 30 },
  'settings.set': { perMinute: 60 },
  'settings.open': { visible: true },
  'permissions.request': { visible: true, minIntervalMs: 5_000 },
  'agents.list': { permission: 'agents.read' },
  'agents.get': { permission: 'agents.read' },
  'agents.readScreen': { permission: 'agents.output' },
  'agents.lastReply': { permission: 'agents.output' },
  'agents.prompt': { permission: 'agents.prompt', perMinute: LIMITS.promptsPerMinute },
  'agents.usage': { permission: 'usage.read', perMinute: 60 },
  'agents.timeline': { permission: 'usage.read', perMinute: 60 },
  'terminals.run': { permission: 'terminals.write', perMinute: 30 },
  'terminals.write': { permission: 'terminals.write', perMinute: 60 },
  'usage.summary': { permission: 'usage.read', perMinute: 6 },
  'tools.progress': { minIntervalMs: 250 },
  'tools.setEnabled': { perMinute: 30 },
  'net.fetch': { permission: network, perMinute: LIMITS.netPerMinute, largeResponse: true },
  'net.abort': { permission: network },
  'fs.stat': { permission: 'fs.read' },
  'fs.list': { permission: 'fs.read', largeResponse: true },
  'fs.read': { permission: 'fs.read', largeResponse: true },
  'fs.write': { permission: 'fs.write' },
  'fs.mkdir': { permission: 'fs.write' },
  'fs.trash': { permission: 'fs.write', perMinute: 60 },
  'fs.watch': { permission: 'fs.read' },
  'fs.unwatch': { permission: 'fs.read' },
  'clipboard.writeText': { permission: 'clipboard.write', minIntervalMs: LIMITS.clipboardIntervalMs },
};

/** Freezes the params schemas all the way down: `METHODS` is public, the client's own reading of them is not. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function buildMethods(): Readonly<Record<MethodName, MethodSpec>> {
  const params = deepFreeze(methodParamsTable());
  const entries = (Object.keys(params) as MethodName[]).map((name): [MethodName, MethodSpec] => {
    const spec: MethodSpec = { params: params[name], ...RULES[name] };
    if (LARGE_REQUEST_METHODS.has(name)) spec.large = true;
    return [name, Object.freeze(spec)];
  });
  return Object.freeze(Object.fromEntries(entries) as Record<MethodName, MethodSpec>);
}

/** Every method of the protocol: params schema, permission, throttles and flags. */
export const METHODS: Readonly<Record<MethodName, MethodSpec>> = /* @__PURE__ */ buildMethods();

/** Every method name, in protocol order. */
export const METHOD_NAMES: readonly MethodName[] = /* @__PURE__ */ Object.freeze(Object.keys(METHODS) as MethodName[]);

export { isMethodName } from './method-params.js';
export { LARGE_REQUEST_METHODS, requestLimit } from './request-limit.js';

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

/** A method a card can call on the host (a key of the method table). */
export type MethodName = keyof CardMethods;

/** What a card sends as the params of method `M`, from the method table. */
export type MethodParams<M extends MethodName> = CardMethods[M]['params'];

/** What the host answers to method `M`, from the method table. */
export type MethodResult<M extends MethodName> = CardMethods[M]['result'];
