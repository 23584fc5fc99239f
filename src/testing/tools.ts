import type { CardTools } from '../index.js';
import { closestNames, didYouMean } from '../contract/closest-name.js';
import { CardSdkError } from '../contract/errors.js';
import { validateValue } from '../contract/schema.js';
import type { Builtins, MethodsOf } from './builtin.js';
import type { MockCore } from './core.js';
import { awaitReply, settleReply } from './replies.js';
import type { PendingReply } from './replies.js';
import type { MockChrome, MockToolCallOptions } from './types.js';

/** What `tools.*` owns: the calls waiting for `tools.respond`, and the enabled flags it writes into the chrome. */
export interface ToolsState {
  readonly core: MockCore;
  readonly chrome: Pick<MockChrome, 'enabledTools'>;
  /** Tool calls waiting for `tools.respond`. */
  readonly pendingTools: Map<string, PendingReply>;
  /**
   * The tools the card has a handler for, each with the registration that holds it, when the mock made the card
   * (`host.connect()`); null when the card connected on its own (`host.serve()`, `host.serveFrame()`).
   */
  handled: Map<string, object> | null;
  /** Tool calls waiting for the card to register their handler, by tool name: each stops waiting when it does. */
  readonly handlerWaits: Map<string, Set<() => void>>;
}

const DEFAULT_AGENT = { id: 'agent-1', name: 'Claude Code' };
const DEFAULT_TOOL_TIMEOUT_MS = 30_000;
/** How long a call to a declared tool waits for its handler by default (`toolHandlerWaitMs`). */
const DEFAULT_HANDLER_WAIT_MS = 250;

function rejected(error: CardSdkError): Promise<unknown> & { callId: string } {
  return Object.assign(Promise.reject(error), { callId: '' });
}

const quoted = (names: readonly string[]): string =>
  names.length === 0 ? 'none' : names.map((name) => `"${name}"`).join(', ');

/** The tools the manifest declares and the ones the card registered a handler for (when the mock knows). */
function toolNames(state: ToolsState): { declared: string[]; registered?: string[] } {
  const declared = state.core.manifest.tools.map((tool) => tool.name);
  return state.handled ? { declared, registered: [...state.handled.keys()] } : { declared };
}

/** `(declared: …; registered: …)` for a refusal message. */
function namesNote(names: { declared: string[]; registered?: string[] }): string {
  const registered = names.registered ? `; registered: ${quoted(names.registered)}` : '';
  return `(declared: ${quoted(names.declared)}${registered})`;
}

/** The refusal of a call to a tool the manifest does not declare, naming the close one and every known one. */
function undeclaredTool(state: ToolsState, name: string): CardSdkError {
  const names = toolNames(state);
  const message = `mock host: the manifest declares no tool "${name}"${didYouMean(name, names.declared)} ${namesNote(names)}`;
  return new CardSdkError('INVALID_PARAMS', message, { tool: name, ...names });
}

/** The refusal of a call whose declared tool got no handler in time, naming a registered near miss. */
function unhandledTool(state: ToolsState, name: string, waitMs: number): CardSdkError {
  const names = toolNames(state);
  const strays = (names.registered ?? []).filter((tool) => !names.declared.includes(tool));
  const misspelt = strays.filter((tool) => closestNames(tool, [name]).length > 0);
  const guess = misspelt.length > 0 ? `; is ${quoted(misspelt)} a misspelling of "${name}"?` : '';
  const message =
    `mock host: the card registered no handler for tool "${name}" within ${waitMs} ms ` +
    `(card.tools.handle or useTool) ${namesNote(names)}${guess}`;
  return new CardSdkError('NOT_FOUND', message, { tool: name, ...names });
}

/**
 * Keeps `state.handled` up to date with the handlers the card registers through `tools` (the card the mock made),
 * and lets the calls that wait for one go on.
 */
export function watchToolHandlers(state: ToolsState, tools: CardTools): void {
  const handled = new Map<string, object>();
  state.handled = handled;
  const handle = tools.handle.bind(tools);
  const watched = (name: string, handler: Parameters<CardTools['handle']>[1]): (() => void) => {
    const off = handle(name, handler);
    const registration = {};
    handled.set(name, registration);
    for (const wake of [...(state.handlerWaits.get(name) ?? [])]) wake();
    return () => {
      off();
      if (handled.get(name) === registration) handled.delete(name);
    };
  };
  tools.handle = watched as CardTools['handle'];
}

/** Fails the call `callId` with `error` unless the card registers a handler for `name` within `waitMs`. */
function awaitHandler(state: ToolsState, name: string, callId: string, waitMs: number): void {
  const waits = state.handlerWaits.get(name) ?? new Set<() => void>();
  state.handlerWaits.set(name, waits);
  const stop = (): void => {
    clearTimeout(timer);
    waits.delete(stop);
    if (waits.size === 0) state.handlerWaits.delete(name);
  };
  const timer = setTimeout(() => {
    stop();
    const pending = state.pendingTools.get(callId);
    if (!pending) return;
    state.pendingTools.delete(callId);
    clearTimeout(pending.timer);
    state.core.emit('tools.cancel', { callId });
    pending.reject(unhandledTool(state, name, waitMs));
  }, waitMs);
  waits.add(stop);
}

/** Driver: an agent calls one of the card's tools; resolves with the card's result. */
export function callTool(
  state: ToolsState,
  name: string,
  args: unknown,
  options: MockToolCallOptions,
): Promise<unknown> & { callId: string } {
  const { core } = state;
  const tool = core.manifest.tools.find((t) => t.name === name);
  if (!tool) return rejected(undeclaredTool(state, name));
  const issue = validateValue(tool.inputSchema, args)[0];
  if (issue) {
    return rejected(
      new CardSdkError('INVALID_PARAMS', `mock host: invalid tool args — ${issue.path || '/'}: ${issue.message}`),
    );
  }
  const callId = core.nextId('call');
  const timeoutMs = options.timeoutMs ?? tool.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const promise = awaitReply(state.pendingTools, callId, timeoutMs, () => {
    core.emit('tools.cancel', { callId });
    return new CardSdkError('TIMEOUT', `tool ${name} timed out`);
  });
  if (state.handled && !state.handled.has(name)) {
    awaitHandler(state, name, callId, core.options.toolHandlerWaitMs ?? DEFAULT_HANDLER_WAIT_MS);
  }
  core.emit('tools.call', {
    callId,
    tool: name,
    args,
    agent: options.agent ?? DEFAULT_AGENT,
    deadline: Date.now() + timeoutMs,
  });
  return Object.assign(promise, { callId });
}

/** Driver: the host cancels a running tool call. */
export function cancelTool(state: ToolsState, callId: string): void {
  const pending = state.pendingTools.get(callId);
  state.core.emit('tools.cancel', { callId });
  if (!pending) return;
  state.pendingTools.delete(callId);
  clearTimeout(pending.timer);
  pending.reject(new CardSdkError('USER_CANCELLED', 'cancelled'));
}

/** `tools.*`. */
export const toolHandlers: Builtins<ToolsState, MethodsOf<'tools'>> = {
  'tools.respond'(params, state) {
    settleReply(state.pendingTools, params.callId, `no tool call ${params.callId}`, {
      value: params.result,
      error: params.error,
    });
  },
  'tools.progress'() {
    return undefined;
  },
  'tools.setEnabled'(params, state) {
    if (!state.core.manifest.tools.some((t) => t.name === params.tool)) {
      throw new CardSdkError('NOT_FOUND', `no tool ${params.tool}`);
    }
    state.chrome.enabledTools[params.tool] = params.enabled;
  },
};
