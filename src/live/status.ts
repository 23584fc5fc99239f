import { CardSdkError, isCardSdkError } from '../index.js';

/** Where a host read stands, in TanStack Query's words: `pending` (no result yet), `error` or `success`. */
export type HostQueryStatus = 'pending' | 'error' | 'success';

/** The state words every live read (and every reading hook) returns, as TanStack Query's `useQuery` does. */
export interface QueryStatusFields {
  /** `pending` until the first result, then `success`, or `error` when the last read failed. */
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

/** The state words for a read that has (`settled`) or has not had a result yet, its failure and whether one runs. */
export function queryStatus(settled: boolean, error: CardSdkError | null, fetching: boolean): QueryStatusFields {
  const status: HostQueryStatus = error ? 'error' : settled ? 'success' : 'pending';
  return {
    status,
    error,
    isPending: status === 'pending',
    isSuccess: status === 'success',
    isError: status === 'error',
    isFetching: fetching,
  };
}

/** Turns anything thrown by a card call into a `CardSdkError` (plain errors become INTERNAL). */
export function toCardSdkError(error: unknown, method?: string): CardSdkError {
  if (isCardSdkError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new CardSdkError('INTERNAL', message, undefined, method);
}
