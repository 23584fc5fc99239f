import type { JsonObject, ToolHandler } from '../src/index.js';
import { useHandlerRegistration, type HandlerRegistration } from './useHandlerRegistration.js';

/** What `useTool` returns: `error` says why the handler could not be registered (another handler for the tool). */
export type ToolRegistration = HandlerRegistration;

/**
 * Implements a manifest tool while mounted: registered once per name, and every call runs the latest `handler`.
 * @example useTool('read_notes', () => notes)
 */
export function useTool<Args = JsonObject>(name: string, handler: ToolHandler<Args>): ToolRegistration {
  return useHandlerRegistration('useTool', 'tools.handle', name, handler, (card, tool, run) =>
    card.tools.handle<Args>(tool, run),
  );
}
