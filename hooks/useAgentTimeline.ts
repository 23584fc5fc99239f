import type { AgentTimeline } from '../src/index.js';
import { agentTimelineQueryOptions } from './query-options.js';
import { useCardRuntime } from './card-runtime-context.js';
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
    agentTimelineQueryOptions(useCardRuntime('useAgentTimeline').card, agentId, since, until),
    options,
  );
}
