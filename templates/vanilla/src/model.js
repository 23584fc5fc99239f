// Pure functions: no SDK, no DOM, so they are easy to test. The SDK's types are imported for JSDoc only.
/** @import { AgentInfo, AgentStatus, CardTone } from '../vendor/card-sdk/index.js' */

/**
 * The words of a summary, in the app's language.
 * @typedef {object} SummaryText
 * @property {string} heading
 * @property {string} none Shown when no agent is connected.
 * @property {(status: AgentStatus) => string} status
 */

/**
 * The order agents are listed in: the ones that need the user first.
 * @type {Record<AgentStatus, number>}
 */
const STATUS_ORDER = { 'needs-input': 0, working: 1, finished: 2, idle: 3, exited: 4 };

/**
 * The kit tone a status is drawn in.
 * @param {AgentStatus} status
 * @returns {CardTone}
 */
export function statusTone(status) {
  if (status === 'needs-input') return 'warning';
  if (status === 'working') return 'accent';
  if (status === 'finished') return 'success';
  if (status === 'exited') return 'danger';
  return 'default';
}

/**
 * Agents sorted by urgency, then by name.
 * @param {readonly AgentInfo[]} agents
 */
export function sortAgents(agents) {
  return [...agents].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.name.localeCompare(b.name));
}

/**
 * How many agents are in each status.
 * @param {readonly AgentInfo[]} agents
 */
export function countByStatus(agents) {
  /** @type {Partial<Record<AgentStatus, number>>} */
  const counts = {};
  for (const agent of agents) counts[agent.status] = (counts[agent.status] ?? 0) + 1;
  return counts;
}

/**
 * A Markdown summary of the agents: a heading and one line per agent, most urgent first; `text` holds its words.
 * @param {readonly AgentInfo[]} agents
 * @param {SummaryText} text
 */
export function summarize(agents, text) {
  const lines = [`## ${text.heading}`, ''];
  if (agents.length === 0) lines.push(text.none);
  for (const agent of sortAgents(agents)) lines.push(`- **${agent.name}**: ${text.status(agent.status)}`);
  return `${lines.join('\n')}\n`;
}
