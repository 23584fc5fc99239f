import { useEffect } from 'react';
import type { CardEventName, CardEvents } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useLatest } from './useLatest.js';

/**
 * Listens to one host event while mounted (topics such as `agents.turn` are subscribed with the host meanwhile);
 * the latest `handler` runs.
 * @typeParam E - The event's name; `handler` gets that event's data.
 * @example useCardEvent('agents.turn', (turn) => console.log(turn))
 */
export function useCardEvent<E extends CardEventName>(event: E, handler: (data: CardEvents[E]) => void): void {
  const runtime = useCardRuntime('useCardEvent');
  const latest = useLatest(handler);
  useEffect(() => runtime.listen(event, (data) => latest.current(data)), [runtime, event, latest]);
}
