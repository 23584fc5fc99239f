import { useEffect, useState } from 'react';
import type { Card, CardSdkError } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { toCardSdkError } from './to-card-sdk-error.js';
import { useLatest } from './useLatest.js';

/** What the handler hooks return. */
export interface HandlerRegistration {
  /** Why the handler could not be registered (another handler already holds the same name). */
  error: CardSdkError | null;
}

/**
 * Registers a handler under `name` while mounted (again only for a new card or name); every call runs the latest
 * `handler`. Shared by `useTool` and `usePortRequest`.
 */
export function useHandlerRegistration<H extends (...args: never[]) => unknown>(
  hook: string,
  method: 'tools.handle' | 'ports.onRequest',
  name: string,
  handler: H,
  register: (card: Card, name: string, run: H) => () => void,
): HandlerRegistration {
  const { card } = useCardRuntime(hook);
  const latest = useLatest(handler);
  const registrar = useLatest(register);
  const [error, setError] = useState<CardSdkError | null>(null);
  useEffect(() => {
    const run = ((...args: Parameters<H>) => latest.current(...args)) as H;
    try {
      const off = registrar.current(card, name, run);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the registration's outcome is known only here
      setError(null);
      return off;
    } catch (failure) {
      setError(toCardSdkError(failure, method));
      return undefined;
    }
    // `method` is fixed per hook and `register` is read when registering: only a new card or name registers again.
  }, [card, name, method, latest, registrar]);
  return { error };
}
