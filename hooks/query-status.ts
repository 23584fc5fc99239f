import type { QueryState } from '@tanstack/react-query';
import type { CardSdkError } from '../src/index.js';

/** Where a host read stands, in TanStack Query's words: `pending` (no result yet), `error` or `success`. */
export type HostQueryStatus = 'pending' | 'error' | 'success';

/** The state words every reading hook returns, as TanStack Query's `useQuery` does. */
export interface QueryStatusFields {
  /** `pending` until the first result, then `success`, or `error` when the last read failed with no result. */
  status: HostQueryStatus;
  /** Why the last read failed, or null. */
  error: CardSdkError | null;
  /** True until the first result (`status === 'pending'`). */
  isPending: boolean;
  /** True once there is a result (`status === 'success'`). */
  isSuccess: boolean;
  /** True when the read failed (`status === 'error'`). */
  isError: boolean;
  /** True while a read is in flight, the first one or a refetch. */
  isFetching: boolean;
}

/** The state words of a cached query (pending when it is not in the cache yet). */
export function toQueryStatus(
  state: Pick<QueryState<unknown, CardSdkError>, 'status' | 'error' | 'fetchStatus'> | undefined,
): QueryStatusFields {
  const status = state?.status ?? 'pending';
  return {
    status,
    error: state?.error ?? null,
    isPending: status === 'pending',
    isSuccess: status === 'success',
    isError: status === 'error',
    isFetching: state?.fetchStatus === 'fetching',
  };
}
