// The page's end of `dev`'s MCP endpoint: an agent's tool call reaches the card here, through the mock host's
// `callTool` as the Tools tab's calls do (so it shows in the records), and its progress, result or error goes back
// to the dev server. The server's side is src/dev/mcp-cards.ts.
import { CardSdkError } from '../../src/index.js';
import type { MockHost } from '../../src/testing/index.js';
import { parsed } from './dev-server.js';

/** The page link of one card host. */
export interface McpLink {
  /** The card's frame was handed its port (true) or is gone, reloading or navigated away (false). */
  setLoaded(loaded: boolean): void;
  /** Opens the link; returns its close, which ends the calls still running. */
  start(): () => void;
}

interface Running {
  call: string;
  callId: string;
}

const PATH = '/__dev/mcp/card';

const messageOf = (error: unknown): string =>
  error instanceof CardSdkError ? error.hostMessage : error instanceof Error ? error.message : String(error);

/** Links the card of `host` to the dev server's MCP endpoint, with the session's `token`. */
export function createMcpLink(host: MockHost, token: string): McpLink {
  let loaded = false;
  let link: string | null = null;
  let sentState = '';
  const running = new Set<Running>();
  // How far the host's calls were read for `tools.progress`.
  let read = host.calls.length;

  // One post at a time, in order: a call's progress reaches the server before its result.
  let queue: Promise<unknown> = Promise.resolve();
  const post = (body: unknown): void => {
    if (link === null) return;
    const url = `${PATH}?token=${encodeURIComponent(token)}&link=${encodeURIComponent(link)}`;
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    queue = queue.then(() => fetch(url, init)).catch(() => undefined);
  };
  const sendState = (force = false): void => {
    const state = {
      name: host.manifest.name,
      tools: host.manifest.tools,
      enabled: host.chrome.enabledTools,
      loaded,
    };
    const text = JSON.stringify(state);
    if (!force && text === sentState) return;
    sentState = text;
    post({ state });
  };
  const forwardProgress = (): void => {
    for (; read < host.calls.length; read += 1) {
      const entry = host.calls[read];
      if (entry?.method !== 'tools.progress') continue;
      const { callId, message } = entry.params as { callId?: unknown; message?: unknown };
      for (const call of running) {
        if (call.callId === callId && typeof message === 'string') post({ progress: { call: call.call, message } });
      }
    }
  };
  // The frame went away: its calls get no answer, so they end now instead of at their deadline.
  const endRunning = (): void => {
    for (const call of [...running]) {
      running.delete(call);
      post({ error: { call: call.call, message: 'the card frame reloaded or went away before the card answered' } });
      host.cancelTool(call.callId);
    }
  };
  const run = (data: Record<string, unknown>): void => {
    const call = data.call;
    if (typeof call !== 'string' || typeof data.tool !== 'string') return;
    const agent = data.agent as { id: string; name: string } | undefined;
    const pending = host.callTool(data.tool, data.args ?? {}, agent ? { agent } : {});
    const entry: Running = { call, callId: pending.callId };
    running.add(entry);
    pending.then(
      (result) => {
        if (running.delete(entry)) post({ result: { call, result } });
      },
      (error: unknown) => {
        if (running.delete(entry)) post({ error: { call, message: messageOf(error) } });
      },
    );
  };

  return {
    setLoaded(next) {
      if (next === loaded) return;
      loaded = next;
      if (!next) endRunning();
      sendState();
    },
    start() {
      const source = new EventSource(`${PATH}?token=${encodeURIComponent(token)}`);
      source.addEventListener('hello', (event) => {
        const id = parsed(event).link;
        link = typeof id === 'string' ? id : null;
        // A new link (the first, or after the stream reconnected) knows nothing of this card yet.
        sendState(true);
      });
      source.addEventListener('call', (event) => run(parsed(event)));
      source.addEventListener('cancel', (event) => {
        const call = parsed(event).call;
        for (const entry of [...running]) {
          if (entry.call !== call) continue;
          running.delete(entry);
          host.cancelTool(entry.callId);
        }
      });
      const stop = host.subscribe(() => {
        forwardProgress();
        sendState();
      });
      return () => {
        stop();
        source.close();
        endRunning();
        link = null;
      };
    },
  };
}
