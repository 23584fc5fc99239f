import { useQuery } from '@tanstack/react-query';
import type { CardSdkError } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useCardQueryClient } from './useCardQueryClient.js';
import { hostSupportsQueryOptions } from './query-options.js';

/** What `useHostSupports` returns: a tri-state answer (null until known) rather than a query result. */
export interface HostSupportState {
  /** Whether the app implements the method; null until known. */
  supported: boolean | null;
  /** Why the capabilities could not be read. */
  error: CardSdkError | null;
}

/** Whether the app implements `method` (`card.host.supports`), read once and cached. */
export function useHostSupports(method: string): HostSupportState {
  const { card } = useCardRuntime('useHostSupports');
  const queryClient = useCardQueryClient('useHostSupports');
  const query = useQuery(hostSupportsQueryOptions(card, method), queryClient);
  return { supported: query.data ?? null, error: query.error ?? null };
}
