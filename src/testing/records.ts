// The records a test reads off the mock host: the very objects its namespaces write into.
import type { StorageScope } from '../contract/constants.js';
import type { AgentInfo, CardContext, JsonValue, NormalizedManifest } from '../contract/types.js';
import { createMockState } from './state.js';
import type { MockState } from './state.js';
import type {
  MockCall,
  MockChrome,
  MockConfirmRequest,
  MockDelivery,
  MockEvent,
  MockFile,
  MockHostOptions,
  MockPeer,
} from './types.js';

/** The record side of the mock host: its state, and every record and getter of `MockHost` over it. */
export abstract class MockRecords {
  readonly calls: MockCall[] = [];
  readonly events: MockEvent[] = [];
  readonly manifest: NormalizedManifest;
  readonly context: CardContext;
  readonly storage: Record<StorageScope, Map<string, JsonValue>>;
  readonly deliveries: MockDelivery[];
  readonly retained: Map<string, { data: unknown; at: number }>;
  readonly prompts: { agentId: string; text: string; delivered: string }[];
  readonly terminal: { agentId: string; text: string; kind: 'run' | 'write' }[];
  readonly commands: { agentId: string; command: string }[];
  readonly confirms: MockConfirmRequest[];
  readonly logs: { level: string; message: string }[];
  readonly toasts: { message: string; tone?: string }[];
  readonly clipboard: string[];
  readonly spawned: { cardId: string; kind: string; title?: string; init?: unknown }[];
  readonly aborted: string[];
  readonly pongs: number[];
  readonly subscriptions: Set<string>;
  readonly outputAgents: string[];
  readonly chrome: MockChrome;
  readonly files: Map<string, MockFile>;

  protected readonly state: MockState;

  constructor(protected readonly options: MockHostOptions) {
    const state = createMockState(options, (event, data) => this.emit(event, data));
    this.state = state;
    this.manifest = state.core.manifest;
    this.context = state.core.context;
    this.storage = state.storage;
    this.deliveries = state.ports.deliveries;
    this.retained = state.ports.retained;
    this.prompts = state.agents.prompts;
    this.terminal = state.agents.terminal;
    this.commands = state.agents.commands;
    this.confirms = state.chrome.confirms;
    this.logs = state.host.logs;
    this.toasts = state.chrome.toasts;
    this.clipboard = state.chrome.clipboard;
    this.spawned = state.chrome.spawned;
    this.aborted = state.net.aborted;
    this.pongs = state.host.pongs;
    this.subscriptions = state.events.topics.topics;
    this.outputAgents = state.events.topics.agentIds;
    this.chrome = state.chrome.chrome;
    this.files = state.fs.files;
  }

  get hostContext(): CardContext {
    return this.context;
  }

  get grants(): ReadonlySet<string> {
    return this.state.core.grants();
  }

  get agents(): AgentInfo[] {
    return this.state.agents.agents;
  }

  get peers(): MockPeer[] {
    return this.state.ports.peers;
  }

  /** Records an event and posts it to the card. */
  abstract emit(event: string, data?: unknown): void;
}
