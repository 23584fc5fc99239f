import { CardSdkError } from '../contract/errors.js';
import { EVENT_NAMES } from '../contract/events.js';
import { METHOD_NAMES } from '../contract/methods.js';
import type { CardChrome } from '../contract/types.js';
import type { TopicSubscriptions } from '../host/subscriptions.js';
import { connectedAgent } from './agents.js';
import type { AgentRoster } from './agents.js';
import type { Builtins, MethodsOf } from './builtin.js';
import type { MockCore } from './core.js';
import type { MockChrome } from './types.js';

/** What `host.*` owns: the chrome `host.ready` reports, the card's log lines and its pongs. */
export interface HostState {
  readonly core: MockCore;
  readonly chrome: MockChrome;
  readonly logs: { level: string; message: string }[];
  readonly pongs: number[];
  /** Seq → what to run when its `host.pong` arrives. */
  pongWaiters?: Map<number, () => void>;
}

/** What `events.*` owns: the card's topic subscriptions (agents are checked against the roster). */
export interface EventsState {
  readonly core: MockCore;
  readonly topics: TopicSubscriptions;
  readonly roster: AgentRoster;
}

const hasText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The chrome the card sent (raw params), as the app shows it and `host.ready` reports it: cleared parts are null, defaults filled in. */
export function normalizedChrome(chrome: MockChrome): CardChrome {
  const { title, status, badge, overview, attention } = chrome;
  return {
    title: typeof title?.title === 'string' ? title.title : null,
    status:
      status && hasText(status.text)
        ? { text: status.text, tone: status.tone ?? 'default', busy: status.busy ?? false }
        : null,
    badge:
      badge && (typeof badge.count === 'number' || hasText(badge.text))
        ? { count: badge.count ?? null, text: badge.text ?? null, tone: badge.tone ?? 'default' }
        : null,
    overview: overview ?? null,
    attention:
      attention && attention.level !== 'none' ? { level: attention.level, message: attention.message ?? null } : null,
  };
}

/** `host.*`. */
export const hostHandlers: Builtins<HostState, MethodsOf<'host'>> = {
  'host.ready'(params, state) {
    const { context } = state.core;
    if (params.protocol > context.protocol) {
      throw new CardSdkError('PROTOCOL_MISMATCH', `the host speaks protocol ${context.protocol}`);
    }
    return { ...context, chrome: normalizedChrome(state.chrome) };
  },
  'host.capabilities'(_params, state) {
    return { protocol: state.core.context.protocol, methods: [...METHOD_NAMES], events: [...EVENT_NAMES] };
  },
  'host.log'(params, state) {
    state.logs.push({ level: params.level, message: params.message });
  },
  'host.pong'(params, state) {
    state.pongs.push(params.seq);
    state.pongWaiters?.get(params.seq)?.();
    state.pongWaiters?.delete(params.seq);
  },
};

/** `events.*`: topics the grants allow; `agents.output` only for agents joined by an arrow. */
export const eventHandlers: Builtins<EventsState, MethodsOf<'events'>> = {
  'events.subscribe'(params, state) {
    for (const agentId of params.agentIds ?? []) connectedAgent(state.roster, agentId);
    return {
      topics: state.topics.subscribe(params.topics, state.core.grants(), params.agentIds) as typeof params.topics,
    };
  },
  'events.unsubscribe'(params, state) {
    state.topics.unsubscribe(params.topics);
  },
};
