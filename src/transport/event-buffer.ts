// Host events that arrive before the card attaches its receiver are kept (the newest 500) and replayed in order.

/** Receives host events once attached. */
export type EventSink = (event: string, data: unknown) => void;

/** Passes host events to the sink, or keeps them until one is attached. */
export interface EventBuffer {
  deliver(event: string, data: unknown): void;
  attach(sink: EventSink): void;
}

const MAX_BUFFERED_EVENTS = 500;

/** Creates an empty buffer with no sink; a sink that throws is reported and does not stop delivery. */
export function createEventBuffer(): EventBuffer {
  let sink: EventSink | null = null;
  const buffered: Array<[string, unknown]> = [];
  const deliver = (event: string, data: unknown): void => {
    if (!sink) {
      buffered.push([event, data]);
      if (buffered.length > MAX_BUFFERED_EVENTS) buffered.shift();
      return;
    }
    try {
      sink(event, data);
    } catch (error) {
      console.error('[card-sdk] event dispatch:', error);
    }
  };
  return {
    deliver,
    attach(next) {
      sink = next;
      for (const [event, data] of buffered.splice(0)) deliver(event, data);
    },
  };
}
