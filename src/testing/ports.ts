import { errorMessage } from '../contract/error-message.js';
import { CardSdkError } from '../contract/errors.js';
import { jsonLength } from '../contract/json.js';
import { LIMITS } from '../contract/limits.js';
import { checkPortValue, coercePortValue, pickInputFor } from '../contract/ports.js';
import type { SchemaIssue } from '../contract/schema.js';
import type { JsonValue, PortDelivery } from '../contract/types.js';
import type { RateLimiter } from '../host/rate-limits.js';
import type { Builtins, MethodsOf } from './builtin.js';
import { peerInfo } from './context.js';
import type { MockCore } from './core.js';
import { languageOf } from './core.js';
import { awaitReply, settleReply } from './replies.js';
import type { PendingReply } from './replies.js';
import type { MockDelivery, MockPeer, MockPortMessageOptions, MockPortRequestOptions } from './types.js';

/** What `ports.*` owns: the peers (replaced whole by `setPeers`), what was retained and delivered, open requests. */
export interface PortsState {
  readonly core: MockCore;
  peers: MockPeer[];
  /** Output id → the last retained value. */
  readonly retained: Map<string, { data: unknown; at: number }>;
  readonly deliveries: MockDelivery[];
  /** Port requests waiting for `ports.respond`. */
  pendingRequests?: Map<string, PendingReply>;
  /** Throttles, present only with `enforceRateLimits`. */
  readonly rateLimiter: RateLimiter | undefined;
}

function describeIssue(issue: SchemaIssue): string {
  return `${issue.path || 'value'} ${issue.message}`;
}

function connectedPeer(state: PortsState, cardId: string): MockPeer {
  const peer = state.peers.find((p) => p.cardId === cardId);
  if (!peer) throw new CardSdkError('NOT_CONNECTED', `card ${cardId} is not connected to this card by an arrow`);
  return peer;
}

interface DeliveryParams {
  port: string;
  data: JsonValue;
  to?: string;
  input?: string;
}

/** `ports.emit` (every peer, skipping the ones that cannot take it) and `ports.send` (one peer, or an error). */
function deliver(state: PortsState, params: DeliveryParams, explicit: boolean): PortDelivery {
  const { core } = state;
  const output = core.manifest.ports.outputs.find((o) => o.id === params.port);
  if (!output) throw new CardSdkError('NOT_FOUND', `no output port "${params.port}" in the manifest`);
  const issues = checkPortValue(output, params.data);
  if (issues[0])
    throw new CardSdkError('INVALID_PARAMS', `data for ${params.port}: ${describeIssue(issues[0])}`, issues);
  if (output.retain && jsonLength(params.data) > LIMITS.retainedValueBytes) {
    throw new CardSdkError('TOO_LARGE', `retained value larger than ${LIMITS.retainedValueBytes} bytes`);
  }
  const throttled = state.rateLimiter?.checkPort(output.id);
  if (throttled) throw throttled;
  if (output.retain) state.retained.set(output.id, { data: params.data, at: Date.now() });
  const targets = explicit ? [connectedPeer(state, params.to as string)] : state.peers;
  const grants = core.grants();
  let delivered = 0;
  for (const peer of targets) {
    if (peer.direction === 'upstream') {
      if (!explicit) continue;
      throw new CardSdkError('NOT_CONNECTED', `the arrow goes from ${peer.name} to this card, not the other way`);
    }
    let input = pickInputFor(output.type, peer.inputs);
    if (params.input !== undefined) {
      input = peer.inputs.find((i) => i.id === params.input) ?? null;
      if (!input) throw new CardSdkError('NOT_FOUND', `${peer.name} has no input ${params.input}`);
    }
    if (!input) continue;
    if (input.permission && !grants.has(input.permission)) {
      if (!explicit) continue;
      throw new CardSdkError('PERMISSION_DENIED', `${input.id} needs ${input.permission}`, {
        permission: input.permission,
      });
    }
    let value: unknown;
    try {
      value = coercePortValue(params.data, output.type, input.type);
    } catch {
      if (!explicit) continue;
      throw new CardSdkError('INVALID_PARAMS', `${output.type} does not fit ${input.type}`);
    }
    const misfit = checkPortValue(input, value);
    if (misfit.length > 0) {
      if (!explicit) continue;
      throw new CardSdkError('INVALID_PARAMS', `the value does not fit ${peer.name}'s input ${input.id}`, misfit);
    }
    state.deliveries.push({ to: peer.cardId, output: output.id, input: input.id, data: value });
    delivered += 1;
  }
  return { delivered };
}

