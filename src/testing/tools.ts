import type { Card, CardTools } from '../index.js';
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
  pendingTools?: Map<string, PendingReply>;
  /**
   * The tools the card has a handler for, each with the registration that holds it, when the mock made the card
   * (`host.connect()`); null when the card connected on its own (`host.serve()`, `host.serveFrame()`).
   */
  handled: Map<string, object> | null;
  /**
   * Tool calls waiting for the card to register their handler, by tool name: `found` when it does, `misspelt`
   * when the card registers an undeclared name close to it instead.
   */
  handlerWaits?: Map<string, Set<HandlerWait>>;
}

/** One call waiting for its handler. */
interface HandlerWait {
  found(): void;
  misspelt(): void;
}

const DEFAULT_AGENT = { id: 'agent-1', name: 'Claude Code' };
const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

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

/** The undeclared tools the card registered whose names are close to `name` (a likely misspelling of it). */
function misspellingsOf(state: ToolsState, name: string): string[] {
  const names = toolNames(state);
  return (names.registered ?? []).filter(
    (tool) => !names.declared.includes(tool) && closestNames(tool, [name]).length > 0,
  );
}

/**
 * The refusal of a call whose declared tool has no handler: at its deadline (`waitMs`), or at once when the card
 * registered a near miss of it instead.
 */
function unhandledTool(state: ToolsState, name: string, waitMs?: number): CardSdkError {
  const names = toolNames(state);
  const misspelt = misspellingsOf(state, name);
  const guess = misspelt.length > 0 ? `; is ${quoted(misspelt)} a misspelling of "${name}"?` : '';
  const within = waitMs === undefined ? '' : ` within ${waitMs} ms`;
  const message =
    `mock host: the card registered no handler for tool "${name}"${within} ` +
    `(card.tools.handle or useTool) ${namesNote(names)}${guess}`;
  return new CardSdkError('NOT_FOUND', message, { tool: name, ...names });
}

/**
 * Keeps `state.handled` up to date with the handlers the card registers through `card.tools` (the card the mock
 * made), and lets the calls that wait for one go on. The card builds `tools` on its first read: it is watched
 * from then on, so connecting builds nothing.
 */
export function watchToolHandlers(state: ToolsState, card: Card): void {
  const handled = new Map<string, object>();
  state.handled = handled;
  // The getter is called with the card as `this` in `watchedTools`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const read = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(card) as object, 'tools')?.get;
  if (!read || Object.hasOwn(card, 'tools')) return watchHandle(state, handled, card.tools);
  WATCHED.set(card, { state, handled, read });
  Object.defineProperty(card, 'tools', { get: watchedTools, enumerable: true, configurable: true });
}

/** The cards whose `tools` the mock waits to see built: their tools state, handler table and the card's own getter. */
const WATCHED = new WeakMap<object, { state: ToolsState; handled: Map<string, object>; read: () => unknown }>();

// One getter for every watched card: a getter made per card would give each card a hidden class of its own.
function watchedTools(this: Card): CardTools {
  const watch = WATCHED.get(this);
  if (!watch) throw new TypeError('card.tools read off a card the mock host does not watch');
  WATCHED.delete(this);
  // The card's getter puts the built namespace on the card in place of this one.
  const tools = Reflect.apply(watch.read, this, []) as CardTools;
  watchHandle(watch.state, watch.handled, tools);
  return tools;
}

function watchHandle(state: ToolsState, handled: Map<string, object>, tools: CardTools): void {
  const handle = tools.handle.bind(tools);
  const watched = (name: string, handler: Parameters<CardTools['handle']>[1]): (() => void) => {
    const off = handle(name, handler);
    const registration = {};
    handled.set(name, registration);
    for (const wait of [...(state.handlerWaits?.get(name) ?? [])]) wait.found();
    // An undeclared name close to a tool a call waits for: that call fails now, naming both.
    for (const [waiting, waits] of [...(state.handlerWaits ?? [])]) {
      if (misspellingsOf(state, waiting).includes(name)) for (const wait of [...waits]) wait.misspelt();
    }
    return () => {
      off();
      if (handled.get(name) === registration) handled.delete(name);
    };
  };
  tools.handle = watched as CardTools['handle'];
}

/**
 * Watches the call `callId` until the card registers a handler for `name`: it fails with NOT_FOUND naming the tools
 * when the card registers a near miss instead, or after `waitMs` (`toolHandlerWaitMs`) when that is set.
 */
function awaitHandler(state: ToolsState, name: string, callId: string, waitMs: number | undefined): HandlerWait {
  const waiting = (state.handlerWaits ??= new Map<string, Set<HandlerWait>>());
  const waits = waiting.get(name) ?? new Set<HandlerWait>();
  waiting.set(name, waits);
  const fail = (error: CardSdkError): void => {
    wait.found();
    const pending = state.pendingTools?.get(callId);
    if (!pending) return;
    state.pendingTools?.delete(callId);
    clearTimeout(pending.timer);
    state.core.emit('tools.cancel', { callId });
    pending.reject(error);
  };
  const wait: HandlerWait = {
    found: () => {
      clearTimeout(timer);
      waits.delete(wait);
      if (waits.size === 0) waiting.delete(name);
    },
    misspelt: () => fail(unhandledTool(state, name)),
  };
  const timer = waitMs === undefined ? undefined : setTimeout(() => fail(unhandledTool(state, name, waitMs)), waitMs);
  waits.add(wait);
  return wait;
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
  const handlerUnknown = state.handled !== null && !state.handled.has(name);
  // The card registered a near miss of this tool instead of it: refused at once, naming both.
  if (handlerUnknown && misspellingsOf(state, name).length > 0) return rejected(unhandledTool(state, name));
  const callId = core.nextId('call');
  const timeoutMs = options.timeoutMs ?? tool.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  let wait: HandlerWait | undefined;
  const promise = awaitReply((state.pendingTools ??= new Map<string, PendingReply>()), callId, timeoutMs, () => {
    wait?.found();
    core.emit('tools.cancel', { callId });
    // A card the mock made that never registered this tool's handler hears which tools it did register.
    if (state.handled !== null && !state.handled.has(name)) return unhandledTool(state, name, timeoutMs);
    return new CardSdkError('TIMEOUT', `tool ${name} timed out`);
  });
  if (handlerUnknown) wait = awaitHandler(state, name, callId, core.options.toolHandlerWaitMs);
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
  const pending = state.pendingTools?.get(callId);
  state.core.emit('tools.cancel', { callId });
  if (!pending) return;
  state.pendingTools?.delete(callId);
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
