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
}

const DEFAULT_AGENT = { id: 'agent-1', name: 'Claude Code' };
const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

function rejected(message: string): Promise<unknown> & { callId: string } {
  return Object.assign(Promise.reject(new CardSdkError('INVALID_PARAMS', message)), { callId: '' });
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
  if (!tool) return rejected(`mock host: the manifest declares no tool "${name}"`);
  const issue = validateValue(tool.inputSchema, args)[0];
  if (issue) return rejected(`mock host: invalid tool args — ${issue.path || '/'}: ${issue.message}`);
  const callId = core.nextId('call');
  const timeoutMs = options.timeoutMs ?? tool.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const promise = awaitReply(state.pendingTools, callId, timeoutMs, () => {
    core.emit('tools.cancel', { callId });
    return new CardSdkError('TIMEOUT', `tool ${name} timed out`);
  });
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
