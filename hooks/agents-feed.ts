import type { AgentInfo, AgentStatusEvent, AgentTurnEvent, CardContext } from '../src/index.js';
import { grantedPermissions } from '../src/index.js';
import type { CardRuntime } from './card-runtime.js';
import { cardQueryKeys } from './query-keys.js';

/** The list after an `agents.status` event: only the changed agent is a new object (the host's turn rules). */
export function applyAgentStatus(list: AgentInfo[], event: AgentStatusEvent): AgentInfo[] {
  const index = list.findIndex((agent) => agent.id === event.agentId);
  const agent = list[index];
  if (!agent || agent.status === event.status) return list;
  const next: AgentInfo = { ...agent, status: event.status };
  if (event.status === 'working') {
    next.turnStartedAt ??= event.at;
  } else {
    if (agent.status === 'working' && (event.status === 'finished' || event.status === 'needs-input')) {
      next.lastTurn = { startedAt: agent.turnStartedAt ?? null, endedAt: event.at, endedAs: event.status };
    }
    delete next.turnStartedAt;
  }
  return list.map((item, i) => (i === index ? next : item));
}

/** The list after an `agents.turn` event (a no-op when the status event already recorded the turn). */
export function applyAgentTurn(list: AgentInfo[], event: AgentTurnEvent): AgentInfo[] {
  const index = list.findIndex((agent) => agent.id === event.agentId);
  const agent = list[index];
  if (!agent) return list;
  let next: AgentInfo | null = null;
  if (event.phase === 'start' && agent.turnStartedAt === undefined) {
    next = { ...agent, turnStartedAt: event.at };
  } else if (event.phase === 'end' && agent.turnStartedAt !== undefined) {
    const endedAs = agent.status === 'needs-input' ? 'needs-input' : 'finished';
    next = { ...agent, lastTurn: { startedAt: agent.turnStartedAt, endedAt: event.at, endedAs } };
    delete next.turnStartedAt;
  }
  return next ? list.map((item, i) => (i === index ? next : item)) : list;
}

/** True when the card may read agents (`agents.read`, granted or implied). */
export function canReadAgents(context: CardContext): boolean {
  return grantedPermissions(context.permissions).has('agents.read');
}

/** Keeps the cached `agents.list` current from `agents.status`, `agents.turn` and `agents.changed`. */
export function agentsFeed(runtime: CardRuntime): () => void {
  const { card, queryClient } = runtime;
  const queryKey = cardQueryKeys.agents();
  const patch = (update: (list: AgentInfo[]) => AgentInfo[]) => {
    let loading = false;
    queryClient.setQueryData<AgentInfo[]>(queryKey, (list) => {
      loading = list === undefined;
      return list ? update(list) : list;
    });
    // The list is still loading: read it again so this change is not lost.
    if (loading && queryClient.isFetching({ queryKey, exact: true }) > 0) {
      void queryClient.invalidateQueries({ queryKey, exact: true });
    }
  };
  const agentQueries = (agentId: string) => {
    for (const key of [
      cardQueryKeys.lastReply(agentId),
      cardQueryKeys.agentUsagePrefix(agentId),
      cardQueryKeys.agentTimelinePrefix(agentId),
    ]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
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
