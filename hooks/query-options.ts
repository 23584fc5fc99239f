import { queryOptions, replaceEqualDeep } from '@tanstack/react-query';
import type {
  AgentInfo,
  AgentTimeline,
  AgentUsage,
  Card,
  CardSdkError,
  JsonValue,
  StorageScope,
} from '../src/index.js';
import { cardQueryKeys } from './query-keys.js';
import { callCard } from './to-card-sdk-error.js';

/**
 * Keeps the previous object of every agent that did not change: an event patch is compared by identity (one pass,
 * no allocation); a refetched or `agents.changed` list is compared agent by agent.
 */
function shareAgents(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next) || previous === next) return next;
  const old = previous as AgentInfo[];
  const fresh = next as AgentInfo[];
  let same = old.length === fresh.length;
  let shared: AgentInfo[] | null = null;
  let byId: Map<string, AgentInfo> | null = null;
  for (let i = 0; i < fresh.length; i += 1) {
    const agent = fresh[i];
    const before = old[i];
    if (before === agent) continue;
    const match =
      before?.id === agent.id ? before : (byId ??= new Map(old.map((a) => [a.id, a] as const))).get(agent.id);
    const kept = match ? replaceEqualDeep(match, agent) : agent;
    if (kept !== before) same = false;
    if (kept !== agent) {
      shared ??= fresh.slice();
      shared[i] = kept;
    }
  }
  return same ? old : (shared ?? fresh);
}

/**
 * The query options of the card's agent list, on the key the hooks share: use them with your own `useQuery`,
 * `useSuspenseQuery`, `prefetchQuery` or `getQueryData`. Inside `<CardProvider>` agent events keep the list current
 * while it has observers.
 * @example const { data: agents } = useSuspenseQuery(agentsQueryOptions(card))
 */
export function agentsQueryOptions(card: Card) {
  return queryOptions<AgentInfo[], CardSdkError>({
    queryKey: cardQueryKeys.agents(),
    queryFn: () => callCard('agents.list', () => card.agents.list()),
    staleTime: Infinity,
    retry: false,
    structuralSharing: shareAgents,
  });
}

/** What `storage.get` found for a key, as cached: `exists` false means the fallback applies. */
export interface StoredEntry {
  /** Whether the key holds a value. */
  exists: boolean;
  /** The stored value (null when `exists` is false). */
  value: unknown;
}

const missing = Object.freeze({});

/** The store of one scope: `card.storage` or `card.storage.package`. */
function storageOf(card: Card, scope: StorageScope) {
  return scope === 'package' ? card.storage.package : card.storage;
}

/** The query options of one stored key (`useStorage`'s cache entry, data `{ exists, value }`). */
export function storageQueryOptions(card: Card, key: string, scope: StorageScope = 'instance') {
  return queryOptions<StoredEntry, CardSdkError>({
    queryKey: cardQueryKeys.storage(scope, key),
    queryFn: async () => {
      const value: unknown = await callCard('storage.get', () => storageOf(card, scope).get(key, missing as JsonValue));
      return value === missing ? { exists: false, value: null } : { exists: true, value };
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** The query options of `host.supports(method)` (`useHostSupports`), read once. */
export function hostSupportsQueryOptions(card: Card, method: string) {
  return queryOptions<boolean, CardSdkError>({
    queryKey: cardQueryKeys.supports(method),
    queryFn: () => callCard('host.capabilities', () => card.host.supports(method)),
    staleTime: Infinity,
    retry: false,
  });
}

/** The query options of one agent's last reply (`useLastReply`), invalidated when one of its turns ends. */
export function lastReplyQueryOptions(card: Card, agentId: string) {
  return queryOptions<{ text: string | null; at: number | null }, CardSdkError>({
    queryKey: cardQueryKeys.lastReply(agentId),
    queryFn: () => callCard('agents.lastReply', () => card.agents.lastReply(agentId)),
    retry: false,
  });
}

/** The query options of `agents.usage` over one window (`useAgentUsage`). */
export function agentUsageQueryOptions(card: Card, agentId: string, since: number, until?: number) {
  return queryOptions<AgentUsage, CardSdkError>({
    queryKey: cardQueryKeys.agentUsage(agentId, since, until),
    queryFn: () => callCard('agents.usage', () => card.agents.usage(agentId, since, until)),
    retry: false,
  });
}

/** The query options of `agents.timeline` over one window (`useAgentTimeline`). */
export function agentTimelineQueryOptions(card: Card, agentId: string, since: number, until?: number) {
  return queryOptions<AgentTimeline, CardSdkError>({
    queryKey: cardQueryKeys.agentTimeline(agentId, since, until),
    queryFn: () => callCard('agents.timeline', () => card.agents.timeline(agentId, since, until)),
    retry: false,
  });
}
