import { useCallback } from 'react';

/** A stable `refetch` that resolves with nothing (the hook's own fields carry the new state). */
export function useRefetch(refetch: () => Promise<unknown>): () => Promise<void> {
  return useCallback(async () => {
    await refetch();
  }, [refetch]);
}
