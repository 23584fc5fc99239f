import type { AgentInfo, AgentStatus, CardTone } from '@neurosquad/card-sdk';

/** The order agents are listed in: the ones that need the user first. */
const STATUS_ORDER: Record<AgentStatus, number> = { 'needs-input': 0, working: 1, finished: 2, idle: 3, exited: 4 };

/** The kit tone a status is drawn in. */
export function statusTone(status: AgentStatus): CardTone {
  if (status === 'needs-input') return 'warning';
  if (status === 'working') return 'accent';
  if (status === 'finished') return 'success';
  if (status === 'exited') return 'danger';
  return 'default';
}

/** Agents sorted by urgency, then by name. */
export function sortAgents(agents: readonly AgentInfo[]): AgentInfo[] {
  return [...agents].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.name.localeCompare(b.name));
}

/** How many agents are in each status. */
export function countByStatus(agents: readonly AgentInfo[]): Partial<Record<AgentStatus, number>> {
  const counts: Partial<Record<AgentStatus, number>> = {};
  for (const agent of agents) counts[agent.status] = (counts[agent.status] ?? 0) + 1;
  return counts;
}

/** Words for the summary, so it can follow the app's language. */
export interface SummaryText {
  heading: string;
  none: string;
  status: (status: AgentStatus) => string;
}

/** A Markdown summary of the agents: a heading and one line per agent, most urgent first. */
export function summarize(agents: readonly AgentInfo[], text: SummaryText): string {
  const lines = [`## ${text.heading}`, ''];
  if (agents.length === 0) lines.push(text.none);
  for (const agent of sortAgents(agents)) lines.push(`- **${agent.name}**: ${text.status(agent.status)}`);
  return `${lines.join('\n')}\n`;
}
