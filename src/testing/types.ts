import type { Card, ConnectOptions } from '../index.js';
import type { AttentionLevel, CardLanguage, CardTone, CardVisibility, StorageScope } from '../contract/constants.js';
import type {
  AgentInfo,
  AgentStatus,
  AgentTimeline,
  AgentUsage,
  CardContext,
  CardLaunch,
  CardOverview,
  JsonValue,
  MenuItem,
  NormalizedManifest,
  ToolResultPayload,
} from '../contract/types.js';
import type { MethodName, MethodParams, MethodResult } from '../contract/methods.js';
import type { CardPortServer } from '../host/engine.js';
import type { CardFrameOptions, CardFrameWindow } from '../host/frame.js';
import type { MockConfirmRequest, MockPeer } from './options.js';

export type {
  MockAgentRecords,
  MockConfirmRequest,
  MockFetchRequest,
  MockFetchResponse,
  MockHostOptions,
  MockPeer,
  MockPeerPort,
  MockTerminalRun,
} from './options.js';

/** An override of any method (by name) given to `host.handle()`: throw to fail the call. */
// Method syntax keeps the params bivariant, so a handler may declare the params shape it expects.
export type MockHandler = { handle(params: Record<string, unknown>, host: MockHost): unknown }['handle'];

/** An override of a known method: typed params, and a result (or a promise of one) of the method's shape. */
export type MockMethodHandler<M extends MethodName> = (
  params: NonNullable<MethodParams<M>>,
  host: MockHost,
) => MethodResult<M> | Promise<MethodResult<M>> | Partial<MethodResult<M>> | Promise<never>;

/** One request the card sent. */
export interface MockCall {
  method: string;
  params: Record<string, unknown>;
}

/** One event the host sent. */
export interface MockEvent {
  event: string;
  data: unknown;
}

/** One value delivered to a peer by `ports.emit` or `ports.send`. */
export interface MockDelivery {
  to: string;
  output: string;
  input: string;
  data: unknown;
}

/** A stored workspace file. */
export interface MockFile {
  data: Uint8Array;
  mtimeMs: number;
}

/** `host.chrome.title`: the params of the last `card.setTitle`. */
export interface MockChromeTitle {
  title: string | null;
}

/** `host.chrome.status`: the params of the last `card.setStatus` (`{ text: null }` after clearing). */
export interface MockChromeStatus {
  text: string | null;
  tone?: CardTone;
  busy?: boolean;
}

/** `host.chrome.badge`: the params of the last `card.setBadge` (`{ count: null, text: null }` after clearing). */
export interface MockChromeBadge {
  count: number | null;
  text: string | null;
  tone?: CardTone;
}

/** `host.chrome.attention`: the params of the last `card.attention` (`{ level: 'none' }` after clearing). */
export interface MockChromeAttention {
  level: AttentionLevel;
  message?: string;
}

/** The chrome the card set, as the raw params it sent; `null` until the card first sets each one. */
export interface MockChrome {
  title: MockChromeTitle | null;
  status: MockChromeStatus | null;
  badge: MockChromeBadge | null;
  overview: CardOverview | null;
  attention: MockChromeAttention | null;
  /** The items of the last `ui.setMenu`. */
  menu: MenuItem[];
  /** Tool name → the value of the last `tools.setEnabled` for it. */
  enabledTools: Record<string, boolean>;
}

/** Who a message from `host.sendPortMessage()` comes from (peer card, output) and its type and kind. */
export interface MockPortMessageOptions {
  cardId?: string;
  output?: string;
  type?: string;
  kind?: string;
}

/** How long `host.requestPort()` waits, and which peer the request comes from. */
export interface MockPortRequestOptions {
  timeoutMs?: number;
  from?: string;
}

/** The calling agent and the deadline of `host.callTool()`. */
export interface MockToolCallOptions {
  agent?: { id: string; name: string };
  timeoutMs?: number;
}

/** How the connection `host.serve()` opens was launched. */
export interface MockServeOptions {
  /** `context.launch` for this connection: `'reloaded'` after a frame reload (the state and chrome stay). */
  launch?: CardLaunch;
}

/** Options of `host.serveFrame()`: the launch, and the handshake's protocol and target origin. */
export interface MockServeFrameOptions extends MockServeOptions, CardFrameOptions {}

