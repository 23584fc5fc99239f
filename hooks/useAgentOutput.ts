import { useCallback, useEffect, useMemo, useState } from 'react';
import { CardSdkError, type AgentOutputEvent, type CardContext } from '../src/index.js';
import { grantedPermissions } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useContextSelector } from './useContextSelector.js';

/** How many output chunks `useAgentOutput` keeps. */
export interface AgentOutputOptions {
  /** How many of the latest chunks to keep (default 200). */
  limit?: number;
}

/** The output chunks `useAgentOutput` has kept, the newest one, and a way to forget them. */
export interface AgentOutputState {
  /** The latest output chunks of the watched agents, oldest first. */
  chunks: AgentOutputEvent[];
  /** The newest chunk, or null. */
  latest: AgentOutputEvent | null;
  /** PERMISSION_DENIED when the card may not read agent output. */
  error: CardSdkError | null;
  /** Forgets the chunks received so far. */
  clear: () => void;
}

const canReadOutput = (context: CardContext) => grantedPermissions(context.permissions).has('agents.output');

/** Live terminal output of connected agents (`agents.output`), watched while mounted. Needs `agents.output`. */
export function useAgentOutput(agentIds: readonly string[], options: AgentOutputOptions = {}): AgentOutputState {
  const { card } = useCardRuntime('useAgentOutput');
  const limit = options.limit ?? 200;
  const readable = useContextSelector(canReadOutput, Object.is, 'useAgentOutput');
  const [chunks, setChunks] = useState<AgentOutputEvent[]>([]);
  const idsKey = agentIds.join('\u0000');

  useEffect(() => {
    if (!readable || idsKey === '') return undefined;
    return card.agents.onOutput(idsKey.split('\u0000'), (event) =>
      setChunks((previous) => [...previous, event].slice(-limit)),
    );
  }, [card, readable, idsKey, limit]);

  const error = useMemo(
    () =>
      readable
        ? null
        : new CardSdkError(
            'PERMISSION_DENIED',
            'agents.output needs agents.output',
            { permission: 'agents.output' },
            'events.subscribe',
          ),
    [readable],
  );
  const clear = useCallback(() => setChunks([]), []);
  return { chunks, latest: chunks.at(-1) ?? null, error, clear };
}