/** `ports.*`. */
export const portHandlers: Builtins<PortsState, MethodsOf<'ports'>> = {
  'ports.describe'(_params, state) {
    return state.core.context.ports;
  },
  'ports.peers'(_params, state) {
    const language = languageOf(state.core);
    return state.peers.map((peer) => peerInfo(peer, language));
  },
  'ports.emit'(params, state) {
    return deliver(state, params, false);
  },
  'ports.send'(params, state) {
    return deliver(state, params, true);
  },
  'ports.request'(params, state) {
    const peer = connectedPeer(state, params.to);
    const input = peer.inputs.find((i) => i.id === params.input);
    if (!input) throw new CardSdkError('NOT_FOUND', `${peer.name} has no input ${params.input}`);
    if (input.mode !== 'request') throw new CardSdkError('INVALID_PARAMS', `${params.input} is not a request input`);
    const respond = peer.respond;
    if (!respond) throw new CardSdkError('UNAVAILABLE', `${peer.name} does not answer requests in this mock`);
    const timeoutMs = params.timeoutMs ?? LIMITS.portRequestTimeoutMs;
    return new Promise<{ data: JsonValue }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new CardSdkError('TIMEOUT', `${peer.name} did not answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      Promise.resolve()
        .then(() => respond(params.input, params.data))
        .then(
          (data) => resolve({ data: data as JsonValue }),
          (error: unknown) => reject(error),
        )
        .finally(() => clearTimeout(timer));
    });
  },
  'ports.respond'(params, state) {
    settleReply(state.pendingRequests, params.requestId, `no port request ${params.requestId}`, {
      value: params.data ?? null,
      error: params.error,
    });
  },
  'ports.read'(params, state) {
    const retained = connectedPeer(state, params.from).retained;
    // Own keys only: an output named `__proto__` or `constructor` is not one the peer retained.
    const value =
      retained && Object.prototype.hasOwnProperty.call(retained, params.port) ? retained[params.port] : undefined;
    return value === undefined ? null : { data: value as JsonValue, at: Date.now() };
  },
};

/** Driver: a value from an upstream peer arrives on one of the card's inputs (converted and checked). */
export function sendPortMessage(
  state: PortsState,
  inputId: string,
  data: unknown,
  options: MockPortMessageOptions,
): void {
  const { core } = state;
  const input = core.manifest.ports.inputs.find((i) => i.id === inputId);
  if (!input) throw new Error(`mock host: the card has no input "${inputId}"`);
  let peer: MockPeer | undefined;
  if (options.cardId !== undefined) {
    peer = state.peers.find((p) => p.cardId === options.cardId);
    if (!peer) throw new Error(`mock host: ${options.cardId} is not connected to this card`);
    if (peer.direction === 'downstream') {
      throw new Error(`mock host: the arrow goes from this card to ${peer.name}; it cannot send here`);
    }
  } else {
    peer = state.peers.find((p) => p.direction !== 'downstream');
  }
  const output = peer?.outputs.find((o) => o.id === options.output) ?? peer?.outputs[0];
  const sourceType = options.type ?? output?.type ?? input.type;
  let value: unknown;
  try {
    value = coercePortValue(data, sourceType, input.type);
  } catch (error) {
    throw new Error(`mock host: ${sourceType} does not convert to ${input.type}: ${errorMessage(error)}`);
  }
  const issue = checkPortValue(input, value)[0];
  if (issue) throw new Error(`mock host: the value does not fit input "${inputId}" — ${describeIssue(issue)}`);
  core.emit('ports.message', {
    from: peer?.cardId ?? options.cardId ?? 'peer-1',
    fromKind: options.kind ?? peer?.kind ?? 'custom',
    output: output?.id ?? options.output ?? 'out',
    input: inputId,
    type: input.type,
    sourceType,
    data: value,
    at: Date.now(),
  });
}

/** Driver: a peer asks one of the card's request inputs; resolves with the card's answer. */
export function requestPort(
  state: PortsState,
  input: string,
  data: unknown,
  options: MockPortRequestOptions,
): Promise<unknown> {
  const requestId = state.core.nextId('req');
  const timeoutMs = options.timeoutMs ?? LIMITS.portRequestTimeoutMs;
  const promise = awaitReply(
    (state.pendingRequests ??= new Map<string, PendingReply>()),
    requestId,
    timeoutMs,
    () => new CardSdkError('TIMEOUT', `no reply to ${requestId}`),
  );
  state.core.emit('ports.request', {
    requestId,
    from: options.from ?? 'peer-1',
    input,
    data,
    deadline: Date.now() + timeoutMs,
  });
  return promise;
}

/** Driver: replaces the peers and tells the card what it now sees of them. */
export function setPeers(state: PortsState, peers: MockPeer[]): void {
  state.peers = peers;
  const language = languageOf(state.core);
  const infos = peers.map((peer) => peerInfo(peer, language));
  state.core.context.peers = infos;
  state.core.emit('ports.peersChanged', infos);
}
