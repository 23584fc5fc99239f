import type { AgentUsage } from '../src/index.js';
import { agentUsageQueryOptions } from './query-options.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useAgentWindowQuery, type AgentWindowOptions, type AgentWindowState } from './useAgentWindowQuery.js';

/**
 * One connected agent's requests, tokens, prompts and working time since `since` (until `until` or now).
 * Null token fields stay null ("not reported"). Needs `usage.read`; `supported` is false on older apps.
 */
export function useAgentUsage(
  agentId: string,
  since: number,
  until?: number,
  options: AgentWindowOptions = {},
): AgentWindowState<AgentUsage> {
  return useAgentWindowQuery(
    'useAgentUsage',
    'agents.usage',
    agentUsageQueryOptions(useCardRuntime('useAgentUsage').card, agentId, since, until),
    options,
  );
}
