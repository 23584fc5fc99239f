import { applyAgentStatus } from '../contract/agent-turns.js';
import { CardSdkError } from '../contract/errors.js';
import type {
  AgentInfo,
  AgentStatus,
  AgentTimeline,
  AgentUsage,
  PromptDelivery,
  UsageSummary,
} from '../contract/types.js';
import type { TopicSubscriptions } from '../host/subscriptions.js';
import type { Builtins, MethodsOf } from './builtin.js';
import type { MockCore } from './core.js';
import type { MockAgentRecords } from './types.js';

/** The agents the app reports (replaced whole by `setAgents`). */
export interface AgentRoster {
  agents: AgentInfo[];
}

/** What `agents.*`, `terminals.*` and `usage.summary` own: the roster and the records of what the card sent. */
export interface AgentsState extends AgentRoster {
  readonly core: MockCore;
  /** Topic subscriptions, read to decide which agent events reach the card. */
  readonly topics: TopicSubscriptions;
  readonly prompts: { agentId: string; text: string; delivered: string }[];
  readonly terminal: { agentId: string; text: string; kind: 'run' | 'write' }[];
  readonly commands: { agentId: string; command: string }[];
  /** The last status `setAgentStatus` recorded per agent. */
  lastStatus?: Map<string, AgentStatus>;
  agentUsage: MockAgentRecords<AgentUsage> | undefined;
  agentTimeline: MockAgentRecords<AgentTimeline> | undefined;
}

/** The agent with that id, which must be joined to the card by an arrow. */
export function connectedAgent(roster: AgentRoster, agentId: string): AgentInfo {
  const agent = roster.agents.find((a) => a.id === agentId);
  if (!agent) throw new CardSdkError('NOT_FOUND', `no agent ${agentId}`);
  if (!agent.connected) {
    throw new CardSdkError('NOT_CONNECTED', `agent ${agentId} is not connected to this card by an arrow`);
  }
  return agent;
}

function aiAgent(roster: AgentRoster, agentId: string, code: 'NOT_FOUND' | 'INVALID_PARAMS'): AgentInfo {
  const agent = connectedAgent(roster, agentId);
  if (agent.kind !== 'ai') throw new CardSdkError(code, `${agent.name} is not an AI agent`);
  return agent;
}

function terminal(roster: AgentRoster, agentId: string): AgentInfo {
  const agent = connectedAgent(roster, agentId);
  if (agent.kind !== 'shell') throw new CardSdkError('NOT_FOUND', `${agent.name} is not a terminal`);
  return agent;
}

function window(params: { since: number; until?: number }): { since: number; until: number } {
  const until = params.until ?? Date.now();
  if (params.since > until) throw new CardSdkError('INVALID_PARAMS', '"since" is after "until"');
  return { since: params.since, until };
}

function override<T>(
  records: MockAgentRecords<T> | undefined,
  agentId: string,
  since: number,
  until: number,
): Partial<T> {
  if (typeof records === 'function') return records(agentId, since, until) ?? {};
  return records?.[agentId] ?? {};
}

/** `agents.*`, `terminals.*` and `usage.summary`. */
export const agentHandlers: Builtins<AgentsState, MethodsOf<'agents' | 'terminals' | 'usage'>> = {
  'agents.list'(_params, state) {
    return state.agents;
  },
  'agents.get'(params, state) {
    const agent = state.agents.find((a) => a.id === params.agentId);
    if (!agent) throw new CardSdkError('NOT_FOUND', `no agent ${params.agentId}`);
    return agent;
  },
  'agents.readScreen'(params, state) {
    connectedAgent(state, params.agentId);
    const screen = state.core.options.screens?.[params.agentId] ?? '';
    return {
      text: screen
        .split('\n')
        .slice(-(params.lines ?? 500))
        .join('\n'),
    };
  },
  'agents.lastReply'(params, state) {
    connectedAgent(state, params.agentId);
    const text = state.core.options.replies?.[params.agentId];
    return text === undefined ? { text: null, at: null } : { text, at: Date.now() };
  },
  'agents.prompt'(params, state) {
    const agent = aiAgent(state, params.agentId, 'NOT_FOUND');
    let delivered: PromptDelivery = 'sent';
    if (params.submit === false) delivered = 'inserted';
    else if (agent.status === 'working') {
      const whenBusy = params.whenBusy ?? 'queue';
      if (whenBusy === 'fail') throw new CardSdkError('BUSY', `${agent.name} is working`);
      delivered = whenBusy === 'queue' ? 'queued' : 'sent';
    }
    state.prompts.push({ agentId: agent.id, text: params.text, delivered });
    return { delivered };
  },
  'agents.usage'(params, state) {
    const agent = aiAgent(state, params.agentId, 'INVALID_PARAMS');
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
    return { ...record, ...override(state.agentUsage, agent.id, since, until) } as AgentUsage;
  },
  'agents.timeline'(params, state) {
    const agent = aiAgent(state, params.agentId, 'INVALID_PARAMS');
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
      ...override(state.agentTimeline, agent.id, since, until),
    };
  },
  async 'terminals.run'(params, state) {
    const agent = terminal(state, params.agentId);
    state.terminal.push({ agentId: agent.id, text: params.command, kind: 'run' });
    state.commands.push({ agentId: agent.id, command: params.command });
    const script = state.core.options.terminalRun;
    const run = script ? await script(agent.id, params.command, { timeoutMs: params.timeoutMs }) : {};
    return {
      exitCode: run.exitCode === undefined ? 0 : run.exitCode,
      output: run.output ?? '',
      truncated: run.truncated ?? false,
      timedOut: run.timedOut ?? false,
    };
  },
  'terminals.write'(params, state) {
    const agent = terminal(state, params.agentId);
    state.terminal.push({ agentId: agent.id, text: params.text, kind: 'write' });
  },
  'usage.summary'(params, state) {
    const usage = state.core.options.usage;
    if (usage) return usage as unknown as UsageSummary;
    const now = new Date().toISOString();
    return { period: params.period, from: now, to: now, rows: [], totalCostMicroUsd: 0, partial: false };
  },
};

/** Driver: changes an agent's status in place like the app, with `agents.status` and `agents.turn` events. */
export function setAgentStatus(state: AgentsState, agentId: string, status: AgentStatus): void {
  const agent = state.agents.find((a) => a.id === agentId);
  if (!agent) throw new Error(`mock host: no agent "${agentId}"`);
  const previous = state.lastStatus?.get(agentId) ?? agent.status;
  const at = Date.now();
  const { started, ended } = applyAgentStatus(agent, status, at, previous);
  (state.lastStatus ??= new Map()).set(agentId, status);
  const { core, topics } = state;
  if (topics.wants('agents.status')) core.emit('agents.status', { agentId, status, at });
  if (topics.wants('agents.turn') && (started || ended)) {
    core.emit('agents.turn', { agentId, phase: started ? 'start' : 'end', at });
  }
}

/** Driver: live output of an agent the card watches through `agents.output`. */
export function agentOutput(state: AgentsState, agentId: string, text: string): void {
  if (state.topics.wants('agents.output', agentId)) {
    state.core.emit('agents.output', { agentId, text, at: Date.now() });
  }
}

/** Driver: replaces the agents; the card hears it only when subscribed to `agents.changed`. */
export function setAgents(state: AgentsState, agents: AgentInfo[]): void {
  state.agents = agents;
  if (state.topics.wants('agents.changed')) state.core.emit('agents.changed', { agents });
}
