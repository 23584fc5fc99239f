import { useEffect } from 'react';
import { agentsFeed, canReadAgents } from './agents-feed.js';
import { agentsListFeed, agentsStore, type AgentsSnapshot } from './agents-store.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useContextSelector } from './useContextSelector.js';
import { useStoreSelector } from './useStoreSelector.js';

/** Keeps agent events flowing into the cache while the calling component is mounted and may read agents. */
export function useAgentsFeed(hook: string): void {
  const runtime = useCardRuntime(hook);
  const readable = useContextSelector(canReadAgents, Object.is, hook);
  useEffect(() => (readable ? runtime.retain(agentsFeed) : undefined), [runtime, readable]);
}

/**
 * A slice of the one cached `agents.list` (with its loading and error state); the component re-renders only
 * when the slice changes, so 200 rows each reading one agent cost one re-render per event.
 */
export function useAgentsSelector<T>(
  hook: string,
  selector: (snapshot: AgentsSnapshot) => T,
  isEqual?: (a: T, b: T) => boolean,
): T {
  const runtime = useCardRuntime(hook);
  useAgentsFeed(hook);
  useEffect(() => runtime.retain(agentsListFeed), [runtime]);
  return useStoreSelector(agentsStore(runtime), selector, isEqual);
}
