import type { TerminalRunResult } from '../contract/types.js';
import type { CardSession } from './session.js';
import { definedFields } from './defined-fields.js';

/** `card.terminals`: commands in terminals connected by an arrow. */
export interface CardTerminals {
  /** Runs one command and waits for the prompt to come back. */
  run(agentId: string, command: string, options?: { timeoutMs?: number }): Promise<TerminalRunResult>;
  /** Types text into the terminal; `submit: true` presses Enter after it. */
  write(agentId: string, text: string, options?: { submit?: boolean }): Promise<void>;
}

/** Builds `card.terminals`. */
export function createTerminals(session: CardSession): CardTerminals {
  const { channel } = session;
  return {
    run: (agentId, command, options) =>
      channel.request('terminals.run', { agentId, command, ...definedFields(options) }),
    async write(agentId, text, options) {
      await channel.request('terminals.write', { agentId, text, ...definedFields(options) });
    },
  };
}
