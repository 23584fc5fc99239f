import { useQuery } from '@tanstack/react-query';
import type { CardSdkError } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { cardQueryKeys } from './query-keys.js';
import { callCard } from './to-card-sdk-error.js';

/** What `useHostSupports` returns. */
export interface HostSupportState {
  /** Whether the app implements the method; null until known. */
  supported: boolean | null;
  /** Why the capabilities could not be read. */
  error: CardSdkError | null;
}

/** Whether the app implements `method` (`card.host.supports`), read once and cached. */
export function useHostSupports(method: string): HostSupportState {
  const runtime = useCardRuntime('useHostSupports');
  const { card } = runtime;
  const query = useQuery<boolean, CardSdkError>(
    {
      queryKey: cardQueryKeys.supports(method),
      queryFn: () => callCard('host.capabilities', () => card.host.supports(method)),
      staleTime: Infinity,
      retry: false,
    },
    runtime.queryClient,
  );
  return { supported: query.data ?? null, error: query.error ?? null };
}
