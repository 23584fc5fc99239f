import type { JsonObject, KeyDefault, KeyParam, NameArg, ToolHandler, ToolMap, ValueFor } from '../src/index.js';
import { useHandlerRegistration, type HandlerRegistration } from './useHandlerRegistration.js';

/** What `useTool` returns: `error` says why the handler could not be registered (another handler for the tool). */
export type ToolRegistration = HandlerRegistration;

/**
 * Implements a manifest tool while mounted: registered once per name, and every call runs the latest `handler`.
 * @typeParam K - In a card that declares no `Register['tools']`, the tool's arguments type (`useTool<{ path: string }>('open', …)`);
 *   in one that does, the tool's name, and the handler gets the arguments declared for it.
 * @example useTool('read_notes', () => notes)
 */
export function useTool<K extends KeyParam<ToolMap> = KeyDefault<ToolMap, JsonObject>>(
  name: NameArg<ToolMap, K>,
  handler: ToolHandler<ValueFor<ToolMap, K>>,
): ToolRegistration {
  return useHandlerRegistration('useTool', 'tools.handle', name, handler, (card, tool, run) =>
    card.tools.handle<K>(tool, run),
  );
}
