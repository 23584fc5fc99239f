import { CardSdkError, isCardSdkError } from '../contract/errors.js';
import * as LIMITS from '../contract/limit-values.js';
import type { JsonValue, PeerInfo, PortInfo, PortMessage, PortReadResult, PortRequest } from '../contract/types.js';
import { withDeadline } from './deadline.js';
import { createCallRoutes } from './call-routes.js';
import { answerInbound } from './inbound-call.js';
import type {
  DeclaredValue,
  InputMap,
  KeyDefault,
  KeyParam,
  NameArg,
  NameOf,
  OutputMap,
  PeerOrOwnDefault,
  PeerOrOwnName,
  PeerOrOwnValue,
  RequestAnswer,
  RequestData,
  RequestMap,
  ValueFor,
} from './register.js';
import type { CardSession } from './session.js';
import { definedFields } from './defined-fields.js';
import { peersSkippedForPermission, undeclaredPortHint } from './port-checks.js';

/** What a request handler learns about the request besides its data. */
export interface PortRequestContext {
  /** Id of this request (the host matches the answer by it). */
  requestId: string;
  /** Card id of the asking card. */
  from: string;
  /** The request input that was asked. */
  input: string;
  /** Epoch ms after which the answer is useless. */
  deadline: number;
  /** Aborts with `TIMEOUT` at the deadline. */
  signal: AbortSignal;
}

/** `card.ports`: typed data over arrows. */
export interface CardPortsApi {
  /** This card's inputs. */
  readonly inputs: PortInfo[];
  /** This card's outputs. */
  readonly outputs: PortInfo[];
  /** Cards connected to this one by an arrow. */
  readonly peers: PeerInfo[];
  /** Reads the peers from the host (and updates the context). */
  refreshPeers(): Promise<PeerInfo[]>;
  /** This card's ports as the host sees them. */
  describe(): Promise<{ inputs: PortInfo[]; outputs: PortInfo[] }>;
  /** Sends `data` on an output to every downstream peer with a compatible input; resolves with the count. */
  emit<O extends NameOf<OutputMap>>(output: O, data: DeclaredValue<OutputMap, O, unknown>): Promise<number>;
  /** Sends `data` on an output to one peer (optionally to one of its inputs). */
  send<O extends NameOf<OutputMap>>(
    to: string,
    output: O,
    data: DeclaredValue<OutputMap, O, unknown>,
    options?: { input?: string },
  ): Promise<number>;
  /** Asks a peer's request input and resolves with its answer. */
  request<T = JsonValue>(to: string, input: string, data: unknown, options?: { timeoutMs?: number }): Promise<T>;
  /**
   * Reads a peer's retained output value (`null` when nothing is retained). With a registered manifest and no
   * type argument the name is one of this card's outputs; a peer's other outputs take `read<T>(from, output)`.
   */
  read<T = PeerOrOwnDefault<OutputMap>, O extends PeerOrOwnName<OutputMap, T> = PeerOrOwnName<OutputMap, T>>(
    from: string,
    output: O,
  ): Promise<PortReadResult<PeerOrOwnValue<OutputMap, T, O>> | null>;
  /** Receives messages (optionally on one input); returns an unsubscribe function. */
  onMessage<K extends KeyParam<InputMap> = KeyDefault<InputMap, JsonValue>>(
    listener: (data: ValueFor<InputMap, K>, message: PortMessage<ValueFor<InputMap, K>>) => void,
    options?: { input?: NameArg<InputMap, K> },
  ): () => void;
  /** Answers requests on a request input; returns a function that removes the handler. */
  onRequest<K extends KeyParam<RequestMap> = KeyDefault<RequestMap, JsonValue>>(
    input: NameArg<RequestMap, K>,
    handler: (data: RequestData<K>, request: PortRequestContext) => RequestAnswer<K>,
  ): () => void;
  /** Calls `listener` with the new peer list; returns an unsubscribe function. */
  onPeersChanged(listener: (peers: PeerInfo[]) => void): () => void;
}

type RequestHandler = (data: unknown, request: PortRequestContext) => unknown;

// An unhandled request is refused a little before its deadline so the asker hears why.
const NO_HANDLER_MARGIN_MS = 50;
const ERROR_CHARS = 1000;

