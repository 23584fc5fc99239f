import { useEffect } from 'react';
import { agentsFeed } from './agents-feed.js';
import { useCardRuntime } from './card-runtime-context.js';

/** Keeps agent events flowing while the calling component is mounted (for reads refreshed when a turn ends). */
export function useAgentsFeed(hook: string): void {
  const runtime = useCardRuntime(hook);
  useEffect(() => runtime.retain(agentsFeed), [runtime]);
}
