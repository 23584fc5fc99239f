import { useQuery } from '@tanstack/react-query';
import type { CardSdkError } from '../src/index.js';
import { useRefetch } from './useRefetch.js';
import { useCardRuntime } from './card-runtime-context.js';
import { cardQueryKeys } from './query-keys.js';
import { callCard } from './to-card-sdk-error.js';
import { useAgentsFeed } from './useAgentsSelector.js';

/** What `useLastReply` returns. */
export interface LastReplyState {
  /** The agent's last reply text, or null when there is none (yet). */
  text: string | null;
  /** When it was given (epoch ms), or null. */
  at: number | null;
  /** True while the first read is on its way. */
  loading: boolean;
  /** Why it could not be read (PERMISSION_DENIED without `agents.output`, NOT_CONNECTED without an arrow, …). */
  error: CardSdkError | null;
  /** Reads it again. */
  refetch: () => Promise<void>;
}

/** The last reply of a connected agent, read again whenever one of its turns ends. */
export function useLastReply(agentId: string): LastReplyState {
  const runtime = useCardRuntime('useLastReply');
  const { card } = runtime;
  useAgentsFeed('useLastReply');
  const query = useQuery<{ text: string | null; at: number | null }, CardSdkError>(
    {
      queryKey: cardQueryKeys.lastReply(agentId),
      queryFn: () => callCard('agents.lastReply', () => card.agents.lastReply(agentId)),
      retry: false,
    },
    runtime.queryClient,
  );
  const refetch = useRefetch(query.refetch);
  return {
    text: query.data?.text ?? null,
    at: query.data?.at ?? null,
    loading: query.isPending,
    error: query.error ?? null,
    refetch,
  };
}
