import type { JsonObject, ToolCall, ToolCallRequest, ToolResultImage, ToolResultPayload } from '../contract/types.js';
import { CardSdkError } from '../contract/errors.js';
import * as LIMITS from '../contract/limit-values.js';
import { withDeadline, type DeadlineSignal } from './deadline.js';
import { createCallRoutes } from './call-routes.js';
import { answerInbound } from './inbound-call.js';
import type { KeyDefault, KeyParam, NameArg, NameOf, ToolMap, ValueFor } from './register.js';
import type { CardSession } from './session.js';

/** What a tool handler learns about the call besides its arguments (the same shape as `ToolCall`). */
export type ToolCallContext<Args = JsonObject> = ToolCall<Args>;

/**
 * The `call` a handler of `Args` receives: `ToolCall<Args>`, which is also a plain `ToolCall` when `Args` is an
 * interface without an index signature, so it can be passed on to code typed either way.
 */
export type ToolHandlerCall<Args> = [Args] extends [JsonObject] ? ToolCall<Args> : ToolCall<Args> & ToolCall;

/** A tool handler: return a string, any JSON value or a `ToolResultPayload`; throwing sends an error. */
export type ToolHandler<Args = JsonObject> = (args: Args, call: ToolHandlerCall<Args>) => unknown;

/** `card.tools`: tools this card offers to connected agents. */
export interface CardTools {
  /** Implements a manifest tool; calls that arrived earlier run now. Returns a function that removes it. */
  handle<K extends KeyParam<ToolMap> = KeyDefault<ToolMap, JsonObject>>(
    name: NameArg<ToolMap, K>,
    handler: ToolHandler<ValueFor<ToolMap, K>>,
  ): () => void;
  /** Shows or hides a declared tool for agents. */
  setEnabled(tool: NameOf<ToolMap>, enabled: boolean): Promise<void>;
}

/** A text tool result. */
export function toolText(text: string): ToolResultPayload {
  return { content: [{ type: 'text', text }] };
}

/** An image tool result (base64 data). */
export function toolImage(data: string, mimeType: ToolResultImage['mimeType']): ToolResultPayload {
  return { content: [{ type: 'image', data, mimeType }] };
}

/** An error tool result: the agent sees `text` as a failed call. */
export function toolError(text: string): ToolResultPayload {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Turns a handler's return value into a tool result: `undefined` → "OK", strings as text, JSON pretty-printed. */
export function normalizeToolResult(value: unknown): ToolResultPayload {
  if (value === undefined) return toolText('OK');
  if (typeof value === 'string') return toolText(value);
  if (value !== null && typeof value === 'object' && Array.isArray((value as { content?: unknown }).content)) {
    return value as ToolResultPayload;
  }
  // JSON.stringify gives undefined only for functions and symbols, which String() names.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return toolText(JSON.stringify(value, null, 2) ?? String(value));
}

const PROGRESS_CHARS = 200;
const ERROR_CHARS = 4000;

/** Builds `card.tools` with the call machinery (parking, deadlines, cancel, replies). */
export function createTools(session: CardSession): CardTools {
  const { channel, context, events } = session;
  const warned = new Set<string>();

  /** Warns once per name when the host lists the declared tools and `name` is not one of them. */
  const warnUndeclared = (name: string): void => {
    const declared = context.get().tools;
    if (!Array.isArray(declared) || declared.includes(name) || warned.has(name)) return;
    warned.add(name);
    const list = declared.length > 0 ? `declared: ${declared.map((tool) => `"${tool}"`).join(', ')}` : 'none declared';
    console.warn(
      `[card-sdk] tools.handle("${name}"): the manifest declares no tool "${name}" (${list}), so agents cannot ` +
        `call it. Add it to "tools" in neurosquad-card.json.`,
    );
  };
  const running = new Map<string, DeadlineSignal>();

  const run = (call: ToolCallRequest, handler: ToolHandler<unknown>): void => {
    const { callId, tool, agent, deadline } = call;
    const timing = answerInbound(
      channel,
      {
        deadline,
        lateMessage: 'the tool call passed its deadline',
        errorChars: ERROR_CHARS,
        invalidPrefix: 'the card produced an invalid result: ',
        send: (value) => channel.request('tools.respond', { callId, result: normalizeToolResult(value) }),
        sendError: (error) => channel.notify('tools.respond', { callId, error }),
        onSettled: () => running.delete(callId),
        onFailure: (message) => session.log.warn(`tool ${tool} failed: ${message}`),
      },
      ({ signal }) =>
        handler(call.args, {
          callId,
          tool,
          args: call.args,
          agent,
          deadline,
          signal,
          progress(message) {
            if (signal.aborted) return;
            channel.notify('tools.progress', { callId, message: String(message).slice(0, PROGRESS_CHARS) || '…' });
          },
        }),
    );
    running.set(callId, timing);
  };

  const routes = createCallRoutes(run);

  events.intercept('tools.call', (data) => {
    const raw = data as ToolCallRequest;
    if (!raw || typeof raw.callId !== 'string') return true;
    // A call without a usable deadline gets the default tool timeout; one without a handler yet waits for one
    // until the deadline and is then forgotten (the host times out).
    const call = withDeadline(raw, LIMITS.toolTimeoutMs);
    routes.route(call, call.tool);
    return false;
  });

  events.intercept('tools.cancel', (data) => {
    const callId = (data as { callId?: unknown } | null)?.callId;
    if (typeof callId !== 'string') return false;
    routes.drop((call) => call.callId === callId);
    running.get(callId)?.abort(new CardSdkError('USER_CANCELLED', 'the host cancelled the tool call'));
    return false;
  });

  return {
    handle<Args>(name: string, handler: ToolHandler<Args>) {
      const off = routes.handle(
        name,
        handler as ToolHandler<unknown>,
        `a handler for tool "${name}" is already registered — remove the old one first`,
      );
      warnUndeclared(name);
      return off;
    },
    async setEnabled(tool, enabled) {
      await channel.request('tools.setEnabled', { tool, enabled });
    },
  };
}
