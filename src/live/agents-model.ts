import {
  applyAgentStatus,
  applyAgentTurn,
  grantedPermissions,
  type AgentInfo,
  type Card,
  type CardContext,
  type CardSdkError,
} from '../index.js';
import { createLease, createListeners } from './lease.js';
import { queryStatus, toCardSdkError, type QueryStatusFields } from './status.js';
import { keepEqual } from './same-json.js';

/** The agent list as a live model shows it: the list and its read state, in TanStack Query's words. */
export interface AgentsSnapshot extends QueryStatusFields {
  /** Every agent on the canvas, or undefined until the list was read. */
  data: AgentInfo[] | undefined;
}

/**
 * The agents on the canvas, kept current by agent events while someone listens: a framework-free model with
 * `subscribe`/`getSnapshot` for the whole list and `subscribeAgent`/`agent` for one agent, so a row that shows
 * one agent is told only when that agent changes.
 */
export interface AgentsModel {
  /** The list and its read state; a new object only when one of them changed. */
  getSnapshot: () => AgentsSnapshot;
  /** The read state alone (cheaper than `getSnapshot()` for a reader of one agent); a new object when it changed. */
  getStatus: () => QueryStatusFields;
  /** Calls `listener` whenever `getSnapshot()` changes; the first listener reads the list and follows events. */
  subscribe: (listener: () => void) => () => void;
  /** The agent with `id`, or undefined (an unchanged agent keeps its object). */
  agent: (id: string) => AgentInfo | undefined;
  /** Calls `listener` when the agent with `id` changes, or the list's read state does. */
  subscribeAgent: (id: string, listener: () => void) => () => void;
  /** Calls `listener` with an agent's id each time one of its turns ends (and follows events meanwhile). */
  onTurnEnd: (listener: (agentId: string) => void) => () => void;
  /** Reads the list from the host again; resolves when done. */
  refetch: () => Promise<void>;
  /** Takes a list read elsewhere (a query cache sharing the same host read) as the current one. */
  receive: (list: AgentInfo[]) => void;
}

/** True when the card may read agents (`agents.read`, granted or implied). */
function canReadAgents(context: CardContext): boolean {
  return grantedPermissions(context.permissions).has('agents.read');
}

/**
 * Builds the agent model of `card`. Nothing is read until the first subscriber; once the last one leaves
 * nothing listens, and the next subscriber sees the last list while it is read again.
 * @example const agents = createAgentsModel(card); agents.subscribeAgent('a1', () => show(agents.agent('a1')))
 */
export function createAgentsModel(card: Card): AgentsModel {
  const whole = createListeners();
  const turnEnds = new Set<(agentId: string) => void>();
  const byAgent = new Map<string, Set<() => void>>();
  let items: AgentInfo[] | undefined;
  let position = new Map<string, number>();
  let error: CardSdkError | null = null;
  let fetching = false;
  let stale = true;
  let reads = 0;
  let missed = false;
  let snapshot: AgentsSnapshot | null = null;
  let status = queryStatus(false, null, false);

  const notifyAgent = (id: string) => {
    const set = byAgent.get(id);
    if (set) for (const listener of [...set]) listener();
  };

  const agentById = (id: string) => {
    const index = position.get(id);
    return index === undefined ? undefined : items?.[index];
  };

  /**
   * Takes `list` (when given) and the read state; the whole-list listeners hear of any change, an agent's readers
   * only of a change to that agent or to the list's status or error.
   */
  const update = (list: readonly AgentInfo[] | null, nextError: CardSdkError | null, nextFetching: boolean) => {
    const everyone = nextError !== error || (list !== null && items === undefined);
    const before = items;
    const wasFetching = fetching;
    error = nextError;
    fetching = nextFetching;
    let changed: string[] = [];
    if (list) {
      items = (before ? keepEqual(before, list) : list).slice();
      position = new Map(items.map((agent, index) => [agent.id, index] as const));
      const previous = new Map((before ?? []).map((agent) => [agent.id, agent] as const));
      changed = [...byAgent.keys()].filter((id) => previous.get(id) !== agentById(id));
    }
    if (!list && !everyone && wasFetching === fetching) return;
    snapshot = null;
    if (everyone || wasFetching !== fetching) status = queryStatus(items !== undefined, error, fetching);
    whole.notify();
    for (const id of everyone ? [...byAgent.keys()] : changed) notifyAgent(id);
  };
  const read = async () => {
    const id = ++reads;
    missed = false;
    update(null, error, true);
    try {
      const list = await card.agents.list();
      if (id !== reads) return;
      stale = false;
      update(list, null, false);
      // An event came while the list was on its way: read again so that change is not lost.
      if (missed) void read();
    } catch (failure) {
      if (id !== reads) return;
      update(null, toCardSdkError(failure, 'agents.list'), false);
    }
  };

  /** Changes one agent in place (a new object for it alone) and tells its readers. */
  const patch = (agentId: string, change: (agent: AgentInfo) => boolean) => {
    if (!items) {
      if (fetching) missed = true;
      return;
    }
    const index = position.get(agentId);
    if (index === undefined) return;
    const next = { ...items[index] };
    if (!change(next)) return;
    items[index] = next;
    snapshot = null;
    whole.notify();
    notifyAgent(agentId);
  };

  const followEvents = () => {
    const offs = [
      card.agents.onStatus((event) =>
        patch(event.agentId, (agent) => {
          if (agent.status === event.status) return false;
          applyAgentStatus(agent, event.status, event.at);
          return true;
        }),
      ),
      card.agents.onTurn((event) => {
        patch(event.agentId, (agent) => applyAgentTurn(agent, event));
        if (event.phase === 'end') for (const listener of [...turnEnds]) listener(event.agentId);
      }),
      card.agents.onChanged((list) => {
        if (fetching) missed = true;
        update(list, null, fetching);
      }),
    ];
    // A list refused before (no permission yet) is read again now that events flow.
    if (error) void read();
    return () => {
      for (const off of offs) off();
    };
  };

  const lease = createLease(() => {
    let stopEvents: (() => void) | null = null;
    let permissions: CardContext['permissions'] | null = null;
    const follow = (context: CardContext) => {
      if (context.permissions === permissions) return;
      permissions = context.permissions;
      const readable = canReadAgents(context);
      if (readable && !stopEvents) stopEvents = followEvents();
      else if (!readable && stopEvents) {
        stopEvents();
        stopEvents = null;
      }
    };
    follow(card.context);
    const offContext = card.onContextChange(follow);
    if (stale && !fetching) void read();
    return () => {
      offContext();
      stopEvents?.();
      // Without events the list can go stale: the next subscriber reads it again.
      stale = true;
    };
  });

  return {
    getSnapshot() {
      snapshot ??= { data: items?.slice(), ...status };
      return snapshot;
    },
    getStatus: () => status,
    subscribe(listener) {
      return lease.hold(whole.subscribe(listener));
    },
    agent: agentById,
    subscribeAgent(id, listener) {
      let set = byAgent.get(id);
      if (!set) {
        set = new Set();
        byAgent.set(id, set);
      }
      set.add(listener);
      const held = set;
      return lease.hold(() => {
        held.delete(listener);
        if (held.size === 0 && byAgent.get(id) === held) byAgent.delete(id);
      });
    },
    onTurnEnd(listener) {
      turnEnds.add(listener);
      return lease.hold(() => turnEnds.delete(listener));
    },
    refetch: read,
    receive(list) {
      if (list === items) return;
      stale = false;
      update(list, null, fetching);
    },
  };
}
