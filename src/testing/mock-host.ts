import { connect } from '../client/connect.js';
import type { Card } from '../client/card.js';
import type { ConnectOptions } from '../client/connect.js';
import type { CardLanguage, CardVisibility, StorageScope } from '../contract/constants.js';
import { CardSdkError } from '../contract/errors.js';
import { settingsDefaults } from '../contract/manifest.js';
import { expandPermissions, permissionView } from '../contract/permissions.js';
import type {
  AgentInfo,
  AgentStatus,
  AgentTimeline,
  AgentUsage,
  CardContext,
  JsonValue,
  NormalizedManifest,
  ToolResultPayload,
} from '../contract/types.js';
import { createRateLimiter } from '../host/rate-limits.js';
import type { RateLimiter } from '../host/rate-limits.js';
import { serveCardPort } from '../host/engine.js';
import { serveCardFrame } from '../host/frame.js';
import type { CardFrameWindow } from '../host/frame.js';
import { createTopicSubscriptions } from '../host/subscriptions.js';
import type { TopicSubscriptions } from '../host/subscriptions.js';
import type { CardHostBindings, CardPortServer, HostRequest } from '../host/engine.js';
import { createChangeFeed } from './change-feed.js';
import { agentHandlers, agentOutput, setAgentStatus } from './agents.js';
import { chromeHandlers, uiHandlers } from './chrome.js';
import { defaultContext, localeFor, localizedContext, peerInfo } from './context.js';
import { fileBytes, fsHandlers, touchFile } from './fs.js';
import { hostHandlers } from './host.js';
import { mockManifest } from './manifest.js';
import { netHandlers } from './net.js';
import { permissionHandlers } from './permissions.js';
import { portHandlers, requestPort, sendPortMessage } from './ports.js';
import type { PendingReply } from './replies.js';
import { secretKeys, settingHandlers } from './settings.js';
import { storageHandlers } from './storage.js';
import { callTool, cancelTool, toolHandlers } from './tools.js';
import type {
  MockAgentRecords,
  MockCall,
  MockChrome,
  MockConfirmRequest,
  MockDelivery,
  MockEvent,
  MockFile,
  MockHandler,
  MockHost,
  MockHostOptions,
  MockPeer,
  MockPortMessageOptions,
  MockPortRequestOptions,
  MockServeFrameOptions,
  MockServeOptions,
  MockToolCallOptions,
} from './types.js';

/** A built-in method of the mock: gets the host's internals and the request (for work after the reply). */
export type BuiltinHandler = (params: any, host: MockCardHost, request: HostRequest) => unknown;

/** Built-ins of one namespace, by method name. */
export type BuiltinHandlers = Readonly<Record<string, BuiltinHandler>>;

const BUILTINS: BuiltinHandlers = {
  ...hostHandlers,
  ...chromeHandlers,
  ...uiHandlers,
  ...settingHandlers,
  ...storageHandlers,
  ...permissionHandlers,
  ...agentHandlers,
  ...portHandlers,
  ...toolHandlers,
  ...netHandlers,
  ...fsHandlers,
};

/** Every method the mock answers by itself. */
export const BUILTIN_METHOD_NAMES: readonly string[] = Object.freeze(Object.keys(BUILTINS));

/** The in-memory host behind `createMockHost()`: state, records, drivers. */
export class MockCardHost implements MockHost {
  readonly manifest: NormalizedManifest;
  readonly calls: MockCall[] = [];
  readonly events: MockEvent[] = [];
  readonly storage: Record<StorageScope, Map<string, JsonValue>> = { instance: new Map(), package: new Map() };
  readonly deliveries: MockDelivery[] = [];
  readonly retained = new Map<string, { data: unknown; at: number }>();
  readonly prompts: { agentId: string; text: string; delivered: string }[] = [];
  readonly terminal: { agentId: string; text: string; kind: 'run' | 'write' }[] = [];
  readonly commands: { agentId: string; command: string }[] = [];
  readonly confirms: MockConfirmRequest[] = [];
  readonly logs: { level: string; message: string }[] = [];
  readonly toasts: { message: string; tone?: string }[] = [];
  readonly clipboard: string[] = [];
  readonly spawned: { cardId: string; kind: string; title?: string; init?: unknown }[] = [];
  readonly aborted: string[] = [];
  readonly pongs: number[] = [];
  /** Topic subscriptions of the card (`subscriptions` and `outputAgents` are its records). */
  readonly topics: TopicSubscriptions = createTopicSubscriptions();
  readonly subscriptions = this.topics.topics;
  readonly outputAgents = this.topics.agentIds;
  readonly chrome: MockChrome = {
    title: null,
    status: null,
    badge: null,
    overview: null,
    attention: null,
    menu: [],
    enabledTools: {},
  };
  readonly files = new Map<string, MockFile>();
  agents: AgentInfo[];
  peers: MockPeer[];

