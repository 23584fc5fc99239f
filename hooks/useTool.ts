import { useEffect, useState } from 'react';
import type { CardSdkError, JsonObject, ToolHandler } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { toCardSdkError } from './to-card-sdk-error.js';
import { useLatest } from './useLatest.js';

/** What `useTool` returns. */
export interface ToolRegistration {
  /** Why the handler could not be registered (another handler for the same tool). */
  error: CardSdkError | null;
}

/**
 * Implements a manifest tool while mounted: registered once per name, and every call runs the latest `handler`.
 * @example useTool('read_notes', () => notes)
 */
export function useTool<Args = JsonObject>(name: string, handler: ToolHandler<Args>): ToolRegistration {
  const { card } = useCardRuntime('useTool');
  const latest = useLatest(handler);
  const [error, setError] = useState<CardSdkError | null>(null);
  useEffect(() => {
    try {
      const off = card.tools.handle<Args>(name, (args, call) => latest.current(args, call));
      setError(null);
      return off;
    } catch (failure) {
      setError(toCardSdkError(failure, 'tools.handle'));
      return undefined;
    }
  }, [card, name, latest]);
  return { error };
}
