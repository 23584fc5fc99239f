import type {
  JsonValue,
  KeyDefault,
  KeyParam,
  NameArg,
  PortRequestContext,
  RequestAnswer,
  RequestData,
  RequestMap,
} from '../src/index.js';
import { useHandlerRegistration, type HandlerRegistration } from './useHandlerRegistration.js';

/** What `usePortRequest` returns: `error` says why the handler could not be registered (another for the input). */
export type PortRequestRegistration = HandlerRegistration;

/**
 * Answers requests on one of this card's request inputs while mounted; every request runs the latest `handler`.
 * @typeParam K - In a card that declares no `Register['requests']`, the request's type (`usePortRequest<string>('lookup', …)`);
 *   in one that does, the input's name, and the handler gets the type declared for it.
 * @example usePortRequest<string>('lookup', async (query) => search(query))
 */
export function usePortRequest<K extends KeyParam<RequestMap> = KeyDefault<RequestMap, JsonValue>>(
  input: NameArg<RequestMap, K>,
  handler: (data: RequestData<K>, request: PortRequestContext) => RequestAnswer<K>,
): PortRequestRegistration {
  return useHandlerRegistration('usePortRequest', 'ports.onRequest', input, handler, (card, name, run) =>
    card.ports.onRequest<K>(name, run),
  );
}
