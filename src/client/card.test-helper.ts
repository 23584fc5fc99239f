// Connects a real Card to a scripted host over a MessageChannel, for the client tests.
import type { CardContext } from '../contract/types.js';
import {
  createScriptedHost,
  flush,
  scriptedContext,
  type ScriptedHost,
} from '../transport/scripted-host.test-helper.js';
import type { Card } from './card.js';
import { connect, type ConnectOptions } from './connect.js';

export { createScriptedHost, flush, scriptedContext };
export type { ScriptedHost };

/** A scripted host with every fire-and-forget method answered, and a card connected to it. */
export async function connectScripted(
  context: Partial<CardContext> = {},
  options: Omit<ConnectOptions, 'port'> = {},
): Promise<{ host: ScriptedHost; card: Card }> {
  const host = createScriptedHost(scriptedContext(context));
  for (const method of [
    'host.pong',
    'host.log',
    'events.unsubscribe',
    'tools.progress',
    'tools.respond',
    'ports.respond',
    'net.abort',
  ]) {
    host.on(method, () => undefined);
  }
  host.on('events.subscribe', (params: { topics: string[] }) => ({ topics: params.topics }));
  const card = await connect({ theme: false, syncLang: false, forwardErrors: false, ...options, port: host.cardPort });
  return { host, card };
}
