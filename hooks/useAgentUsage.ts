import type { AgentUsage } from '../src/index.js';
import { cardQueryKeys } from './query-keys.js';
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
    cardQueryKeys.agentUsage(agentId, since, until),
    (card) => card.agents.usage(agentId, since, until),
    options,
  );
}
