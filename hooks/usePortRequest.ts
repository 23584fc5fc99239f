import { useEffect, useState } from 'react';
import type { CardSdkError, JsonValue, PortRequestContext } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { toCardSdkError } from './to-card-sdk-error.js';
import { useLatest } from './useLatest.js';

/** What `usePortRequest` returns. */
export interface PortRequestRegistration {
  /** Why the handler could not be registered (another handler for the same input). */
  error: CardSdkError | null;
}

/**
 * Answers requests on one of this card's request inputs while mounted; every request runs the latest `handler`.
 * @example usePortRequest<string>('lookup', async (query) => search(query))
 */
export function usePortRequest<T = JsonValue>(
  input: string,
  handler: (data: T, request: PortRequestContext) => unknown,
): PortRequestRegistration {
  const { card } = useCardRuntime('usePortRequest');
  const latest = useLatest(handler);
  const [error, setError] = useState<CardSdkError | null>(null);
  useEffect(() => {
    try {
      const off = card.ports.onRequest<T>(input, (data, request) => latest.current(data, request));
      setError(null);
      return off;
    } catch (failure) {
      setError(toCardSdkError(failure, 'ports.onRequest'));
      return undefined;
    }
  }, [card, input, latest]);
  return { error };
}
