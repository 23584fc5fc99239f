import type { JsonValue, PortRequestContext } from '../src/index.js';
import { useHandlerRegistration, type HandlerRegistration } from './useHandlerRegistration.js';

/** What `usePortRequest` returns: `error` says why the handler could not be registered (another for the input). */
export type PortRequestRegistration = HandlerRegistration;

/**
 * Answers requests on one of this card's request inputs while mounted; every request runs the latest `handler`.
 * @example usePortRequest<string>('lookup', async (query) => search(query))
 */
export function usePortRequest<T = JsonValue>(
  input: string,
  handler: (data: T, request: PortRequestContext) => unknown,
): PortRequestRegistration {
  return useHandlerRegistration('usePortRequest', 'ports.onRequest', input, handler, (card, name, run) =>
    card.ports.onRequest<T>(name, run),
  );
}
