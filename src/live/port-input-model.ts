import {
  pickInputFor,
  undeclaredPortError,
  type Card,
  type CardContext,
  type CardSdkError,
  type PeerInfo,
  type PortInfo,
  type PortMessage,
} from '../index.js';
import { createLease, createListeners } from './lease.js';
import { queryStatus, toCardSdkError, type QueryStatusFields } from './status.js';

/** A value an upstream peer keeps on a `retain` output, read with `ports.read`. */
export interface RetainedPortValue<T> {
  /** The peer's card id. */
  from: string;
  /** The peer's output id. */
  output: string;
  /** The data the peer sent. */
  data: T;
  /** When it was emitted (epoch ms). */
  at: number;
}

/** The newest value on an input: the latest message, the retained value, and the read state. */
export interface PortInputSnapshot<T> extends QueryStatusFields {
  /** The newest value: the latest message's data, or the retained value when it is newer or no message came yet. */
  value: T | undefined;
  /** The latest message with its metadata (`from`, `output`, `type`, `sourceType`, `at`), or null. */
  message: PortMessage<T> | null;
  /** The newest retained value of the upstream peers feeding this input, or null. */
  retained: RetainedPortValue<T> | null;
  /** True while the retained values are read for the first time. */
  loading: boolean;
}

/**
 * One input of the card (or every input) as a live model: its latest message and what upstream peers retain for
 * it, with `onMessage` for each message in arrival order (where the snapshot shows only the last).
 */
export interface PortInputModel<T> {
  /** The newest value and its state; a new object only when something changed. */
  getSnapshot: () => PortInputSnapshot<T>;
  /** Calls `listener` on every change; the first listener starts listening and reads the retained values. */
  subscribe: (listener: () => void) => () => void;
  /** Calls `listener` for every message on the input while it is registered (and listens meanwhile). */
  onMessage: (listener: (data: T, message: PortMessage<T>) => void) => () => void;
}

interface RetainedSource {
  from: string;
  output: string;
}

/** The upstream `retain` outputs whose values land on `input` (any input when null). */
function retainedSources(peers: readonly PeerInfo[], inputs: readonly PortInfo[], input: string | null) {
  const sources: RetainedSource[] = [];
  for (const peer of peers) {
    if (peer.direction === 'downstream') continue;
    for (const output of peer.outputs) {
      if (!output.retain) continue;
      const target = pickInputFor(output.type, inputs as PortInfo[]);
      if (target && (input === null || target.id === input)) sources.push({ from: peer.cardId, output: output.id });
    }
  }
  return sources;
}

/**
 * Builds the model of `input` (every input without it); an undeclared input shows NOT_FOUND naming the declared
 * ones.
 * @example const text = createPortInputModel<string>(card, 'text'); text.onMessage((data) => append(data))
 */
export function createPortInputModel<T>(card: Card, input?: string): PortInputModel<T> {
  const inputKey = input ?? null;
  const listeners = createListeners();
  const messageListeners = new Set<(data: T, message: PortMessage<T>) => void>();
  let message: PortMessage<T> | null = null;
  let retained: RetainedPortValue<T> | null = null;
  let sources: RetainedSource[] = [];
  let sourcesKey = '';
  let readError: CardSdkError | null = null;
  let undeclared: CardSdkError | null = null;
  let read = false;
  let fetching = false;
  let reads = 0;
  let snapshot: PortInputSnapshot<T> | null = null;

  const changed = () => {
    snapshot = null;
    listeners.notify();
  };

  const readRetained = async () => {
    const id = ++reads;
    fetching = true;
    changed();
    try {
      let newest: RetainedPortValue<T> | null = null;
      for (const source of sources) {
        const found = await card.ports.read<T>(source.from, source.output);
        if (found && (!newest || found.at > newest.at)) newest = { ...source, data: found.data, at: found.at };
      }
      if (id !== reads) return;
      retained = newest;
      readError = null;
      read = true;
    } catch (failure) {
      if (id !== reads) return;
      readError = toCardSdkError(failure, 'ports.read');
    }
    fetching = false;
    changed();
  };

  let peers: CardContext['peers'] | null = null;
  let inputs: PortInfo[] | null = null;
  const follow = (context: CardContext) => {
    if (context.peers === peers && context.ports.inputs === inputs) return;
    peers = context.peers;
    inputs = context.ports.inputs;
    const before = undeclared?.message;
    undeclared =
      inputKey === null || !Array.isArray(inputs) ? null : undeclaredPortError(inputs, inputKey, 'input', 'usePort');
    const next = retainedSources(peers, inputs, inputKey);
    const key = JSON.stringify(next);
    if (key === sourcesKey && (read || fetching)) {
      if (undeclared?.message !== before) changed();
      return;
    }
    sources = next;
    sourcesKey = key;
    if (sources.length > 0) return void readRetained();
    reads += 1;
    retained = null;
    fetching = false;
    changed();
  };

  const lease = createLease(() => {
    follow(card.context);
    const offContext = card.onContextChange(follow);
    const offMessages = card.ports.onMessage<T>(
      (data, received) => {
        message = received;
        changed();
        for (const listener of [...messageListeners]) listener(data, received);
      },
      input === undefined ? {} : { input },
    );
    return () => {
      offContext();
      offMessages();
      peers = null;
      inputs = null;
    };
  });

  return {
    getSnapshot() {
      if (snapshot) return snapshot;
      const live = sources.length > 0 ? retained : null;
      const value = message && (!live || message.at >= live.at) ? message.data : live?.data;
      // With no retaining peer there is nothing to read: the state is settled, not pending.
      const settled = sources.length === 0 || read;
      const status = queryStatus(settled, undeclared ?? readError, sources.length > 0 && fetching);
      snapshot = { ...status, value, message, retained: live, loading: !settled && fetching };
      return snapshot;
    },
    subscribe(listener) {
      return lease.hold(listeners.subscribe(listener));
    },
    onMessage(listener) {
      messageListeners.add(listener);
      return lease.hold(() => messageListeners.delete(listener));
    },
  };
}
