import type { StorageScope } from '../src/index.js';

const root = 'neurosquad-card' as const;

/**
 * Query keys of every host value the hooks cache; read or invalidate them with your own `QueryClient`.
 * @example queryClient.invalidateQueries({ queryKey: cardQueryKeys.agents() })
 */
export const cardQueryKeys = {
  /** Prefix of every key below. */
  all: () => [root] as const,
  /** One storage key in one scope (`useStorage`). */
  storage: (scope: StorageScope, key: string) => [root, 'storage', scope, key] as const,
  /** Every storage key of one scope. */
  storageScope: (scope: StorageScope) => [root, 'storage', scope] as const,
  /** The one `agents.list` result that agent events keep current. */
  agents: () => [root, 'agents'] as const,
  /** `agents.usage` for one agent and window (`until` null = now). */
  agentUsage: (agentId: string, since: number, until?: number) =>
    [root, 'agent-usage', agentId, since, until ?? null] as const,
  /** Every cached `agents.usage` window of one agent. */
  agentUsagePrefix: (agentId: string) => [root, 'agent-usage', agentId] as const,
  /** Every cached `agents.timeline` window of one agent. */
  agentTimelinePrefix: (agentId: string) => [root, 'agent-timeline', agentId] as const,
  /** `agents.timeline` for one agent and window (`until` null = now). */
  agentTimeline: (agentId: string, since: number, until?: number) =>
    [root, 'agent-timeline', agentId, since, until ?? null] as const,
  /** `agents.lastReply` for one agent. */
  lastReply: (agentId: string) => [root, 'last-reply', agentId] as const,
  /** Whether the host supports a method (`host.supports`). */
  supports: (method: string) => [root, 'supports', method] as const,
  /** A `ports.request` to a peer's input with the given data (`usePortQuery`). */
  portRequest: (peerId: string, input: string, data: unknown) => [root, 'port-request', peerId, input, data] as const,
  /** The values retained by upstream peers for one of this card's inputs (`usePort`). */
  portRetained: (input: string | null) => [root, 'port-retained', input] as const,
};
