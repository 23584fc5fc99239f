// Agents and terminals: their list, events, usage, timelines, prompts and terminal runs.
import type { AgentStatus, UsagePeriod } from '../constants.js';
import type { JsonValue } from './json.js';

/** An AI agent or a terminal. */
export type AgentKind = 'ai' | 'shell';

/** How a turn ended. */
export type TurnEnd = 'finished' | 'needs-input';

/** The last finished turn of an agent. */
export interface AgentLastTurn {
  startedAt: number | null;
  endedAt: number;
  endedAs: TurnEnd;
}

/** An agent or terminal on the canvas. */
export interface AgentInfo {
  id: string;
  name: string;
  harness: string;
  kind: AgentKind;
  status: AgentStatus;
  connected: boolean;
  sessionTitle?: string;
  turnStartedAt?: number;
  lastTurn?: AgentLastTurn;
  model?: string;
}

/** `agents.status`: an agent's status changed. */
export interface AgentStatusEvent {
  agentId: string;
  status: AgentStatus;
  at: number;
}

/** `agents.turn`: a turn started or ended. */
export interface AgentTurnEvent {
  agentId: string;
  phase: 'start' | 'end';
  at: number;
}

/** `agents.changed`: the whole new agent list. */
export interface AgentsChangedEvent {
  agents: AgentInfo[];
}

/** `agents.output`: a chunk of an agent's output (ANSI stripped). */
export interface AgentOutputEvent {
  agentId: string;
  text: string;
  at: number;
}

/** Token and cost counts of part of a run; null means "not reported", never 0. */
export interface AgentUsagePart {
  requests: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  reasoningTokens: number | null;
  totalTokens: number | null;
  costMicroUsd: number | null;
}

/** Counts of the subagents of a run (contract 1.3). */
export interface AgentUsageSubagents extends AgentUsagePart {
  count: number;
}

/** One agent's numbers inside a time window (`agents.usage`). Totals include subagents. */
export interface AgentUsage extends AgentUsagePart {
  agentId: string;
  harness: string;
  since: number;
  until: number;
  status: AgentStatus;
  usageReadable: boolean;
  model?: string;
  provider?: string;
  prompts: number;
  costPartial: boolean;
  firstPromptAt: number | null;
  lastFinishedAt: number | null;
  elapsedMs: number | null;
  workingMs: number;
  timingComplete: boolean;
  scannedAt: number;
  subagents?: AgentUsageSubagents;
  mainOnly?: AgentUsagePart;
}

/** One model request of an agent. */
export interface AgentRequestSpan {
  startedAt: number | null;
  endedAt: number;
  model?: string;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  tools?: string[];
  /** The subagent that made the request (contract 1.3). */
  subagent?: { id: string; name?: string };
}

/** A stretch of time an agent spent in one status. */
export interface AgentStatusSpan {
  status: AgentStatus;
  from: number;
  to: number;
}

/** One turn of an agent: prompt → finish. */
export interface AgentTurnSpan {
  start: number;
  end: number | null;
  endedAs?: TurnEnd;
  counted: boolean;
}

/** One agent's requests, statuses and turns inside a time window (`agents.timeline`). */
export interface AgentTimeline {
  agentId: string;
  harness: string;
  since: number;
  until: number;
  usageReadable: boolean;
  /** `start-end` when request send times are known, else `end`. */
  requestTimes: 'start-end' | 'end' | (string & {});
  requests: AgentRequestSpan[];
  truncated: boolean;
  statuses: AgentStatusSpan[];
  turns: AgentTurnSpan[];
  scannedAt: number;
}

/** The last reply of an agent, from its session log. */
export interface AgentLastReply {
  text: string | null;
  at: number | null;
}

/** How a prompt was delivered. */
export type PromptDelivery = 'sent' | 'queued' | 'inserted';

/** What to do with a prompt while the agent is working. */
export type WhenBusy = 'queue' | 'send' | 'fail';

/** Result of `terminals.run`. */
export interface TerminalRunResult {
  exitCode: number | null;
  output: string;
  truncated: boolean;
  timedOut: boolean;
}

/** Result of `usage.summary` (row shape is host-defined). */
export interface UsageSummary {
  period: UsagePeriod;
  from: string;
  to: string;
  rows: JsonValue[];
  totalCostMicroUsd: number;
  partial: boolean;
}
