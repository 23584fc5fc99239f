import type { CardEventName, CardEvents, SubscribableTopic } from '../contract/events.js';
import type { MethodName, MethodParams, MethodResult } from '../contract/methods.js';
import type {
  AttentionLevel,
  CardContext,
  CardI18n,
  CardInstance,
  CardLanguage,
  CardLaunch,
  CardOverview,
  CardSize,
  CardTheme,
  CardVisibility,
  JsonValue,
  SpawnKind,
  UsagePeriod,
  UsageSummary,
  WorkspaceInfo,
} from '../contract/types.js';
import type { LIMITS } from '../contract/limits.js';
import type { RequestOptions } from '../transport/channel.js';
import { createAgents, type CardAgents } from './agents.js';
import type { ThemeTarget } from './apply-theme.js';
import type { CardChannel } from './card-channel.js';
import { createCardHost, type CardHost } from './card-host.js';
import { contextFieldDescriptors, type ContextField } from './context-fields.js';
import { followHostContext } from './context-events.js';
import { forwardPageErrors } from './error-forwarding.js';
import { cancelChrome, CHROME_CALLS, type BadgeOptions, type StatusOptions } from './chrome.js';
import { createFs, type CardFs } from './fs.js';
import { createLifecycle, type CardLifecycle } from './lifecycle.js';
import type { CardLog } from './log.js';
import { createNet, type CardNet } from './net.js';
import { createPermissions, type CardPermissions } from './permissions.js';
import { createPorts, type CardPortsApi } from './ports.js';
import { CardSession, type SessionMethod } from './session.js';
import { createSettings, type CardSettings } from './settings.js';
import { createStorage, type CardStorage } from './storage.js';
import { createTerminals, type CardTerminals } from './terminals.js';
import { createTools, type CardTools } from './tools.js';
import { createUi, type CardUi } from './ui.js';
import { definedFields } from './defined-fields.js';
import { waitFor, type WaitForOptions } from './wait-for.js';

export type { CardHost } from './card-host.js';
export type { WaitForOptions } from './wait-for.js';

/** Options of one call: abort signal, client-side timeout, skipping the local params check. */
export type CallOptions = RequestOptions;

/** The title, arrow and start value of a card that `card.spawn` opens. */
export interface SpawnOptions {
  /** Title of the new card. */
  title?: string;
  /** Draw an arrow from this card to the new one. */
  connect?: boolean;
  /** A JSON value the new card reads as `card.spawnInit`. */
  init?: JsonValue;
}

/** A connected card: the typed client of one card frame. */
export interface Card {
  /** Everything the host told the card; replaced by a new object on every change. */
  readonly context: CardContext;
  /** Calls `listener` with the new context after every change; returns an unsubscribe function. */
  onContextChange(listener: (context: CardContext) => void): () => void;
  /** Calls any method with typed params and result (params are checked locally first). */
  call<M extends MethodName>(method: M, params?: MethodParams<M>, options?: CallOptions): Promise<MethodResult<M>>;
  /** Calls a method by any name (known methods are still checked locally). */
  callUnchecked<T = unknown>(method: string, params?: unknown, options?: CallOptions): Promise<T>;
  /** Listens to a host event (topics are subscribed while listened to); returns an unsubscribe function. */
  on<E extends CardEventName>(event: E, listener: (data: CardEvents[E]) => void): () => void;
  /** Listens to the next occurrence of an event only. */
  once<E extends CardEventName>(event: E, listener: (data: CardEvents[E]) => void): () => void;
  /** Resolves with the first payload of `event` that passes `predicate`. */
  waitFor<E extends CardEventName>(
    event: E,
    predicate?: (data: CardEvents[E]) => boolean,
    options?: WaitForOptions,
  ): Promise<CardEvents[E]>;
  /** Subscribes topics with the host directly; resolves with the granted ones. */
  subscribe(topics: SubscribableTopic[], agentIds?: string[]): Promise<SubscribableTopic[]>;
  /** Unsubscribes topics with the host directly. */
  unsubscribe(topics: SubscribableTopic[]): Promise<void>;

  /** `context.instance.instanceId`. */
  readonly instanceId: string;
  /** `context.instance`. */
  readonly instance: CardInstance;
  /** `context.workspace`. */
  readonly workspace: WorkspaceInfo;
  /** `context.visibility`. */
  readonly visibility: CardVisibility;
  /** `context.expanded`. */
  readonly expanded: boolean;
  /** `context.instance.size`. */
  readonly size: CardSize;
  /** `context.theme`. */
  readonly theme: CardTheme;
  /** `context.i18n`. */
  readonly i18n: CardI18n;
  /** `context.i18n.language`. */
  readonly language: CardLanguage;
  /** `context.launch`. */
  readonly launch: CardLaunch;
  /** `context.spawnInit`. */
  readonly spawnInit: JsonValue | undefined;
  /** `context.limits`. */
  readonly limits: typeof LIMITS;
  /** `context.appVersion`. */
  readonly appVersion: string;

