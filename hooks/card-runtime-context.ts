import { createContext, useContext } from 'react';
import type { CardRuntime } from './card-runtime.js';

/** The React context `CardProvider` fills; `null` outside a provider or before the card connects. */
export const CardRuntimeContext = createContext<CardRuntime | null>(null);

/** The runtime of the nearest `CardProvider`; throws an error naming `hook` and `CardProvider` without one. */
export function useCardRuntime(hook: string): CardRuntime {
  const runtime = useContext(CardRuntimeContext);
  if (!runtime) throw new Error(`${hook}() must be used inside <CardProvider>`);
  return runtime;
}
