// The host the control panel drives: what it reads and which drivers it runs. On the dev page it is the mock host
// itself; in Storybook's Host panel it is a copy kept over the channel (storybook/host-panel/remote-host.ts), whose
// drivers answer later, so a driver here may return a promise of what the mock host's returns.
import type { MockHost } from '../../src/testing/index.js';

/** The records the panel lists: they only grow, so a remote copy may carry only their newest entries. */
export const PANEL_HOST_RECORDS = [
  'calls',
  'events',
  'deliveries',
  'prompts',
  'commands',
  'terminal',
  'logs',
  'toasts',
  'confirms',
  'clipboard',
  'spawned',
] as const satisfies readonly (keyof MockHost)[];

/** Everything the panel reads: the host's state (always whole, since drivers write back lists read from it) and
 * its records. */
export const PANEL_HOST_FIELDS = [
  'manifest',
  'context',
  'agents',
  'peers',
  'chrome',
  'storage',
  ...PANEL_HOST_RECORDS,
] as const satisfies readonly (keyof MockHost)[];

/** The drivers the panel runs (the only methods a remote copy forwards to the mock host). */
export const PANEL_HOST_DRIVERS = [
  'setVisibility',
  'setExpanded',
  'resize',
  'suspend',
  'setTheme',
  'setLanguage',
  'setSettings',
  'setSecret',
  'setGrants',
  'setAgents',
  'setPeers',
  'sendPortMessage',
  'requestPort',
  'callTool',
  'setAgentStatus',
  'agentOutput',
  'setAgentUsage',
  'setAgentTimeline',
] as const satisfies readonly (keyof MockHost)[];

/** One field the panel reads. */
export type PanelHostField = (typeof PANEL_HOST_FIELDS)[number];

/** One driver the panel runs. */
export type PanelHostDriver = (typeof PANEL_HOST_DRIVERS)[number];

/** The drivers whose answer the panel shows (a result, or the error it shows in place); the others are fire and
 * forget, and a remote copy reports their failures on its own. */
type AnsweringDriver = 'sendPortMessage' | 'requestPort' | 'callTool';

/** A mock host method as a remote copy offers it: the same arguments, its answer now or later. */
type MaybeLater<F> = F extends (...args: infer A) => infer R ? (...args: A) => R | Promise<Awaited<R>> : never;

/** A host as the control panel sees it: records to read, drivers to run, and a change feed to re-render on. */
export type PanelHost = Pick<MockHost, PanelHostField | 'subscribe' | Exclude<PanelHostDriver, AnsweringDriver>> & {
  readonly [K in AnsweringDriver]: MaybeLater<MockHost[K]>;
} & {
  /** How many entries each record holds when the copy carries only the newest (the remote copy); else absent. */
  readonly totals?: Readonly<Partial<Record<PanelHostField, number>>>;
};

/** Whether a name sent over a channel is one of the panel's drivers (anything else is refused). */
export function isPanelHostDriver(name: unknown): name is PanelHostDriver {
  return typeof name === 'string' && (PANEL_HOST_DRIVERS as readonly string[]).includes(name);
}
