import type {
  AgentOutputEvent,
  AgentsChangedEvent,
  AgentStatusEvent,
  AgentTurnEvent,
  CardI18n,
  CardSettingsState,
  CardTheme,
  CardVisibility,
  FsChangedEvent,
  NetChunkEvent,
  PeerInfo,
  PermissionId,
  PermissionView,
  PortMessage,
  PortRequest,
  StorageChangedEvent,
  ToolCallRequest,
} from './types.js';
import type { CardSize } from './constants.js';

/** Every event the host sends to a card, with its payload. */
export interface CardEvents {
  'host.ping': { seq: number };
  'lifecycle.visibility': { state: CardVisibility };
  'lifecycle.suspend': { graceMs: number };
  'lifecycle.expanded': { expanded: boolean };
  'lifecycle.resized': CardSize;
  'settings.changed': CardSettingsState;
  'theme.changed': CardTheme;
  'i18n.changed': CardI18n;
  'permissions.changed': PermissionView[];
  'ui.menu': { id: string };
  'ports.message': PortMessage;
  'ports.request': PortRequest;
  'ports.peersChanged': PeerInfo[];
  'tools.call': ToolCallRequest;
  'tools.cancel': { callId: string };
  'net.chunk': NetChunkEvent;
  'fs.changed': FsChangedEvent;
  'storage.changed': StorageChangedEvent;
  'agents.status': AgentStatusEvent;
  'agents.turn': AgentTurnEvent;
  'agents.changed': AgentsChangedEvent;
  'agents.output': AgentOutputEvent;
}

/** The name of an event the host sends a card (`card.on(name, …)`). */
export type CardEventName = keyof CardEvents;

/** What a listener of event `E` receives. */
export type CardEventPayload<E extends CardEventName> = CardEvents[E];

/** Every event name, in protocol order. */
export const EVENT_NAMES = /* @__PURE__ */ Object.freeze([
  'host.ping',
  'lifecycle.visibility',
  'lifecycle.suspend',
  'lifecycle.expanded',
  'lifecycle.resized',
  'settings.changed',
  'theme.changed',
  'i18n.changed',
  'permissions.changed',
  'ui.menu',
  'ports.message',
  'ports.request',
  'ports.peersChanged',
  'tools.call',
  'tools.cancel',
  'net.chunk',
  'fs.changed',
  'storage.changed',
  'agents.status',
  'agents.turn',
  'agents.changed',
  'agents.output',
] as const satisfies readonly CardEventName[]);

/** Events that reach the card only while it is subscribed with `events.subscribe`. */
export const SUBSCRIBABLE_TOPICS = /* @__PURE__ */ Object.freeze([
  'agents.status',
  'agents.turn',
  'agents.changed',
  'agents.output',
  'storage.changed',
] as const satisfies readonly CardEventName[]);

/** An event the host sends only while the card subscribes to it. */
export type SubscribableTopic = (typeof SUBSCRIBABLE_TOPICS)[number];

/** The permission each topic needs (`null`: none). */
export const TOPIC_PERMISSIONS: Readonly<Record<SubscribableTopic, PermissionId | null>> =
  /* @__PURE__ */ Object.freeze({
    'agents.status': 'agents.read',
    'agents.turn': 'agents.read',
    'agents.changed': 'agents.read',
    'agents.output': 'agents.output',
    'storage.changed': null,
  });

/** Events kept (up to `BUFFERED_EVENT_LIMIT` each) until the first listener attaches. */
export const BUFFERED_EVENTS = /* @__PURE__ */ Object.freeze([
  'ports.message',
  'ui.menu',
  'fs.changed',
] as const satisfies readonly CardEventName[]);

/** How many unheard events of each buffered kind are kept. */
export const BUFFERED_EVENT_LIMIT = 100;

const EVENT_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(EVENT_NAMES);
const TOPIC_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(SUBSCRIBABLE_TOPICS);

/** True when `value` is a known event name. */
export function isCardEventName(value: unknown): value is CardEventName {
  return typeof value === 'string' && EVENT_SET.has(value);
}

/** True when `value` is a topic that needs `events.subscribe`. */
export function isSubscribableTopic(value: unknown): value is SubscribableTopic {
  return typeof value === 'string' && TOPIC_SET.has(value);
}