  /** This instance as the host sees it. */
  getInfo(): Promise<CardInstance>;
  /** Sets the card title (`null` clears it); throttled, never rejects for rate. */
  setTitle(title: string | null): Promise<void>;
  /** Sets the status line (`null` clears it); throttled, never rejects for rate. */
  setStatus(text: string | null, options?: StatusOptions): Promise<void>;
  /** Sets the badge: a number, a short text, or `null`; throttled, never rejects for rate. */
  setBadge(value: number | string | null, options?: BadgeOptions): Promise<void>;
  /** Sets the zoomed-out tile summary; throttled, never rejects for rate. */
  setOverview(overview: CardOverview): Promise<void>;
  /** Asks for the user's attention (`none` clears it); throttled, never rejects for rate. */
  attention(level: AttentionLevel, message?: string): Promise<void>;
  /** Asks for a new size; resolves with the granted size. */
  requestResize(size: CardSize): Promise<CardSize>;
  /** Opens an https link after the user confirms; resolves with whether it opened. */
  openLink(url: string): Promise<boolean>;
  /** Moves the canvas to another card. */
  focusCard(cardId: string): Promise<void>;
  /** Adds a card to the canvas; resolves with its id. */
  spawn(kind: SpawnKind, options?: SpawnOptions): Promise<string>;
  /** What the app supports. */
  readonly host: CardHost;
  /** Reads the workspace (does not update the context). */
  getWorkspace(): Promise<WorkspaceInfo>;
  /** Reads the theme (does not update the context). */
  getTheme(): Promise<CardTheme>;
  /** Reads the language (does not update the context). */
  getI18n(): Promise<CardI18n>;
  /** The workspace's usage summary for a period (default today). */
  usage(period?: UsagePeriod): Promise<UsageSummary>;
  /** Writes text to the clipboard. */
  copyText(text: string): Promise<void>;
  /** Closes the connection; pending calls reject with `UNAVAILABLE`. */
  close(): void;
  /** True once closed. */
  readonly closed: boolean;

  /** Lines to the package log. */
  readonly log: CardLog;
  /** This instance's storage (`.package` for the package-wide one). */
  readonly storage: CardStorage;
  /** Settings from the app's settings form. */
  readonly settings: CardSettings;
  /** Toasts, confirmations and the menu. */
  readonly ui: CardUi;
  /** Agents and terminals on the canvas. */
  readonly agents: CardAgents;
  /** Commands in connected terminals. */
  readonly terminals: CardTerminals;
  /** Typed data over arrows. */
  readonly ports: CardPortsApi;
  /** Tools for connected agents. */
  readonly tools: CardTools;
  /** Network through the app's proxy. */
  readonly net: CardNet;
  /** Workspace files. */
  readonly fs: CardFs;
  /** Declared permissions and optional requests. */
  readonly permissions: CardPermissions;
  /** Visibility, expansion, size and suspension. */
  readonly lifecycle: CardLifecycle;
}

/** How a card applies the host's theme and language and forwards page errors. */
export interface CardSetup {
  /** `false`: leave CSS alone; an element: write the theme there; default `<html>`. */
  theme?: false | ThemeTarget;
  /** Keep `<html lang>` equal to the app language (default true). */
  syncLang?: boolean;
  /** Send uncaught page errors and rejections to the package log (default true). */
  forwardErrors?: boolean;
  /** The window to forward errors from (default the global window). */
  window?: unknown;
}

/** The methods of a card: each card has its own, so they work taken off the card and can be replaced or spied on. */
type CardMethodName = Exclude<
  keyof Card,
  ContextField | NamespaceName | 'context' | 'closed' | 'call' | 'callUnchecked'
>;

/** The namespaces of a card (and its log), each built on its first read. */
type NamespaceName =
  | 'log'
  | 'host'
  | 'storage'
  | 'settings'
  | 'ui'
  | 'agents'
  | 'terminals'
  | 'ports'
  | 'tools'
  | 'net'
  | 'fs'
  | 'permissions'
  | 'lifecycle';

