import type { AgentTimeline } from '../src/index.js';
import { cardQueryKeys } from './query-keys.js';
import { useAgentWindowQuery, type AgentWindowOptions, type AgentWindowState } from './useAgentWindowQuery.js';

/**
 * One connected agent's model requests, status spans and turns since `since` (until `until` or now).
 * Needs `usage.read`; `supported` is false on older apps.
 */
export function useAgentTimeline(
  agentId: string,
  since: number,
  until?: number,
  options: AgentWindowOptions = {},
): AgentWindowState<AgentTimeline> {
  return useAgentWindowQuery(
    'useAgentTimeline',
    'agents.timeline',
    cardQueryKeys.agentTimeline(agentId, since, until),
    (card) => card.agents.timeline(agentId, since, until),
    options,
  );
}
