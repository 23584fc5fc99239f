import type {
  AgentInfo,
  AgentLastReply,
  AgentOutputEvent,
  AgentStatusEvent,
  AgentTimeline,
  AgentTurnEvent,
  AgentUsage,
  PromptDelivery,
  WhenBusy,
} from '../contract/types.js';
import type { CardSession } from './session.js';
import { definedFields } from './defined-fields.js';
import { subscribeTopic } from './event-router.js';

/** Whether `card.agents.prompt` presses Enter, and what it does while the agent is busy. */
export interface PromptOptions {
  /** `false` types the text without pressing Enter (result `inserted`). */
  submit?: boolean;
  /** What to do while the agent is working (default `queue`). */
  whenBusy?: WhenBusy;
}

/** `card.agents`: the agents and terminals on the canvas. */
export interface CardAgents {
  /** Every agent and terminal in the workspace. */
  list(): Promise<AgentInfo[]>;
  /** Reads the agent or terminal with this id. */
  get(agentId: string): Promise<AgentInfo>;
  /** The visible screen of a connected agent as text (up to `lines` lines). */
  readScreen(agentId: string, lines?: number): Promise<string>;
  /** The last reply of a connected agent, from its session log. */
  lastReply(agentId: string): Promise<AgentLastReply>;
  /** Sends a prompt to a connected AI agent; resolves with how it was delivered. */
  prompt(agentId: string, text: string, options?: PromptOptions): Promise<PromptDelivery>;
  /** The numbers of a connected AI agent's run inside a time window (SDK 1.1+). */
  usage(agentId: string, since: number, until?: number): Promise<AgentUsage>;
  /** Requests, statuses and turns of a connected AI agent inside a time window (SDK 1.2+). */
  timeline(agentId: string, since: number, until?: number): Promise<AgentTimeline>;
  /** Status changes, optionally of one agent only; returns an unsubscribe function. */
  onStatus(listener: (event: AgentStatusEvent) => void, agentId?: string): () => void;
  /** Turn starts and ends, optionally of one agent only. */
  onTurn(listener: (event: AgentTurnEvent) => void, agentId?: string): () => void;
  /** The whole agent list whenever agents are added, removed or renamed. */
  onChanged(listener: (agents: AgentInfo[]) => void): () => void;
  /** Live output of the given connected agents; returns a function that stops it. */
  onOutput(agentIds: string[], listener: (event: AgentOutputEvent) => void): () => void;
}

/** Builds `card.agents`, keeping the `agents.output` subscription equal to the watched agents. */
export function createAgents(session: CardSession): CardAgents {
  const { channel, events } = session;
  const watched = new Map<string, number>();
  let syncQueued = false;
  let subscribed = false;

  const sync = (): void => {
    syncQueued = false;
    if (channel.closed) return;
    const agentIds = [...watched.keys()];
    if (agentIds.length === 0) {
      if (!subscribed) return;
      subscribed = false;
      channel.notify('events.unsubscribe', { topics: ['agents.output'] });
      return;
    }
    subscribed = true;
    subscribeTopic(
      channel,
      'agents.output',
      () => session.log.warn('agents.output was not granted — declare the "agents.output" permission'),
      agentIds,
    );
  };
  const scheduleSync = (): void => {
    if (syncQueued) return;
    syncQueued = true;
    queueMicrotask(sync);
  };

  const filtered = <E extends { agentId: string }>(
    event: string,
    listener: (event: E) => void,
    agentId?: string,
  ): (() => void) =>
    events.on(event, (data) => {
      const payload = data as E;
      if (agentId === undefined || payload?.agentId === agentId) listener(payload);
    });

  return {
    list: () => channel.request('agents.list', {}),
    get: (agentId) => channel.request('agents.get', { agentId }),
    async readScreen(agentId, lines) {
      const result = await channel.request('agents.readScreen', lines ? { agentId, lines } : { agentId });
      return result?.text;
    },
    lastReply: (agentId) => channel.request('agents.lastReply', { agentId }),
    async prompt(agentId, text, options) {
      const result = await channel.request('agents.prompt', { agentId, text, ...definedFields(options) });
      return result?.delivered;
    },
    usage: (agentId, since, until) =>
      channel.request('agents.usage', until === undefined ? { agentId, since } : { agentId, since, until }),
    timeline: (agentId, since, until) =>
      channel.request('agents.timeline', until === undefined ? { agentId, since } : { agentId, since, until }),
    onStatus: (listener, agentId) => filtered('agents.status', listener, agentId),
    onTurn: (listener, agentId) => filtered('agents.turn', listener, agentId),
    onChanged: (listener) => events.on('agents.changed', (data) => listener((data as { agents: AgentInfo[] }).agents)),
    onOutput(agentIds, listener) {
      const ids = [...new Set(agentIds)];
      for (const id of ids) watched.set(id, (watched.get(id) ?? 0) + 1);
      scheduleSync();
      const off = events.on('agents.output', (data) => {
        const payload = data as AgentOutputEvent;
        if (ids.includes(payload?.agentId)) listener(payload);
      });
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        off();
        for (const id of ids) {
          const count = (watched.get(id) ?? 1) - 1;
          if (count > 0) watched.set(id, count);
          else watched.delete(id);
        }
        scheduleSync();
      };
    },
  };
}
