import { useQuery } from '@tanstack/react-query';
import { useCardRuntime } from './card-runtime-context.js';
import { useCardQueryClient } from './useCardQueryClient.js';
import { lastReplyQueryOptions } from './query-options.js';
import { toQueryStatus, type QueryStatusFields } from './query-status.js';
import { useAgentsFeed } from './useAgentsFeed.js';
import { useRefetch } from './useRefetch.js';

/** An agent's last reply text and time, with the query's state and a way to read it again. */
export interface LastReplyState extends QueryStatusFields {
  /** The agent's last reply text, or null when there is none (yet). */
  text: string | null;
  /** When it was given (epoch ms), or null. */
  at: number | null;
  /** `{ text, at }` as read, or undefined until the first read (TanStack Query's word). */
  data: { text: string | null; at: number | null } | undefined;
  /** True while the first read is on its way (the published name of `isPending`). */
  loading: boolean;
  /** Reads it again. */
  refetch: () => Promise<void>;
}

/** The last reply of a connected agent, read again whenever one of its turns ends. */
export function useLastReply(agentId: string): LastReplyState {
  const { card } = useCardRuntime('useLastReply');
  const queryClient = useCardQueryClient('useLastReply');
  useAgentsFeed('useLastReply');
  const query = useQuery(lastReplyQueryOptions(card, agentId), queryClient);
  const refetch = useRefetch(query.refetch);
  return {
    ...toQueryStatus(query),
    data: query.data,
    text: query.data?.text ?? null,
    at: query.data?.at ?? null,
    loading: query.isPending,
    refetch,
  };
}
