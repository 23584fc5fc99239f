import type { AgentInfo, AgentStatus, AgentTurnEvent } from './types.js';

/** What a status change did to the agent's turn: a turn starts on entering `working` and ends on leaving it. */
export interface TurnChange {
  /** The agent entered `working`: `agents.turn` phase `start`. */
  started: boolean;
  /** The agent left `working` for `finished` or `needs-input`: `agents.turn` phase `end`. */
  ended: boolean;
}

/**
 * The app's turn rule for a status change, applied to `agent` in place (`status`, `turnStartedAt`, `lastTurn`).
 * Shared by the mock host, which changes its agents, and the React layer, which patches a copy of a listed one.
 */
export function applyAgentStatus(
  agent: AgentInfo,
  status: AgentStatus,
  at: number,
  previous: AgentStatus = agent.status,
): TurnChange {
  const ended = previous === 'working' && (status === 'finished' || status === 'needs-input');
  if (ended) agent.lastTurn = { startedAt: agent.turnStartedAt ?? null, endedAt: at, endedAs: status };
  const started = status === 'working' && previous !== 'working';
  if (status === 'working') {
    if (started || agent.turnStartedAt === undefined) agent.turnStartedAt = at;
  } else {
    delete agent.turnStartedAt;
  }
  agent.status = status;
  return { started, ended };
}

/**
 * The turn rule for an `agents.turn` event, applied to `agent` in place; false when the agent's status event
 * already recorded it (the turn is already open, or already closed).
 */
export function applyAgentTurn(agent: AgentInfo, event: Pick<AgentTurnEvent, 'phase' | 'at'>): boolean {
  if (event.phase === 'start') {
    if (agent.turnStartedAt !== undefined) return false;
    agent.turnStartedAt = event.at;
    return true;
  }
  if (agent.turnStartedAt === undefined) return false;
  const endedAs = agent.status === 'needs-input' ? 'needs-input' : 'finished';
  agent.lastTurn = { startedAt: agent.turnStartedAt, endedAt: event.at, endedAs };
  delete agent.turnStartedAt;
  return true;
}
