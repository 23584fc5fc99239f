import { CardSdkError } from '../contract/errors.js';
import { EVENT_NAMES } from '../contract/events.js';
import { METHOD_NAMES } from '../contract/methods.js';
import type { CardChrome } from '../contract/types.js';
import { connectedAgent } from './agents.js';
import type { BuiltinHandlers, MockCardHost } from './mock-host.js';
import type { MockChrome } from './types.js';

/** The chrome as `host.ready` reports it: cleared parts are null, defaults filled in. */
export function readyChrome(host: MockCardHost): CardChrome {
  return normalizedChrome(host.chrome);
}

/** The chrome the card sent (raw params), as the app shows it: cleared parts are null, defaults filled in. */
export function normalizedChrome(chrome: MockChrome): CardChrome {
  const { title, status, badge, overview, attention } = chrome as Record<string, any>;
  const hasText = (value: unknown): value is string => typeof value === 'string' && value !== '';
  return {
    title: typeof title?.title === 'string' ? title.title : null,
    status: hasText(status?.text)
      ? { text: status.text, tone: status.tone ?? 'default', busy: status.busy ?? false }
      : null,
    badge:
      typeof badge?.count === 'number' || hasText(badge?.text)
        ? { count: badge.count ?? null, text: badge.text ?? null, tone: badge.tone ?? 'default' }
        : null,
    overview: overview ?? null,
    attention:
      attention && attention.level !== 'none' ? { level: attention.level, message: attention.message ?? null } : null,
  };
}

/** `host.*` and `events.*`. */
export const hostHandlers: BuiltinHandlers = {
  'host.ready'(params: { protocol: number }, host) {
    const protocol = host.context.protocol as number;
    if (params.protocol > protocol) {
      throw new CardSdkError('PROTOCOL_MISMATCH', `the host speaks protocol ${protocol}`);
    }
    return { ...host.context, chrome: readyChrome(host) };
  },
  'host.capabilities'(_params, host) {
    return { protocol: host.context.protocol, methods: [...METHOD_NAMES], events: [...EVENT_NAMES] };
  },
  'host.log'(params: { level: string; message: string }, host) {
    host.logs.push({ level: params.level, message: params.message });
  },
  'host.pong'(params: { seq: number }, host) {
    host.pongs.push(params.seq);
    host.pongWaiters.get(params.seq)?.();
    host.pongWaiters.delete(params.seq);
  },
  'events.subscribe'(params: { topics: string[]; agentIds?: string[] }, host) {
    for (const agentId of params.agentIds ?? []) connectedAgent(host, agentId);
    return { topics: host.topics.subscribe(params.topics, host.grants, params.agentIds) };
  },
  'events.unsubscribe'(params: { topics: string[] }, host) {
    host.topics.unsubscribe(params.topics);
  },
};