  /** The options the host was made with. */
  readonly options: MockHostOptions;
  /** The current context (mutated in place; the card gets copies over the wire). */
  context: CardContext;
  /** The granted ids, before implications. */
  granted: Set<string>;
  /** Values of secret settings. */
  readonly secretValues = new Map<string, string>();
  /** Tool calls waiting for `tools.respond`. */
  readonly pendingTools = new Map<string, PendingReply>();
  /** Port requests waiting for `ports.respond`. */
  readonly pendingRequests = new Map<string, PendingReply>();
  /** Watch id → what it watches. */
  readonly watchers = new Map<string, { path: string; recursive: boolean }>();
  /** The last status `setAgentStatus` recorded per agent. */
  readonly lastStatus = new Map<string, AgentStatus>();
  /** Fetches answered so far (names the ones the card sent without a request id). */
  fetchCount = 0;
  agentUsage: MockAgentRecords<AgentUsage> | undefined;
  agentTimeline: MockAgentRecords<AgentTimeline> | undefined;

  private readonly overrides = new Map<string, MockHandler>();
  /** Throttles, present only with `enforceRateLimits`. */
  readonly rateLimiter: RateLimiter | undefined;
  private server: CardPortServer | null = null;
  private readonly feed = createChangeFeed();
  private counter = 0;
  private pingSeq = 0;

  constructor(options: MockHostOptions) {
    this.options = options;
    this.manifest = mockManifest(options.manifest);
    this.agents = options.agents ?? [];
    this.peers = options.peers ?? [];
    this.agentUsage = options.agentUsage;
    this.agentTimeline = options.agentTimeline;
    this.rateLimiter = options.enforceRateLimits ? createRateLimiter() : undefined;
    const declared = this.manifest.permissions;
    this.granted = new Set(
      options.grant === 'all'
        ? declared.map((p) => p.id)
        : options.grant
          ? options.grant
          : declared.filter((p) => !p.optional).map((p) => p.id),
    );
    this.context = defaultContext(this.manifest, options);
    const grants = this.grants;
    if (grants.has('fs.read') || grants.has('fs.write')) {
      // A copy: the workspace may be the test's own object from `options.context`.
      this.context.workspace = { ...this.context.workspace, path: '/mock/workspace' } as CardContext['workspace'];
    }
    for (const key of secretKeys(this.manifest)) {
      const value = options.secrets?.[key];
      if (typeof value === 'string') this.secretValues.set(key, value);
    }
    this.context.settings = this.settingsView({ ...settingsDefaults(this.manifest), ...(options.settings ?? {}) });
    this.context.permissions = this.permissionList();
    const now = Date.now();
    for (const [path, data] of Object.entries(options.files ?? {})) {
      this.files.set(path, { data: fileBytes(data), mtimeMs: now });
    }
  }

  get hostContext(): CardContext {
    return this.context;
  }

  get grants(): ReadonlySet<string> {
    return expandPermissions(this.granted);
  }

  /** The app language now. */
  get language(): string {
    return (this.context.i18n as { language: string }).language;
  }

  /** The permission list of the context (A.3). */
  permissionList(): CardContext['permissions'] {
    return permissionView(this.manifest.permissions, this.grants, this.language) as CardContext['permissions'];
  }

  /** `{values, secrets}` for the given values and the stored secrets. */
  settingsView(values: Record<string, unknown>): CardContext['settings'] {
    const secrets: Record<string, boolean> = {};
    for (const key of secretKeys(this.manifest)) secrets[key] = this.secretValues.has(key);
    return { values, secrets } as unknown as CardContext['settings'];
  }

