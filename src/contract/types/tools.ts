// Tools: the calls agents make and the results the card sends back.
import type { JsonObject } from './json.js';

/** The agent that called a tool. */
export interface ToolAgent {
  id: string;
  name: string;
}

/** The `tools.call` event as the host sends it: which tool, with what arguments, for which agent, until when. */
export interface ToolCallRequest<A = JsonObject> {
  callId: string;
  tool: string;
  args: A;
  agent: ToolAgent;
  /** Epoch ms after which the answer is useless. */
  deadline: number;
}

/** The call a `tools.handle` handler receives as its second parameter: who called, until when, and how to report. */
export interface ToolCall<A = JsonObject> {
  /** Id of this call (the host matches the answer by it). */
  callId: string;
  /** The tool's name as declared in the manifest. */
  tool: string;
  /** The call's arguments (the same value as the handler's first parameter). */
  args?: A;
  /** The agent that called the tool. */
  agent: ToolAgent;
  /** Epoch ms after which the answer is useless. */
  deadline: number;
  /** Aborts with `TIMEOUT` at the deadline, or `USER_CANCELLED` when the host cancels. */
  signal: AbortSignal;
  /** Shows a short progress message on the arrow (first 200 characters). */
  progress(message: string): void;
}

/** A text item of a tool result. */
export interface ToolResultText {
  type: 'text';
  text: string;
}

/** An image item of a tool result (base64). */
export interface ToolResultImage {
  type: 'image';
  data: string;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
}

/** One content item of a tool result. */
export type ToolContentItem = ToolResultText | ToolResultImage;

/** A tool result as sent to the agent. */
export interface ToolResultPayload {
  content: ToolContentItem[];
  isError?: boolean;
}
