import type { QueryState } from '@tanstack/react-query';
import type { CardSdkError } from '../src/index.js';
import { queryStatus, type QueryStatusFields } from '../src/live/index.js';

export type { HostQueryStatus, QueryStatusFields } from '../src/live/index.js';

/** The state words of a cached query (pending when it is not in the cache yet). */
export function toQueryStatus(
  state: Pick<QueryState<unknown, CardSdkError>, 'status' | 'error' | 'fetchStatus'> | undefined,
): QueryStatusFields {
  return queryStatus(state?.status === 'success', state?.error ?? null, state?.fetchStatus === 'fetching');
}
