import { CardSdkError } from '../contract/errors.js';
import type { AgentInfo, AgentStatus } from '../contract/types.js';
import type { BuiltinHandlers, MockCardHost } from './mock-host.js';
import type { MockAgentRecords } from './types.js';

/** The agent with that id, which must be joined to the card by an arrow. */
export function connectedAgent(host: MockCardHost, agentId: string): AgentInfo {
  const agent = host.agents.find((a) => a.id === agentId);
  if (!agent) throw new CardSdkError('NOT_FOUND', `no agent ${agentId}`);
  if (!agent.connected) {
    throw new CardSdkError('NOT_CONNECTED', `agent ${agentId} is not connected to this card by an arrow`);
  }
  return agent;
}

function aiAgent(host: MockCardHost, agentId: string, code: 'NOT_FOUND' | 'INVALID_PARAMS'): AgentInfo {
  const agent = connectedAgent(host, agentId);
  if (agent.kind !== 'ai') throw new CardSdkError(code, `${agent.name} is not an AI agent`);
  return agent;
}

function terminal(host: MockCardHost, agentId: string): AgentInfo {
  const agent = connectedAgent(host, agentId);
  if (agent.kind !== 'shell') throw new CardSdkError('NOT_FOUND', `${agent.name} is not a terminal`);
  return agent;
}

function window(params: { since: number; until?: number }): { since: number; until: number } {
  const until = params.until ?? Date.now();
  if (params.since > until) throw new CardSdkError('INVALID_PARAMS', '"since" is after "until"');
  return { since: params.since, until };
}

function override<T>(records: MockAgentRecords<T> | undefined, agentId: string, since: number, until: number) {
  if (typeof records === 'function') return records(agentId, since, until) ?? {};
  return records?.[agentId] ?? {};
}

/** `agents.*`, `terminals.*` and `usage.summary`. */
export const agentHandlers: BuiltinHandlers = {
  'agents.list'(_params, host) {
    return host.agents;
  },
  'agents.get'(params: { agentId: string }, host) {
    const agent = host.agents.find((a) => a.id === params.agentId);
    if (!agent) throw new CardSdkError('NOT_FOUND', `no agent ${params.agentId}`);
    return agent;
  },
  'agents.readScreen'(params: { agentId: string; lines?: number }, host) {
    connectedAgent(host, params.agentId);
    const screen = host.options.screens?.[params.agentId] ?? '';
    return {
      text: screen
        .split('\n')
        .slice(-(params.lines ?? 500))
        .join('\n'),
    };
  },
  'agents.lastReply'(params: { agentId: string }, host) {
    connectedAgent(host, params.agentId);
    const text = host.options.replies?.[params.agentId];
    return text === undefined ? { text: null, at: null } : { text, at: Date.now() };
  },
  'agents.prompt'(params: { agentId: string; text: string; submit?: boolean; whenBusy?: string }, host) {
    const agent = aiAgent(host, params.agentId, 'NOT_FOUND');
    let delivered = 'sent';
    if (params.submit === false) delivered = 'inserted';
    else if (agent.status === 'working') {
      const whenBusy = params.whenBusy ?? 'queue';
      if (whenBusy === 'fail') throw new CardSdkError('BUSY', `${agent.name} is working`);
      delivered = whenBusy === 'queue' ? 'queued' : 'sent';
    }
    host.prompts.push({ agentId: agent.id, text: params.text, delivered });
    return { delivered };
  },
  'agents.usage'(params: { agentId: string; since: number; until?: number }, host) {
    const agent = aiAgent(host, params.agentId, 'INVALID_PARAMS');
    const { since, until } = window(params);
    const record: Record<string, unknown> = {
      agentId: agent.id,
      harness: agent.harness,
      since,
      until,
      status: agent.status,
      usageReadable: true,
      requests: 0,
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
      totalTokens: 0,
      costMicroUsd: null,
      costPartial: false,
    };
    if (agent.model !== undefined) record.model = agent.model;
    Object.assign(record, {
      prompts: 0,
      workingMs: 0,
      firstPromptAt: null,
      lastFinishedAt: null,
      elapsedMs: null,
      timingComplete: true,
      scannedAt: Date.now(),
    });
    return { ...record, ...override(host.agentUsage, agent.id, since, until) };
  },
  'agents.timeline'(params: { agentId: string; since: number; until?: number }, host) {
    const agent = aiAgent(host, params.agentId, 'INVALID_PARAMS');
    const { since, until } = window(params);
    return {
      agentId: agent.id,
      harness: agent.harness,
      since,
      until,
      usageReadable: true,
      requestTimes: 'start-end',
      requests: [],
      truncated: false,
      statuses: [{ status: agent.status, from: since, to: until }],
      turns: [],
      scannedAt: Date.now(),
      ...override(host.agentTimeline, agent.id, since, until),
    };
  },
  'terminals.run'(params: { agentId: string; command: string }, host) {
    const agent = terminal(host, params.agentId);
    host.terminal.push({ agentId: agent.id, text: params.command, kind: 'run' });
    host.commands.push({ agentId: agent.id, command: params.command });
    return { exitCode: 0, output: '', truncated: false, timedOut: false };
  },
  'terminals.write'(params: { agentId: string; text: string }, host) {
    const agent = terminal(host, params.agentId);
    host.terminal.push({ agentId: agent.id, text: params.text, kind: 'write' });
  },
  'usage.summary'(params: { period: string }, host) {
    if (host.options.usage) return host.options.usage;
    const now = new Date().toISOString();
    return { period: params.period, from: now, to: now, rows: [], totalCostMicroUsd: 0, partial: false };
  },
};

/** Driver: changes an agent's status in place like the app, with `agents.status` and `agents.turn` events. */
export function setAgentStatus(host: MockCardHost, agentId: string, status: AgentStatus): void {
  const agent = host.agents.find((a) => a.id === agentId);
  if (!agent) throw new Error(`mock host: no agent "${agentId}"`);
  const previous = host.lastStatus.get(agentId) ?? agent.status;
  const at = Date.now();
  const ended = previous === 'working' && (status === 'finished' || status === 'needs-input');
  if (ended) agent.lastTurn = { startedAt: agent.turnStartedAt ?? null, endedAt: at, endedAs: status };
  const started = status === 'working' && previous !== 'working';
  if (status === 'working') {
    if (started || agent.turnStartedAt === undefined) agent.turnStartedAt = at;
  } else {
    delete agent.turnStartedAt;
  }
  agent.status = status;
  host.lastStatus.set(agentId, status);
  if (host.topics.wants('agents.status')) host.emit('agents.status', { agentId, status, at });
  if (host.topics.wants('agents.turn') && (started || ended)) {
    host.emit('agents.turn', { agentId, phase: started ? 'start' : 'end', at });
  }
}

/** Driver: live output of an agent the card watches through `agents.output`. */
export function agentOutput(host: MockCardHost, agentId: string, text: string): void {
  if (host.topics.wants('agents.output', agentId)) {
    host.emit('agents.output', { agentId, text, at: Date.now() });
  }
}
