import { toCardSdkError } from '../src/live/index.js';

export { toCardSdkError } from '../src/live/index.js';

/** Runs a card call and rethrows any failure as a `CardSdkError` naming `method` (for query functions). */
export async function callCard<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toCardSdkError(error, method);
  }
}
