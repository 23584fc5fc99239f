// What a test gives `createMockHost()`: its options, and the peers, network and user it simulates.
import type { CardLanguage } from '../contract/constants.js';
import type {
  AgentInfo,
  AgentTimeline,
  AgentUsage,
  CardContext,
  CardManifest,
  LocalizedText,
  PeerInfo,
  PortInfo,
  PermissionId,
  TerminalRunResult,
} from '../contract/types.js';
import type { HostAnswer } from '../host/engine.js';

/** A peer's port as a test describes it: like `PortInfo`, with texts that may be given per language. */
export interface MockPeerPort extends Omit<PortInfo, 'label' | 'description' | 'mode' | 'retain' | 'default'> {
  label: LocalizedText;
  description?: LocalizedText;
  mode?: PortInfo['mode'];
  retain?: boolean;
  default?: boolean;
}

/** A card connected to the card under test by an arrow, with what it has retained and how it answers. */
export interface MockPeer extends Omit<PeerInfo, 'inputs' | 'outputs'> {
  /** The peer's inputs; labels and descriptions are localized to the app language for the card. */
  inputs: MockPeerPort[];
  /** The peer's outputs. */
  outputs: MockPeerPort[];
  /** Output id → the value it last retained, read by `ports.read`. */
  retained?: Record<string, unknown>;
  /** Answers `ports.request` sent to this peer. */
  respond?: (inputId: string, data: unknown) => unknown;
}

/** What the mock's network (`MockHostOptions.fetch`) is asked. */
export interface MockFetchRequest {
  /** The normalized URL. */
  url: string;
  /** The HTTP method (`GET` by default). */
  method: string;
  /** Lower-cased header names, secrets already filled in. */
  headers: Record<string, string>;
  /** A string, or bytes when the card sent base64. */
  body?: string | Uint8Array;
}

/** What the mock's network answers. */
export interface MockFetchResponse {
  /** HTTP status (200 by default). */
  status?: number;
  /** Status text (`OK` by default). */
  statusText?: string;
  /** Response headers (names are lower-cased by the mock). */
  headers?: Record<string, string>;
  /** A string, bytes or any JSON value. */
  body?: unknown;
  /** Chunks for `responseType: 'stream'`. */
  stream?: (string | Uint8Array)[];
  /** A network failure (NETWORK_ERROR). */
  error?: string;
}

/** What the mock asks the simulated user to confirm. */
export type MockConfirmRequest =
  { type: 'confirm'; title: string; message: string } | { type: 'open-link'; url: string };

/** A per-agent record, or a function of the call, spread over the default usage or timeline record. */
export type MockAgentRecords<T> =
  Record<string, Partial<T>> | ((agentId: string, since: number, until: number) => Partial<T> | undefined);

/** The mock host's starting state (manifest, grants, settings, files, context, agents, peers) and its answers. */
export interface MockHostOptions {
  /** The card's manifest; validated and normalized (`host.manifest`). */
  manifest?: CardManifest | Record<string, unknown>;
  /** `'all'`, a list of ids, or omitted for every declared non-optional permission. */
  grant?: 'all' | readonly (PermissionId | (string & {}))[];
  /** Initial setting values, over the manifest defaults. */
  settings?: Record<string, unknown>;
  /** Values of secret settings. */
  secrets?: Record<string, string>;
  /** Workspace files: path → text or bytes. */
  files?: Record<string, string | Uint8Array>;
  /** Partial host context; `instance` is merged, every other key replaces the default. */
  context?: Partial<Omit<CardContext, 'instance' | 'i18n'>> & {
    instance?: Partial<CardContext['instance']>;
    /** The app language; `locale` defaults to the language's locale from the fixed table. */
    i18n?: { language: CardLanguage; locale?: string };
  };
  /** The protocol the host speaks (`context.protocol`). */
  hostProtocol?: number;
  /** Print every request and event to the console. */
  verbose?: boolean;
  /** What `agents.list` returns (the same array and objects). */
  agents?: AgentInfo[];
  /** The arrows between this card and others. */
  peers?: MockPeer[];
  /** agentId → screen text for `agents.readScreen`. */
  screens?: Record<string, string>;
  /** agentId → last reply for `agents.lastReply`. */
  replies?: Record<string, string>;
  /** What `usage.summary` returns. */
  usage?: Record<string, unknown>;
  /** Overrides of `agents.usage` results. */
  agentUsage?: MockAgentRecords<AgentUsage>;
  /** Overrides of `agents.timeline` results. */
  agentTimeline?: MockAgentRecords<AgentTimeline>;
  /** The simulated user answering `ui.confirm` and `card.openLink` (true by default). */
  confirm?: (request: MockConfirmRequest) => boolean | Promise<boolean>;
  /** The simulated consent in `permissions.request` (grants everything asked by default). */
  requestPermissions?: (ids: string[]) => string[] | Promise<string[]>;
  /** The network behind `net.fetch`. */
  fetch?: (request: MockFetchRequest) => MockFetchResponse | Promise<MockFetchResponse>;
  /** Enforce the method table's throttles. */
  enforceRateLimits?: boolean;
  /**
   * The shell behind `terminals.run`: what a command prints and its exit code (by default every command exits 0 with
   * no output). Throw a `CardSdkError` to refuse the run.
   */
  terminalRun?: (
    agentId: string,
    command: string,
    options: { timeoutMs?: number },
  ) => MockTerminalRun | Promise<MockTerminalRun>;
  /**
   * How long `host.callTool()` waits for the card to register a handler for a declared tool before it fails with
   * NOT_FOUND naming the declared and registered tools (by default the call's own timeout; at once when the card
   * registered a near miss of the name instead). Only for a card made by `host.connect()`: the mock cannot see the
   * handlers of a card it serves over a port.
   */
  toolHandlerWaitMs?: number;
  /**
   * Sees each answer the card got, as it got it: the method and params, the result or the error payload, and the
   * time it took in ms (a log or timeline of calls, a timing check).
   */
  onAnswer?: (answer: HostAnswer) => void;
}

/** What a scripted `terminals.run` answers; fields left out are `exitCode: 0`, empty output, not cut, not timed out. */
export type MockTerminalRun = Partial<TerminalRunResult>;
