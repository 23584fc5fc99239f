import {
  grantedPermissions,
  type AgentInfo,
  type AgentStatusEvent,
  type AgentTurnEvent,
  type CardContext,
  applyAgentStatus as changeStatus,
  applyAgentTurn as changeTurn,
} from '../src/index.js';
import type { CardRuntime } from './card-runtime.js';
import { cardQueryKeys } from './query-keys.js';
import { cachedQuery } from './query-options.js';

/** True when the card may read agents (`agents.read`, granted or implied). */
function canReadAgents(context: CardContext): boolean {
  return grantedPermissions(context.permissions).has('agents.read');
}

/** `list` with the agent `agentId` changed by `change` (only it is a new object); `list` itself when unchanged. */
function patchAgent(list: AgentInfo[], agentId: string, change: (agent: AgentInfo) => boolean): AgentInfo[] {
  const index = list.findIndex((agent) => agent.id === agentId);
  if (index < 0) return list;
  const next = { ...list[index] };
  if (!change(next)) return list;
  const copy = list.slice();
  copy[index] = next;
  return copy;
}

/** The list after an `agents.status` event, by the contract's turn rule. */
export function applyAgentStatus(list: AgentInfo[], event: AgentStatusEvent): AgentInfo[] {
  return patchAgent(list, event.agentId, (agent) => {
    if (agent.status === event.status) return false;
    changeStatus(agent, event.status, event.at);
    return true;
  });
}

/** The list after an `agents.turn` event (unchanged when the status event already recorded the turn). */
export function applyAgentTurn(list: AgentInfo[], event: AgentTurnEvent): AgentInfo[] {
  return patchAgent(list, event.agentId, (agent) => changeTurn(agent, event));
}

/** Agent events into the cache, one changed agent at a time. */
function startAgentEvents(runtime: CardRuntime): () => void {
  const { card, queryClient } = runtime;
  const queryKey = cardQueryKeys.agents();
  const agentsQuery = cachedQuery<AgentInfo[]>(queryClient, { queryKey });
  const patch = (update: (list: AgentInfo[]) => AgentInfo[]) => {
    const query = agentsQuery();
    const list = query?.state.data;
    if (query && list) {
      const next = update(list);
      // What `setQueryData` does, without defaulting the options again on every event.
      if (next !== list) query.setData(next, { manual: true });
    } else if (query?.state.fetchStatus === 'fetching') {
      // The list is still loading: read it again so this change is not lost.
      void queryClient.invalidateQueries({ queryKey, exact: true });
    }
  };
  // Reads that change when one of the agent's turns ends: its last reply, usage and timeline windows.
  const turnReads = new Set<unknown>([
    cardQueryKeys.lastReply('')[1],
    cardQueryKeys.agentUsagePrefix('')[1],
    cardQueryKeys.agentTimelinePrefix('')[1],
  ]);
  const agentQueries = (agentId: string) => {
    void queryClient.invalidateQueries({
      queryKey: cardQueryKeys.all(),
      predicate: (query) => turnReads.has(query.queryKey[1]) && query.queryKey[2] === agentId,
    });
  };
  const offs = [
    card.agents.onStatus((event) => patch((list) => applyAgentStatus(list, event))),
    card.agents.onTurn((event) => {
      patch((list) => applyAgentTurn(list, event));
      if (event.phase === 'end') agentQueries(event.agentId);
    }),
    card.agents.onChanged((agents) => queryClient.setQueryData<AgentInfo[]>(queryKey, agents)),
  ];
  // A list refused before (no permission yet) is read again now that events flow.
  if (queryClient.getQueryState(queryKey)?.status === 'error') {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
  return () => {
    for (const off of offs) off();
    // Without events the cached list can go stale: the next user reads it again.
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  };
}

/**
 * Keeps the cached `agents.list` current from `agents.status`, `agents.turn` and `agents.changed`, while the card
 * may read agents (it follows permission changes).
 */
export function agentsFeed(runtime: CardRuntime): () => void {
  const { card } = runtime;
  let stop: (() => void) | null = null;
  let permissions: CardContext['permissions'] | null = null;
  const follow = (context: CardContext) => {
    if (context.permissions === permissions) return;
    permissions = context.permissions;
    const readable = canReadAgents(context);
    if (readable && !stop) stop = startAgentEvents(runtime);
    else if (!readable && stop) {
      stop();
      stop = null;
    }
  };
  follow(card.context);
  const off = card.onContextChange(follow);
  return () => {
    off();
    stop?.();
  };
}
