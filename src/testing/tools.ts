import { CardSdkError } from '../contract/errors.js';
import { validateValue } from '../contract/schema.js';
import type { BuiltinHandlers, MockCardHost } from './mock-host.js';
import { awaitReply, settleReply } from './replies.js';
import type { MockToolCallOptions } from './types.js';

const DEFAULT_AGENT = { id: 'agent-1', name: 'Claude Code' };
const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

function rejected(message: string): Promise<unknown> & { callId: string } {
  return Object.assign(Promise.reject(new CardSdkError('INVALID_PARAMS', message)), { callId: '' });
}

/** Driver: an agent calls one of the card's tools; resolves with the card's result. */
export function callTool(
  host: MockCardHost,
  name: string,
  args: unknown,
  options: MockToolCallOptions,
): Promise<unknown> & { callId: string } {
  const tool = host.manifest.tools.find((t) => t.name === name);
  if (!tool) return rejected(`mock host: the manifest declares no tool "${name}"`);
  const issue = validateValue(tool.inputSchema, args)[0];
  if (issue) return rejected(`mock host: invalid tool args — ${issue.path || '/'}: ${issue.message}`);
  const callId = host.nextId('call');
  const timeoutMs = options.timeoutMs ?? tool.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const promise = awaitReply(host.pendingTools, callId, timeoutMs, () => {
    host.emit('tools.cancel', { callId });
    return new CardSdkError('TIMEOUT', `tool ${name} timed out`);
  });
  host.emit('tools.call', {
    callId,
    tool: name,
    args,
    agent: options.agent ?? DEFAULT_AGENT,
    deadline: Date.now() + timeoutMs,
  });
  return Object.assign(promise, { callId });
}

/** Driver: the host cancels a running tool call. */
export function cancelTool(host: MockCardHost, callId: string): void {
  const pending = host.pendingTools.get(callId);
  host.emit('tools.cancel', { callId });
  if (!pending) return;
  host.pendingTools.delete(callId);
  clearTimeout(pending.timer);
  pending.reject(new CardSdkError('USER_CANCELLED', 'cancelled'));
}

/** `tools.*`. */
export const toolHandlers: BuiltinHandlers = {
  'tools.respond'(params: { callId: string; result?: unknown; error?: string }, host) {
    settleReply(host.pendingTools, params.callId, `no tool call ${params.callId}`, {
      value: params.result,
      error: params.error,
    });
  },
  'tools.progress'() {
    return undefined;
  },
  'tools.setEnabled'(params: { tool: string; enabled: boolean }, host) {
    if (!host.manifest.tools.some((t) => t.name === params.tool)) {
      throw new CardSdkError('NOT_FOUND', `no tool ${params.tool}`);
    }
    host.chrome.enabledTools[params.tool] = params.enabled;
  },
};