/** The in-memory host: records, drivers and getters. */
export interface MockHost {
  /** The normalized manifest. */
  readonly manifest: NormalizedManifest;
  /** Every well-formed request, rejected ones too. */
  readonly calls: MockCall[];
  /** The events the host emitted, oldest first: all of them up to 20,000, then at least the latest 10,000. */
  readonly events: MockEvent[];
  /** The card's storage, readable and writable by the test. */
  readonly storage: Record<StorageScope, Map<string, JsonValue>>;
  /** One entry per peer that received a value. */
  readonly deliveries: MockDelivery[];
  /** Output id → the last retained value. */
  readonly retained: Map<string, { data: unknown; at: number }>;
  /** Prompts sent to agents. */
  readonly prompts: { agentId: string; text: string; delivered: string }[];
  /** Commands and text sent to terminals. */
  readonly terminal: { agentId: string; text: string; kind: 'run' | 'write' }[];
  /** Commands the card ran in terminals (`terminals.run`). */
  readonly commands: { agentId: string; command: string }[];
  /** What the simulated user was asked to confirm (`ui.confirm`, `card.openLink`). */
  readonly confirms: MockConfirmRequest[];
  /** Lines the card logged. */
  readonly logs: { level: string; message: string }[];
  /** Toasts the card showed. */
  readonly toasts: { message: string; tone?: string }[];
  /** Texts the card copied. */
  readonly clipboard: string[];
  /** Cards the card spawned. */
  readonly spawned: { cardId: string; kind: string; title?: string; init?: unknown }[];
  /** Request ids of aborted fetches. */
  readonly aborted: string[];
  /** Seqs of `host.pong` answers. */
  readonly pongs: number[];
  /** Topics the card subscribed to. */
  readonly subscriptions: Set<string>;
  /** Agents watched through `agents.output`. */
  readonly outputAgents: string[];
  /** Title, status, badge, overview, attention, menu and enabled tools, as sent. */
  readonly chrome: MockChrome;
  /** Workspace files. */
  readonly files: Map<string, MockFile>;
  /** The current host context. */
  readonly hostContext: CardContext;
  /** The current host context (the same object as `hostContext`). */
  readonly context: CardContext;
  /** The effective grants (implications included). */
  readonly grants: ReadonlySet<string>;
  /** The agents `agents.list` returns. */
  readonly agents: AgentInfo[];
  /** The peers, with `retained` and `respond`. */
  readonly peers: MockPeer[];

  /** Opens a new frame: a new channel and a real `connect()` on the card side. */
  connect(options?: Omit<ConnectOptions, 'port'>): Promise<Card>;
  /**
   * Serves this host (state, handlers, records, drivers) on a MessagePort whose other end a card connects with;
   * closes the previous connection. The drivers then reach this card.
   */
  serve(port: MessagePort, options?: MockServeOptions): CardPortServer;
  /**
   * Hands a card frame (`iframe.contentWindow`) its channel through the real handshake and serves it; call it
   * again after the frame reloaded (`{ launch: 'reloaded' }`), the previous connection closes.
   * @example iframe.addEventListener('load', () => host.serveFrame(iframe.contentWindow!, { launch }))
   */
  serveFrame(frame: CardFrameWindow, options?: MockServeFrameOptions): CardPortServer;
  /** Calls `listener` (at most once per microtask) after a record, the chrome or the state changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Closes the host side of the current frame. */
  close(): void;
  /** Replaces the built-in of one method; it runs after the generic checks (throw to fail the call). */
  handle<M extends MethodName>(method: M, handler: MockMethodHandler<M>): this;
  /** The same for a method named by a plain string (untyped params); unknown methods still fail with METHOD_NOT_FOUND. */
  handle(method: string, handler: MockHandler): this;
  /** Sends any event to the card (no subscription check). */
  emit(event: string, data?: unknown): void;
  /** Sends `host.ping` and waits for the matching `host.pong`. */
  ping(timeoutMs?: number): Promise<number>;
  /** Moves the card on or off screen. */
  setVisibility(state: CardVisibility): void;
  /** Expands or collapses the card. */
  setExpanded(expanded: boolean): void;
  /** Resizes the card (no clamping). */
  resize(size: { w: number; h: number }): void;
  /** Asks the card to save its state. */
  suspend(graceMs?: number): void;
  /** Switches the app theme. */
  setTheme(theme: CardContext['theme']): void;
  /** Switches the app language. */
  setLanguage(language: CardLanguage): void;
  /** Merges setting values and secret flags (not validated). */
  setSettings(values: Record<string, unknown>, secretFlags?: Record<string, boolean>): void;
  /** Sets or clears a secret setting. */
  setSecret(key: string, value: string | null): void;
  /** Replaces the granted permissions. */
  setGrants(ids: readonly string[]): void;
  /** Replaces the agents. */
  setAgents(agents: AgentInfo[]): void;
  /** Replaces the peers. */
  setPeers(peers: MockPeer[]): void;
  /** Simulates a peer's value arriving on one of the card's inputs. */
  sendPortMessage(input: string, data: unknown, options?: MockPortMessageOptions): void;
  /** Simulates a peer asking one of the card's request inputs. */
  requestPort<T = JsonValue>(input: string, data: unknown, options?: MockPortRequestOptions): Promise<T>;
  /** Simulates an agent calling one of the card's tools. */
  callTool(
    name: string,
    args?: unknown,
    options?: MockToolCallOptions,
  ): Promise<ToolResultPayload> & { callId: string };
  /** Cancels a running tool call. */
  cancelTool(callId: string): void;
  /** Changes an agent's status like the app does (turn events included). */
  setAgentStatus(agentId: string, status: AgentStatus): void;
  /** Streams output of a watched agent. */
  agentOutput(agentId: string, text: string): void;
  /** Overrides what `agents.usage` returns for one agent. */
  setAgentUsage(agentId: string, usage: Partial<AgentUsage>): void;
  /** Overrides what `agents.timeline` returns for one agent. */
  setAgentTimeline(agentId: string, timeline: Partial<AgentTimeline>): void;
  /** Writes a file (optionally) and fires the watchers that cover it. */
  touchFile(path: string, data?: string | Uint8Array): void;
  /** Reads a stored file as UTF-8. */
  readFile(path: string): string | undefined;
  /** Stores a file without firing watchers. */
  putFile(path: string, data: string | Uint8Array): void;
}
