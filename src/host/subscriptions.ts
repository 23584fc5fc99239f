import { TOPIC_PERMISSIONS } from '../contract/events.js';

/** The event topics a card subscribed to, and the agents it watches through `agents.output`. */
export interface TopicSubscriptions {
  readonly topics: Set<string>;
  /** Agents whose output the card watches. */
  readonly agentIds: string[];
  /** Accepts the topics the grants allow (`agents.output` only with agents); returns the accepted ones. */
  subscribe(topics: readonly string[], grants: ReadonlySet<string>, agentIds?: readonly string[]): string[];
  /** Drops topics. */
  unsubscribe(topics: readonly string[]): void;
  /** Whether an event of this topic (about this agent, for `agents.output`) should reach the card. */
  wants(topic: string, agentId?: string): boolean;
}

/** Creates the subscription state of one card, as `events.subscribe` and `events.unsubscribe` change it. */
export function createTopicSubscriptions(): TopicSubscriptions {
  const topics = new Set<string>();
  const agentIds: string[] = [];
  return {
    topics,
    agentIds,
    subscribe(requested, grants, watched) {
      const accepted = requested.filter((topic) => {
        const needed = (TOPIC_PERMISSIONS as Readonly<Record<string, string | null | undefined>>)[topic];
        if (needed && !grants.has(needed)) return false;
        return topic !== 'agents.output' || (watched?.length ?? 0) > 0;
      });
      if (watched) agentIds.splice(0, agentIds.length, ...watched);
      for (const topic of accepted) topics.add(topic);
      return accepted;
    },
    unsubscribe(dropped) {
      for (const topic of dropped) topics.delete(topic);
    },
    wants(topic, agentId) {
      if (!topics.has(topic)) return false;
      return topic !== 'agents.output' || (agentId !== undefined && agentIds.includes(agentId));
    },
  };
}
