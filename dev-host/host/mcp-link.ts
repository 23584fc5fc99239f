// The page's end of `dev`'s MCP endpoint: an agent's tool call reaches the card here, through the mock host's
// `callTool` as the Tools tab's calls do (so it shows in the records), and its progress, result or error goes back
// to the dev server. One stream per page (`createMcpChannel`), which every card host of the page joins: a canvas of
// several cards holds one connection for MCP, not one per card. The server's side is src/dev/mcp-cards.ts.
import { CardSdkError } from '../../src/index.js';
import type { MockHost } from '../../src/testing/index.js';
import { parsed } from './dev-server.js';

/** The page link of one card host. */
export interface McpLink {
  /** The card's frame was handed its port (true) or is gone, reloading or navigated away (false). */
  setLoaded(loaded: boolean): void;
  /** Starts reporting the card; returns its close, which ends the calls still running. */
  start(): () => void;
}

/** The page's one stream to the dev server's MCP bridge, which the page's card hosts join. */
export interface McpChannel {
  /** The link of a card host (one per host; a new host of the same card replaces the old one's report). */
  join(host: MockHost): McpLink;
  /** Opens the stream; returns its close. */
  start(): () => void;
}

interface Running {
  call: string;
  callId: string;
}

/** A card host on the channel: what it reports, the calls it runs. */
interface Member {
  readonly host: MockHost;
  sendState(force?: boolean): void;
  run(data: Record<string, unknown>): void;
  cancel(call: unknown): void;
}

const PATH = '/__dev/mcp/card';

const messageOf = (error: unknown): string =>
  error instanceof CardSdkError ? error.hostMessage : error instanceof Error ? error.message : String(error);

/** The page's channel to the MCP bridge, with a card session's `token`. */
export function createMcpChannel(token: string): McpChannel {
  let link: string | null = null;
  const members = new Set<Member>();

  // One post at a time, in order: a call's progress reaches the server before its result.
  let queue: Promise<unknown> = Promise.resolve();
  const post = (body: unknown): void => {
    if (link === null) return;
    const url = `${PATH}?token=${encodeURIComponent(token)}&link=${encodeURIComponent(link)}`;
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    queue = queue.then(() => fetch(url, init)).catch(() => undefined);
  };

  const join = (host: MockHost): McpLink => {
    let loaded = false;
    let sentState = '';
    const running = new Set<Running>();
    // How far the host's calls were read for `tools.progress`.
    let read = host.calls.length;

    const stateOf = (isLoaded: boolean) => ({
      name: host.manifest.name,
      tools: host.manifest.tools,
      enabled: host.chrome.enabledTools,
      loaded: isLoaded,
    });
    const member: Member = {
      host,
      sendState(force = false) {
        const text = JSON.stringify(stateOf(loaded));
        if (!force && text === sentState) return;
        sentState = text;
        post({ state: stateOf(loaded) });
      },
      run(data) {
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
      },
      cancel(call) {
        for (const entry of [...running]) {
          if (entry.call !== call) continue;
          running.delete(entry);
          host.cancelTool(entry.callId);
        }
      },
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
    return {
      setLoaded(next) {
        if (next === loaded) return;
        loaded = next;
        if (!next) endRunning();
        member.sendState();
      },
      start() {
        members.add(member);
        member.sendState(true);
        const stop = host.subscribe(() => {
          forwardProgress();
          member.sendState();
        });
        return () => {
          stop();
          members.delete(member);
          endRunning();
          // A host replaced by a new one of the same card (a manifest edit) leaves no tools behind it.
          if (![...members].some((other) => other.host.manifest.name === host.manifest.name)) {
            post({ state: stateOf(false) });
          }
        };
      },
    };
  };

  return {
    join,
    start() {
      const source = new EventSource(`${PATH}?token=${encodeURIComponent(token)}`);
      source.addEventListener('hello', (event) => {
        const id = parsed(event).link;
        link = typeof id === 'string' ? id : null;
        // A new link (the first, or after the stream reconnected) knows nothing of the cards yet.
        for (const member of members) member.sendState(true);
      });
      source.addEventListener('call', (event) => {
        const data = parsed(event);
        // The newest host of the card named runs it.
        const member = [...members].reverse().find((each) => each.host.manifest.name === data.card);
        member?.run(data);
      });
      source.addEventListener('cancel', (event) => {
        const { call } = parsed(event);
        for (const member of members) member.cancel(call);
      });
      return () => {
        source.close();
        link = null;
      };
    },
  };
}

/** Links the one card of `host` to the dev server's MCP endpoint over a channel of its own (the one-card page). */
export function createMcpLink(host: MockHost, token: string): McpLink {
  const channel = createMcpChannel(token);
  const link = channel.join(host);
  return {
    setLoaded: (loaded) => link.setLoaded(loaded),
    start() {
      const stopLink = link.start();
      const stopChannel = channel.start();
      return () => {
        stopLink();
        stopChannel();
      };
    },
  };
}
