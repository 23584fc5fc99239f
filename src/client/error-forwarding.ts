import type { CardLog } from './log.js';

interface ErrorSource {
  addEventListener(type: string, listener: (event: never) => void): void;
  removeEventListener(type: string, listener: (event: never) => void): void;
}

/**
 * Sends uncaught errors and unhandled rejections of `source` (default the global window) to the package log;
 * returns the function that stops it. The log is read from `card` when an error comes (a card's log is made on first use).
 */
export function forwardPageErrors(source: unknown, card: { readonly log: CardLog }): () => void {
  const target = (source ?? (typeof window === 'undefined' ? undefined : window)) as ErrorSource | undefined;
  if (!target || typeof target.addEventListener !== 'function') return () => undefined;
  const onError = (event: ErrorEvent): void => {
    card.log.error(event.error ?? `${event.message} (${event.filename}:${event.lineno})`);
  };
  const onRejection = (event: PromiseRejectionEvent): void => {
    card.log.error('Unhandled rejection:', event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
