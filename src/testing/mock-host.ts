import { connect, type Card, type ConnectOptions } from '../index.js';
import type { CardLanguage, CardVisibility } from '../contract/constants.js';
import { CardSdkError } from '../contract/errors.js';
import type {
  AgentInfo,
  AgentStatus,
  AgentTimeline,
  AgentUsage,
  CardContext,
  JsonValue,
  ToolResultPayload,
} from '../contract/types.js';
import { serveCardPort } from '../host/engine.js';
import type { CardHostBindings, CardPortServer, HostRequest } from '../host/engine.js';
import { serveCardFrame } from '../host/frame.js';
import type { CardFrameWindow } from '../host/frame.js';
import { agentOutput, setAgents, setAgentStatus } from './agents.js';
import { BUILTINS } from './builtins.js';
import { createChangeFeed, type ChangeFeed } from './change-feed.js';
import { putFile, touchFile } from './fs.js';
import { resizeCard, setExpanded, setLanguage, setTheme, setVisibility } from './lifecycle.js';
import { refreshPermissions } from './permissions.js';
import { requestPort, sendPortMessage, setPeers } from './ports.js';
import { mergeSettings, setSecret } from './settings.js';
import { callTool, cancelTool, watchToolHandlers } from './tools.js';
import { MockRecords } from './records.js';
import { MockBindings } from './host-bindings.js';
import type {
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

/** How many of the latest events `host.events` keeps at least (it holds at most twice as many). */
const MOCK_EVENTS_KEPT = 10_000;

export { BUILTIN_METHOD_NAMES } from './builtins.js';

/** The in-memory host behind `createMockHost()`: the drivers a test calls, over the records it reads. */
class MockCardHost extends MockRecords implements MockHost {
  // Made by the first `handle` or `subscribe`: many tests never override a method or watch the host.
  private overrides: Map<string, MockHandler> | undefined;
  private server: CardPortServer | null = null;
  private feed: ChangeFeed | undefined;
  private pingSeq = 0;

  connect(options: Omit<ConnectOptions, 'port'> = {}): Promise<Card> {
    this.close();
    this.state.tools.handled = null;
    const channel = new MessageChannel();
    this.server = serveCardPort(channel.port1, this.bindings());
    return connect({ ...options, port: channel.port2 }).then((card) => {
      watchToolHandlers(this.state.tools, card);
      return card;
    });
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
    return (this.feed ??= createChangeFeed()).subscribe(listener);
  }

  /** Tells the change feed's listeners that a record, the chrome or the state changed. */
  changed(): void {
    this.feed?.notify();
  }

  // Closes the previous frame's server; the new frame has subscribed to nothing yet and sees the launch it was given.
  private startFrame(options: MockServeOptions): void {
    this.close();
    // A card that connects on its own registers its tool handlers out of the mock's sight.
    this.state.tools.handled = null;
    const { topics } = this.state.events;
    topics.unsubscribe([...topics.topics]);
    if (options.launch !== undefined) this.context.launch = options.launch;
    this.changed();
  }

  private bindings(): CardHostBindings {
    return new MockBindings(this, this.state.ports, this.options);
  }

  close(): void {
    this.server?.close();
    this.server = null;
  }

  handle(method: string, handler: MockHandler): this {
    (this.overrides ??= new Map()).set(method, handler);
    return this;
  }

  /** Runs a method as this mock answers it: a `handle` override, else the built-in. */
  answer(method: string, params: Record<string, unknown>, request: HostRequest): unknown {
    const override = this.overrides?.get(method);
    if (override) return override(params, this);
    const builtin = Object.prototype.hasOwnProperty.call(BUILTINS, method)
      ? BUILTINS[method as keyof typeof BUILTINS]
      : undefined;
    if (!builtin) throw new CardSdkError('METHOD_NOT_FOUND', `the mock host does not implement ${method}`);
    return builtin(params, this.state, request);
  }

  emit(event: string, data?: unknown): void {
    // A long test must not hold every event it ever sent: past twice the kept count, the oldest half goes at once.
    if (this.events.length >= 2 * MOCK_EVENTS_KEPT) this.events.splice(0, this.events.length - MOCK_EVENTS_KEPT);
    this.events.push({ event, data });
    this.changed();
    if (this.options.verbose) console.log(`[mock host] evt ${event} ${JSON.stringify(data)}`);
    this.server?.emit(event, data);
  }

  ping(timeoutMs = 2000): Promise<number> {
    this.pingSeq += 1;
    const seq = this.pingSeq;
    const waiters = (this.state.host.pongWaiters ??= new Map());
    this.emit('host.ping', { seq });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(seq);
        reject(new Error(`mock host: no host.pong in ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.set(seq, () => {
        clearTimeout(timer);
        resolve(seq);
      });
    });
  }

  setVisibility(state: CardVisibility): void {
    setVisibility(this.state.core, state);
  }

  setExpanded(expanded: boolean): void {
    setExpanded(this.state.core, expanded);
  }

  resize(size: { w: number; h: number }): void {
    resizeCard(this.state.core, size);
  }

  suspend(graceMs = 1000): void {
    this.emit('lifecycle.suspend', { graceMs });
  }

  setTheme(theme: CardContext['theme']): void {
    setTheme(this.state.core, theme);
  }

  setLanguage(language: CardLanguage): void {
    setLanguage(this.state.core, this.state.ports.peers, language);
  }

  setSettings(values: Record<string, unknown>, secretFlags: Record<string, boolean> = {}): void {
    mergeSettings(this.state.core, values, secretFlags);
  }

  setSecret(key: string, value: string | null): void {
    setSecret(this.state.settings, key, value);
  }

  setGrants(ids: readonly string[]): void {
    const { granted } = this.state.permissions;
    granted.clear();
    for (const id of ids) granted.add(id);
    refreshPermissions(this.state.core);
  }

  setAgents(agents: AgentInfo[]): void {
    setAgents(this.state.agents, agents);
    this.changed();
  }

  setPeers(peers: MockPeer[]): void {
    setPeers(this.state.ports, peers);
  }

  sendPortMessage(input: string, data: unknown, options: MockPortMessageOptions = {}): void {
    sendPortMessage(this.state.ports, input, data, options);
  }

  requestPort<T = JsonValue>(input: string, data: unknown, options: MockPortRequestOptions = {}): Promise<T> {
    return requestPort(this.state.ports, input, data, options) as Promise<T>;
  }

  callTool(
    name: string,
    args: unknown = {},
    options: MockToolCallOptions = {},
  ): Promise<ToolResultPayload> & { callId: string } {
    return callTool(this.state.tools, name, args, options) as Promise<ToolResultPayload> & { callId: string };
  }

  cancelTool(callId: string): void {
    cancelTool(this.state.tools, callId);
  }

  setAgentStatus(agentId: string, status: AgentStatus): void {
    setAgentStatus(this.state.agents, agentId, status);
  }

  agentOutput(agentId: string, text: string): void {
    agentOutput(this.state.agents, agentId, text);
  }

  setAgentUsage(agentId: string, usage: Partial<AgentUsage>): void {
    const agents = this.state.agents;
    const records = typeof agents.agentUsage === 'object' ? agents.agentUsage : {};
    agents.agentUsage = { ...records, [agentId]: usage };
    this.changed();
  }

  setAgentTimeline(agentId: string, timeline: Partial<AgentTimeline>): void {
    const agents = this.state.agents;
    const records = typeof agents.agentTimeline === 'object' ? agents.agentTimeline : {};
    agents.agentTimeline = { ...records, [agentId]: timeline };
    this.changed();
  }

  touchFile(path: string, data?: string | Uint8Array): void {
    touchFile(this.state.fs, path, data);
  }

  readFile(path: string): string | undefined {
    const file = this.files.get(path);
    return file ? new TextDecoder().decode(file.data) : undefined;
  }

  putFile(path: string, data: string | Uint8Array): void {
    putFile(this.files, path, data);
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
