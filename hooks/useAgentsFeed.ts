import { useEffect } from 'react';
import { useCardRuntime } from './card-runtime-context.js';
import { useCardQueryClient } from './useCardQueryClient.js';
import { cardQueryKeys } from './query-keys.js';

// Reads that change when one of an agent's turns ends: its last reply, usage and timeline windows.
const turnReads = new Set<unknown>([
  cardQueryKeys.lastReply('')[1],
  cardQueryKeys.agentUsagePrefix('')[1],
  cardQueryKeys.agentTimelinePrefix('')[1],
]);

/** While mounted, reads an agent's cached reply, usage and timelines again each time one of its turns ends. */
export function useAgentsFeed(hook: string): void {
  const { agents } = useCardRuntime(hook);
  const queryClient = useCardQueryClient(hook);
  useEffect(
    () =>
      agents.onTurnEnd((agentId) => {
        void queryClient.invalidateQueries({
          queryKey: cardQueryKeys.all(),
          predicate: (query) => turnReads.has(query.queryKey[1]) && query.queryKey[2] === agentId,
        });
      }),
    [agents, queryClient],
  );
}