/** Builds `card.ports` with the request-handler machinery. */
export function createPorts(session: CardSession): CardPortsApi {
  const { channel, context, events } = session;
  const warned = new Set<string>();

  /** Warns once per output and permission about a peer `params` skipped for a permission the card lacks. */
  const warnSkippedPeers = (method: string, params: { port: string; to?: string; input?: string }): void => {
    const { port: output, to, input } = params;
    const peers = context.get().peers ?? [];
    const port = context.get().ports?.outputs?.find((candidate) => candidate.id === output);
    const reached = to === undefined ? peers : peers.filter((candidate) => candidate.cardId === to);
    for (const { peer, permission } of port
      ? peersSkippedForPermission(port, reached, context.get().permissions ?? [], input)
      : []) {
      const key = `${output}\n${permission}`;
      if (warned.has(key)) continue;
      warned.add(key);
      console.warn(
        `[card-sdk] ${method}("${output}") skipped ${peer.name}: sending to it needs the "${permission}" permission. ` +
          `Declare it in neurosquad-card.json and ask for it with requestPermissions(card, '${permission}').`,
      );
    }
  };

  /**
   * Sends a value on `output` (`ports.emit`, or `ports.send` to the peer `to`): a host's NOT_FOUND for an output
   * the context does not list gets a hint naming the declared outputs, and a peer the value skipped for a missing
   * permission gets one console warning per output and permission.
   */
  const deliver = async (
    method: 'ports.emit' | 'ports.send',
    params: { port: string; data: JsonValue; to?: string; input?: string },
  ): Promise<number> => {
    const output = params.port;
    const result = await channel.request(method, params as never).catch((error: unknown) => {
      const outputs = context.get().ports?.outputs;
      const hint =
        isCardSdkError(error, 'NOT_FOUND') && Array.isArray(outputs) && undeclaredPortHint(outputs, output, 'output');
      return Promise.reject(
        hint ? new CardSdkError(error.code, error.hostMessage, error.data, error.method ?? method, hint) : error,
      );
    });
    // The warning reads peers and permissions as the host last sent them: a malformed context skips the warning,
    // never the result of a value the host has delivered.
    try {
      warnSkippedPeers(method, params);
    } catch {
      // Nothing to warn about that can be read.
    }
    return result?.delivered;
  };

  const run = (request: PortRequest, handler: RequestHandler): void => {
    const { requestId, from, input, deadline } = request;
    answerInbound(
      channel,
      {
        deadline,
        lateMessage: 'the request passed its deadline',
        errorChars: ERROR_CHARS,
        invalidPrefix: 'invalid reply: ',
        // The reply is checked as plain JSON by the channel; a bad one is answered as invalid.
        send: (value) => channel.request('ports.respond', { requestId, data: (value ?? null) as JsonValue }),
        sendError: (error) => channel.notify('ports.respond', { requestId, error }),
      },
      (timing) => handler(request.data, { requestId, from, input, deadline, signal: timing.signal }),
    );
  };

  const routes = createCallRoutes(run);

  events.intercept('ports.request', (data) => {
    const raw = data as PortRequest;
    // Not a request the SDK can route (an input that is no name would throw when the refusal names it).
    if (!raw || typeof raw.requestId !== 'string' || typeof raw.input !== 'string') return true;
    // A request without a usable deadline gets the default port request timeout.
    const request = withDeadline(raw, LIMITS.portRequestTimeoutMs);
    routes.route(request, request.input, NO_HANDLER_MARGIN_MS, ({ requestId, input }) =>
      channel.notify('ports.respond', { requestId, error: `no handler for input "${input}"` }),
    );
    return false;
  });

  return {
    get inputs() {
      return context.get().ports?.inputs ?? [];
    },
    get outputs() {
      return context.get().ports?.outputs ?? [];
    },
    get peers() {
      return context.get().peers ?? [];
    },
    async refreshPeers() {
      const peers = await channel.request('ports.peers', {});
      context.update({ peers });
      return peers;
    },
    describe: () => channel.request('ports.describe', {}),
    // `data` is checked as plain JSON by the channel before it is sent.
    emit: (output, data) => deliver('ports.emit', { port: output, data: data as JsonValue }),
    send: (to, output, data, options = {}) =>
      deliver(
        'ports.send',
        options.input === undefined
          ? { to, port: output, data: data as JsonValue }
          : { to, port: output, input: options.input, data: data as JsonValue },
      ),
    async request<T>(to: string, input: string, data: unknown, options: { timeoutMs?: number } = {}) {
      const result = await channel.request<{ data: T }>('ports.request', {
        to,
        input,
        data,
        ...definedFields(options),
      });
      return result?.data;
    },
    read: <T>(from: string, output: string) =>
      channel.request<PortReadResult<T> | null>('ports.read', { from, port: output }),
    onMessage<T>(listener: (data: T, message: PortMessage<T>) => void, options: { input?: string } = {}) {
      const { input } = options;
      // A listener for one input takes only its messages; early ones for other inputs wait for their listener.
      // A payload that is not a message object is nobody's.
      const accepts = (raw: unknown): boolean =>
        typeof raw === 'object' && raw !== null && (input === undefined || (raw as PortMessage).input === input);
      return events.on(
        'ports.message',
        (raw) => {
          const message = raw as PortMessage<T>;
          listener(message.data, message);
        },
        accepts,
      );
    },
    onRequest<T>(input: string, handler: (data: T, request: PortRequestContext) => unknown) {
      return routes.handle(
        input,
        handler as RequestHandler,
        `a request handler for input "${input}" is already registered`,
      );
    },
    onPeersChanged: (listener) => events.on('ports.peersChanged', listener as (data: unknown) => void),
  };
}
