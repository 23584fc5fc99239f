import type { CardSdkError } from '../src/index.js';
import type { HostQueryStatus } from '../src/live/index.js';

/**
 * The status part of the `useStorage` tuple: the published `{ loading, error }`, plus TanStack Query's words as
 * getters (`status`, `isPending`, `isSuccess`, `isError`, `isFetching`).
 */
export class StorageStatus {
  /** True until the first read finished. */
  readonly loading: boolean;
  /** Why the last read or write failed. */
  readonly error: CardSdkError | null;
  readonly #fetching: boolean;

  constructor(loading: boolean, error: CardSdkError | null, fetching: boolean) {
    this.loading = loading;
    this.error = error;
    this.#fetching = fetching;
  }

  /** `pending` until the first read, `error` after a failed read or write, else `success`. */
  get status(): HostQueryStatus {
    return this.loading ? 'pending' : this.error ? 'error' : 'success';
  }
  /** The same as `loading`. */
  get isPending(): boolean {
    return this.loading;
  }
  /** True once read (or written) with no failure since. */
  get isSuccess(): boolean {
    return this.status === 'success';
  }
  /** True when the last read or write failed. */
  get isError(): boolean {
    return this.error !== null;
  }
  /** True while a read is in flight. */
  get isFetching(): boolean {
    return this.#fetching;
  }
}