// Every card gets these bound to its session: a bound function holds no scope of its own, so a card costs a few
// bytes per method, and a method still works taken off the card (`const { setStatus } = card`).
const METHODS: { readonly [K in CardMethodName]: SessionMethod<Card[K]> } = {
  onContextChange(listener) {
    return this.context.subscribe(listener);
  },
  on(event, listener) {
    return this.events.on(event, listener as (data: unknown) => void);
  },
  once(event, listener) {
    const off = this.events.on(event, (data) => {
      off();
      (listener as (data: unknown) => void)(data);
    });
    return off;
  },
  waitFor(event, predicate, options) {
    return waitFor(this.events, event, predicate, options);
  },
  async subscribe(topics, agentIds) {
    const params = agentIds === undefined ? { topics } : { topics, agentIds };
    const result = await this.channel.request('events.subscribe', params);
    return result?.topics;
  },
  async unsubscribe(topics) {
    await this.channel.request('events.unsubscribe', { topics });
  },
  getInfo() {
    return this.channel.request('card.getInfo', {});
  },
  ...CHROME_CALLS,
  requestResize(size) {
    return this.channel.request('card.requestResize', { w: size.w, h: size.h });
  },
  async openLink(url) {
    const result = await this.channel.request('card.openLink', { url });
    return result?.opened;
  },
  async focusCard(cardId) {
    await this.channel.request('card.focus', { cardId });
  },
  async spawn(kind, options) {
    const result = await this.channel.request('card.spawn', { kind, ...definedFields(options) });
    return result?.cardId;
  },
  getWorkspace() {
    return this.channel.request('workspace.get', {});
  },
  getTheme() {
    return this.channel.request('theme.get', {});
  },
  getI18n() {
    return this.channel.request('i18n.get', {});
  },
  usage(period = 'today') {
    return this.channel.request('usage.summary', { period });
  },
  async copyText(text) {
    await this.channel.request('clipboard.writeText', { text });
  },
  close() {
    cancelChrome(this);
    this.stopForwarding?.();
    this.channel.close();
  },
};

// What each namespace is built from, when a card first reads it: a card holds only the namespaces it uses.
const NAMESPACES: { readonly [K in NamespaceName]: (session: CardSession) => Card[K] } = {
  log: (session) => session.log,
  host: (session) => createCardHost(session.channel),
  storage: createStorage,
  settings: createSettings,
  ui: createUi,
  agents: createAgents,
  terminals: createTerminals,
  ports: createPorts,
  tools: createTools,
  net: createNet,
  fs: createFs,
  permissions: createPermissions,
  lifecycle: createLifecycle,
};

// The session lives under a symbol on the card, so the getters of one prototype serve every card.
const SESSION = Symbol('card session');

type SessionSource = { readonly [SESSION]: CardSession };

const sessionOf = (card: object): CardSession => (card as SessionSource)[SESSION];

// What every card inherits: the context fields, and a getter per namespace that builds it on the card's first read
// and puts it on the card as a plain value (the same object on every later read; a card may still assign its own).
// A literal with getters would keep each card's properties in a slower, larger form: the getters live here.
const CARD_PROTOTYPE: object = Object.defineProperties(
  {
    get context(): CardContext {
      return sessionOf(this).context.get();
    },
    get closed(): boolean {
      return sessionOf(this).channel.closed;
    },
  },
  contextFieldDescriptors((card) => sessionOf(card).context.get()),
);
const own = (card: object, name: string, value: unknown): void => {
  Object.defineProperty(card, name, { value, writable: true, enumerable: true, configurable: true });
};
for (const name of Object.keys(NAMESPACES) as NamespaceName[]) {
  const build = NAMESPACES[name] as (session: CardSession) => unknown;
  Object.defineProperty(CARD_PROTOTYPE, name, {
    get(this: SessionSource) {
      const value = build(this[SESSION]);
      own(this, name, value);
      return value;
    },
    set(this: SessionSource, value: unknown) {
      own(this, name, value);
    },
    enumerable: true,
    configurable: true,
  });
}

/** Builds the `Card` for a channel whose `host.ready` returned `initial`. */
export function createCard(channel: CardChannel, initial: CardContext, setup: CardSetup = {}): Card {
  const session = new CardSession(channel, initial);
  const follow = followHostContext(session, setup);
  if (setup.forwardErrors !== false) session.stopForwarding = forwardPageErrors(setup.window, session);
  // A copy of the method table has the table's compact shape; setting its fields keeps it (adding them one by one
  // would leave the card in the larger dictionary form).
  const fields: Record<string | symbol, unknown> = { ...METHODS };
  for (const name of Object.keys(METHODS) as CardMethodName[]) fields[name] = METHODS[name].bind(session);
  // An explicit null is sent as null (methods without params accept it); undefined becomes {}.
  // The channel's request does not use `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  fields.call = fields.callUnchecked = channel.request;
  fields[SESSION] = session;
  const card = Object.setPrototypeOf(fields, CARD_PROTOTYPE) as Card;
  channel.attach((event, data) => {
    follow(event, data);
    // A tool call or port request may come before the card first reads `tools` or `ports`: reading it builds the
    // namespace, whose own handler then takes the event.
    if (event === 'tools.call') void card.tools;
    else if (event === 'ports.request') void card.ports;
    session.events.dispatch(event, data);
  });
  return card;
}
