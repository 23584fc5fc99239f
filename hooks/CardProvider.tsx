import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { connect, type Card, type CardSdkError, type ConnectOptions } from '../src/index.js';
import { createCardRuntime } from './card-runtime.js';
import { CardRuntimeContext } from './card-runtime-context.js';
import { toCardSdkError } from './to-card-sdk-error.js';

/** The TanStack Query client to share with the rest of the app (`@tanstack/react-query` is a shared peer). */
export type SharedQueryClient = QueryClient;

/** The card (or how to connect one), what to show while connecting or on failure, and the query cache. */
export interface CardProviderProps {
  /** An already connected card (from `connect()` or `createMockHost().connect()`). */
  card?: Card;
  /** Options for `connect()`, used only without `card`; read on the first render. */
  connectOptions?: ConnectOptions;
  /** Shown while connecting. */
  fallback?: ReactNode;
  /** Shown when connecting failed; without it the error message is shown in a `<pre>`. */
  errorFallback?: (error: CardSdkError) => ReactNode;
  /** A query cache to share with the rest of the app; otherwise one is made when a hook first reads through it. */
  queryClient?: QueryClient;
  /** The card's UI. */
  children?: ReactNode;
}

/**
 * Makes a card available to the hooks: renders `fallback` while connecting, then the children.
 * Returns an element, not a bare node, so older React 18 type definitions also accept it as a JSX component.
 */
export function CardProvider({
  card: cardProp,
  connectOptions,
  fallback = null,
  errorFallback,
  queryClient,
  children,
}: CardProviderProps): ReactElement {
  const options = useRef(connectOptions);
  const connecting = useRef<Promise<Card> | null>(null);
  const [connected, setConnected] = useState<{ card: Card | null; error: CardSdkError | null }>({
    card: null,
    error: null,
  });

  useEffect(() => {
    if (cardProp) return;
    let live = true;
    // Kept in a ref so a StrictMode re-run reuses the same connection attempt.
    connecting.current ??= connect(options.current);
    connecting.current.then(
      (card) => live && setConnected({ card, error: null }),
      (error: unknown) => {
        connecting.current = null;
        if (live) setConnected({ card: null, error: toCardSdkError(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [cardProp]);

  const card = cardProp ?? connected.card;
  // Without `queryClient`, the hooks that read through a cache make one on first use (a card that has none of them
  // bundles no query cache).
  const runtime = useMemo(() => (card ? createCardRuntime(card, queryClient) : null), [card, queryClient]);
  useEffect(() => runtime?.attach(), [runtime]);

  if (runtime) return <CardRuntimeContext.Provider value={runtime}>{children}</CardRuntimeContext.Provider>;
  if (connected.error) {
    if (errorFallback) return <>{errorFallback(connected.error)}</>;
    return <pre style={{ whiteSpace: 'pre-wrap', padding: 12 }}>{connected.error.message}</pre>;
  }
  return <>{fallback}</>;
}