  /** Takes the next number of the one id counter shared by `req-N`, `call-N`, `spawned-N` and `watch-N`. */
  nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }

  connect(options: Omit<ConnectOptions, 'port'> = {}): Promise<Card> {
    this.close();
    const channel = new MessageChannel();
    this.server = serveCardPort(channel.port1, this.bindings());
    return connect({ ...options, port: channel.port2 } as ConnectOptions);
  }

  serve(port: MessagePort, options: MockServeOptions = {}): CardPortServer {
    this.startFrame(options);
    this.server = serveCardPort(port, this.bindings());
    return this.server;
  }

  serveFrame(frame: CardFrameWindow, options: MockServeFrameOptions = {}): CardPortServer {
    this.startFrame(options);
    this.server = serveCardFrame(frame, this.bindings(), options);
    return this.server;
  }

  subscribe(listener: () => void): () => void {
    return this.feed.subscribe(listener);
  }

  /** Tells the change feed's listeners that a record, the chrome or the state changed. */
  changed(): void {
    this.feed.notify();
  }

  // Closes the previous frame's server; the new frame has subscribed to nothing yet and sees the launch it was given.
  private startFrame(options: MockServeOptions): void {
    this.close();
    this.topics.unsubscribe([...this.topics.topics]);
    if (options.launch !== undefined) this.context.launch = options.launch;
    this.changed();
  }

  private bindings(): CardHostBindings {
    return {
      dispatch: (method, params, request) => {
        const result = this.dispatch(method, params, request);
        // Handlers that answer later (a tool result, a confirm) change records when they settle.
        if (result instanceof Promise) {
          result.then(
            () => this.changed(),
            () => this.changed(),
          );
        }
        return result;
      },
      grants: () => this.grants,
      visibility: () => this.context.visibility as string,
      rateLimiter: () => this.rateLimiter,
      onRequest: (method, params) => {
        this.calls.push({ method, params });
        this.changed();
        if (this.options.verbose) console.log(`[mock host] req ${method} ${JSON.stringify(params)}`);
      },
    };
  }

  close(): void {
    this.server?.close();
    this.server = null;
  }

  handle(method: string, handler: MockHandler): this {
    this.overrides.set(method, handler);
    return this;
  }

  private dispatch(method: string, params: Record<string, unknown>, request: HostRequest): unknown {
    const override = this.overrides.get(method);
    if (override) return override(params, this);
    const builtin = Object.prototype.hasOwnProperty.call(BUILTINS, method) ? BUILTINS[method] : undefined;
    if (!builtin) throw new CardSdkError('METHOD_NOT_FOUND', `the mock host does not implement ${method}`);
    return builtin(params, this, request);
  }

  emit(event: string, data?: unknown): void {
    this.events.push({ event, data });
    this.changed();
    if (this.options.verbose) console.log(`[mock host] evt ${event} ${JSON.stringify(data)}`);
    this.server?.emit(event, data);
  }

  ping(timeoutMs = 2000): Promise<number> {
    this.pingSeq += 1;
    const seq = this.pingSeq;
    this.emit('host.ping', { seq });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pongWaiters.delete(seq);
        reject(new Error(`mock host: no host.pong in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pongWaiters.set(seq, () => {
        clearTimeout(timer);
        resolve(seq);
      });
    });
  }

  /** Seq → what to run when its `host.pong` arrives. */
  readonly pongWaiters = new Map<number, () => void>();

  setVisibility(state: CardVisibility): void {
    this.context.visibility = state;
    this.emit('lifecycle.visibility', { state });
  }

  setExpanded(expanded: boolean): void {
    this.context.expanded = expanded;
    this.emit('lifecycle.expanded', { expanded });
  }

  resize(size: { w: number; h: number }): void {
    const next = { w: size.w, h: size.h };
    (this.context.instance as { size: { w: number; h: number } }).size = next;
    this.emit('lifecycle.resized', { ...next });
  }

  suspend(graceMs = 1000): void {
    this.emit('lifecycle.suspend', { graceMs });
  }

  setTheme(theme: CardContext['theme']): void {
    this.context.theme = theme;
    this.emit('theme.changed', theme);
  }

  setLanguage(language: CardLanguage): void {
    const i18n = { language, locale: localeFor(language) };
    this.context.i18n = i18n as CardContext['i18n'];
    const before = JSON.stringify(this.context.peers);
    const localized = localizedContext(this.manifest, this.peers, language);
    if (this.options.context?.instance?.displayName === undefined) {
      (this.context.instance as { displayName: string }).displayName = localized.displayName;
    }
    this.context.ports = localized.ports;
    this.context.peers = localized.peers as CardContext['peers'];
    this.context.permissions = this.permissionList();
    this.emit('i18n.changed', i18n);
    // The app re-sends the peers only when what the card sees of them changed.
    if (JSON.stringify(localized.peers) !== before) this.emit('ports.peersChanged', localized.peers);
  }

  setSettings(values: Record<string, unknown>, secretFlags: Record<string, boolean> = {}): void {
    const current = this.context.settings as unknown as {
      values: Record<string, unknown>;
      secrets: Record<string, boolean>;
    };
    const settings = {
      values: { ...current.values, ...values },
      secrets: { ...current.secrets, ...secretFlags },
    };
    this.context.settings = settings as unknown as CardContext['settings'];
    this.emit('settings.changed', settings);
  }

  setSecret(key: string, value: string | null): void {
    if (!secretKeys(this.manifest).includes(key)) {
      throw new Error(`mock host: "${key}" is not a secret setting of the manifest`);
    }
    if (value === null) this.secretValues.delete(key);
    else this.secretValues.set(key, value);
    this.setSettings({}, { [key]: value !== null });
  }

  setGrants(ids: readonly string[]): void {
    this.granted = new Set(ids);
    this.refreshPermissions();
  }

  /** Recomputes the permission list and tells the card. */
  refreshPermissions(): void {
    const list = this.permissionList();
    this.context.permissions = list;
    this.emit('permissions.changed', list);
  }

  setAgents(agents: AgentInfo[]): void {
    this.agents = agents;
    this.changed();
    if (this.topics.wants('agents.changed')) this.emit('agents.changed', { agents });
  }

  setPeers(peers: MockPeer[]): void {
    this.peers = peers;
    const infos = peers.map((peer) => peerInfo(peer, this.language));
    this.context.peers = infos as CardContext['peers'];
    this.emit('ports.peersChanged', infos);
  }

  sendPortMessage(input: string, data: unknown, options: MockPortMessageOptions = {}): void {
    sendPortMessage(this, input, data, options);
  }

  requestPort<T = JsonValue>(input: string, data: unknown, options: MockPortRequestOptions = {}): Promise<T> {
    return requestPort(this, input, data, options) as Promise<T>;
  }

  callTool(
    name: string,
    args: unknown = {},
    options: MockToolCallOptions = {},
  ): Promise<ToolResultPayload> & { callId: string } {
    return callTool(this, name, args, options) as Promise<ToolResultPayload> & { callId: string };
  }

  cancelTool(callId: string): void {
    cancelTool(this, callId);
  }

  setAgentStatus(agentId: string, status: AgentStatus): void {
    setAgentStatus(this, agentId, status);
  }

  agentOutput(agentId: string, text: string): void {
    agentOutput(this, agentId, text);
  }

  setAgentUsage(agentId: string, usage: Partial<AgentUsage>): void {
    const records = typeof this.agentUsage === 'object' ? this.agentUsage : {};
    this.agentUsage = { ...records, [agentId]: usage };
    this.changed();
  }

  setAgentTimeline(agentId: string, timeline: Partial<AgentTimeline>): void {
    const records = typeof this.agentTimeline === 'object' ? this.agentTimeline : {};
    this.agentTimeline = { ...records, [agentId]: timeline };
    this.changed();
  }

  touchFile(path: string, data?: string | Uint8Array): void {
    touchFile(this, path, data);
  }

  readFile(path: string): string | undefined {
    const file = this.files.get(path);
    return file ? new TextDecoder().decode(file.data) : undefined;
  }

  putFile(path: string, data: string | Uint8Array): void {
    this.files.set(path, { data: fileBytes(data), mtimeMs: Date.now() });
    this.changed();
  }
}

/**
 * Creates an in-memory host that plays the app over the real wire protocol; `host.connect()` gives a `Card`.
 * @example const host = createMockHost({ manifest, grant: 'all' }); const card = await host.connect();
 */
export function createMockHost(options: MockHostOptions = {}): MockHost {
  return new MockCardHost(options);
}
