import { QueryClient } from '@tanstack/react-query';
import { useCardRuntime } from './card-runtime-context.js';

const makeClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The card's query cache (`CardProvider`'s, or one made here on first use), for the hooks that read through it. */
export function useCardQueryClient(hook: string): QueryClient {
  return useCardRuntime(hook).queryClient(makeClient);
}
