// A scripted host for tests: the far end of a real MessageChannel that records raw request envelopes.
import { errorMessage } from '../contract/error-message.js';
import { CARD_PROTOCOL_VERSION, NS } from '../contract/constants.js';
import type { CardErrorPayload } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import { DEFAULT_THEME } from '../contract/theme.js';
import type { CardContext } from '../contract/types.js';
import { buildError, buildEvent, buildResult, type RequestEnvelope } from './envelopes.js';

/** What a scripted handler may return: a result, or `{ error }` to fail the request. */
type ScriptedReply = unknown;

/** A host whose answers the test scripts method by method; unscripted requests stay unanswered. */
export interface ScriptedHost {
  /** The card's end of the channel. */
  readonly cardPort: MessagePort;
  /** Every request envelope received, in order. */
  readonly received: RequestEnvelope[];
  /** Answers `method` automatically with `reply(params, envelope)`. */
  on(method: string, reply: (params: any, envelope: RequestEnvelope) => ScriptedReply): ScriptedHost;
  /** Requests received for one method. */
  requests(method: string): RequestEnvelope[];
  /** Params of the requests received for one method. */
  params(method: string): any[];
  /** Answers a request by id with a result. */
  respond(id: number, result?: unknown): void;
  /** Answers a request by id with an error. */
  fail(id: number, error: CardErrorPayload): void;
  /** Sends an event envelope. */
  emit(event: string, data?: unknown): void;
  /** Posts any raw value to the card. */
  post(value: unknown): void;
  /** Closes the host end. */
  close(): void;
}

/** Lets MessagePort traffic flow (Node delivers port messages asynchronously). */
export async function flush(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A minimal context for `host.ready`, with `overrides` merged over it. */
export function scriptedContext(overrides: Partial<CardContext> = {}): CardContext {
  return {
    protocol: CARD_PROTOCOL_VERSION,
    appVersion: '0.0.0-test',
    instance: {
      instanceId: 'card-1',
      packageId: 'dev:/test/card',
      name: 'card',
      displayName: 'Card',
      version: '1.0.0',
      commit: null,
      title: null,
      size: { w: 420, h: 320 },
      dev: true,
    },
    workspace: { id: 'workspace-1', name: 'Workspace' },
    visibility: 'visible',
    expanded: false,
    theme: DEFAULT_THEME,
    i18n: { language: 'en', locale: 'en-US' },
    settings: { values: {}, secrets: {} },
    permissions: [],
    ports: { inputs: [], outputs: [] },
    peers: [],
    launch: 'created',
    limits: LIMITS,
    chrome: { title: null, status: null, badge: null, overview: null, attention: null },
    ...overrides,
  };
}

/** Creates a scripted host; `host.ready` answers with `context` unless scripted otherwise. */
export function createScriptedHost(context: CardContext = scriptedContext()): ScriptedHost {
  const { port1, port2 } = new MessageChannel();
  const received: RequestEnvelope[] = [];
  const replies = new Map<string, (params: any, envelope: RequestEnvelope) => ScriptedReply>();
  replies.set('host.ready', () => context);

  const host: ScriptedHost = {
    cardPort: port2,
    received,
    on(method, reply) {
      replies.set(method, reply);
      return host;
    },
    requests: (method) => received.filter((envelope) => envelope.method === method),
    params: (method) => host.requests(method).map((envelope) => envelope.params),
    respond: (id, result) => port1.postMessage(buildResult(id, result)),
    fail: (id, error) => port1.postMessage(buildError(id, error)),
    emit: (event, data) => port1.postMessage(buildEvent(event, data)),
    post: (value) => port1.postMessage(value),
    close: () => port1.close(),
  };

  port1.onmessage = (event: MessageEvent) => {
    const envelope = event.data as RequestEnvelope;
    if (envelope?.ns !== NS || envelope.kind !== 'req') return;
    received.push(envelope);
    const reply = replies.get(envelope.method);
    if (!reply) return;
    let outcome: ScriptedReply;
    try {
      outcome = reply(envelope.params, envelope);
    } catch (error) {
      host.fail(envelope.id, { code: 'INTERNAL', message: errorMessage(error) });
      return;
    }
    const failure = (outcome as { error?: CardErrorPayload } | undefined)?.error;
    if (failure && typeof failure.code === 'string') host.fail(envelope.id, failure);
    else host.respond(envelope.id, outcome);
  };
  return host;
}
