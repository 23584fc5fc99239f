import { CardSdkError, isCardSdkError } from '../src/index.js';

/** Turns anything thrown by a card call into a `CardSdkError` (plain errors become INTERNAL). */
export function toCardSdkError(error: unknown, method?: string): CardSdkError {
  if (isCardSdkError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new CardSdkError('INTERNAL', message, undefined, method);
}

/** Runs a card call and rethrows any failure as a `CardSdkError` naming `method` (for query functions). */
export async function callCard<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toCardSdkError(error, method);
  }
}
