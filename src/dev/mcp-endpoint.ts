// `/mcp` on the dev page's port: the tools of the cards on the page as an MCP server over Streamable HTTP, for a
// real agent (Claude Code, Codex, the MCP Inspector) to call while the card is developed. Stateful sessions: each
// client gets its own session (its `Mcp-Session-Id`) and may keep a GET stream open, which is where
// `notifications/tools/list_changed` goes when a card loads, reloads or disables a tool; a stateless server could
// not tell a client that the list changed. The MCP SDK is loaded on the first request, so `dev` starts as fast
// without it. Only this machine's clients that hold the session's token get in: a loopback Host naming this port
// and no foreign Origin (against DNS rebinding, as the MCP specification asks), and `Authorization: Bearer`.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Server, StreamableHTTPServerTransport } from './mcp-sdk.js';
import { sanitizeText } from '../cli/sanitize.js';
import { isLoopbackHost, loopbackOrigins } from './loopback-host.js';
import { sameSecret } from './same-secret.js';
import type { McpCards } from './mcp-cards.js';

/** Where the MCP endpoint is on the page's port. */
export const MCP_PATH = '/mcp';

// Sessions a client left open without DELETE (an agent restarted): the oldest goes past this many.
const MAX_SESSIONS = 32;
const ARGS_SHOWN = 160;

/** What the endpoint needs from the dev server. */
export interface McpEndpointOptions {
  cards: McpCards;
  /** The bearer token of this run, printed with the URL. */
  token: string;
  /** The page's port. */
  port(): number;
  /** The name the server gives itself in `initialize`. */
  serverName: string;
  /** The server's version in `initialize` (the SDK's). */
  version: string;
  /** Writes one line per call to the terminal. */
  print(text: string): void;
}

/** The MCP endpoint of a dev run. */
export interface McpEndpoint {
  /** Answers a request to `/mcp`; false for any other path. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** Closes every session. */
  close(): Promise<void>;
}

/** Why a request to the endpoint is refused (status and message), or null when it may go on. */
export function mcpRefusal(
  headers: IncomingHttpHeaders,
  port: number,
  token: string,
): { status: 401 | 403; message: string } | null {
  if (!isLoopbackHost({ headers } as IncomingMessage, port)) {
    return { status: 403, message: `forbidden Host: use http://127.0.0.1:${port}${MCP_PATH}` };
  }
  const origin = headers.origin;
  if (origin !== undefined && !loopbackOrigins(port).includes(origin)) {
    return { status: 403, message: `forbidden Origin ${origin}: only this machine's clients and the dev page` };
  }
  const given = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1]?.trim();
  if (!sameSecret(given, token)) {
    return {
      status: 401,
      message: 'missing or wrong bearer token: send the Authorization header neurosquad-card dev printed',
    };
  }
  return null;
}

function jsonRpcError(response: ServerResponse, status: number, message: string, extra: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** One line of JSON arguments, cut to `ARGS_SHOWN` characters. */
function argsLine(args: unknown): string {
  const text = sanitizeText(JSON.stringify(args) ?? '');
  return text.length > ARGS_SHOWN ? `${text.slice(0, ARGS_SHOWN - 1)}…` : text;
}

interface Session {
  server: Server;
  transport: StreamableHTTPServerTransport;
}

type Sdk = Awaited<ReturnType<typeof loadSdk>>;

async function loadSdk() {
  const sdk = await import('./mcp-sdk.js');
  return {
    Server: sdk.Server,
    Transport: sdk.StreamableHTTPServerTransport,
    ListTools: sdk.ListToolsRequestSchema,
    CallTool: sdk.CallToolRequestSchema,
  };
}

/** Creates the `/mcp` endpoint over the cards of the dev pages. */
export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const { cards } = options;
  const print = (text: string): void => options.print(text);
  const sessions = new Map<string, Session>();
  let sdk: Promise<Sdk> | undefined;
  const stopListening = cards.onChange(() => {
    for (const session of sessions.values()) void session.server.sendToolListChanged().catch(() => undefined);
  });

  const newServer = (loaded: Sdk, sessionId: () => string | undefined): Server => {
    const server = new loaded.Server(
      { name: options.serverName, version: options.version },
      { capabilities: { tools: { listChanged: true } } },
    );
    server.setRequestHandler(loaded.ListTools, () => ({ tools: cards.list() }));
    server.setRequestHandler(loaded.CallTool, async (request, extra) => {
      const { name } = request.params;
      const args = request.params.arguments ?? {};
      const progressToken = request.params._meta?.progressToken;
      const client = server.getClientVersion()?.name ?? 'MCP client';
      const agent = { id: `mcp-${(sessionId() ?? 'session').slice(0, 8)}`, name: client };
      let progress = 0;
      const started = Date.now();
      const result = await cards.call(name, args, {
        agent,
        signal: extra.signal,
        progress:
          progressToken === undefined
            ? undefined
            : (message) => {
                progress += 1;
                void extra
                  .sendNotification({ method: 'notifications/progress', params: { progressToken, progress, message } })
                  .catch(() => undefined);
              },
      });
      const first = result.content[0];
      const outcome = result.isError ? `✖ ${first?.type === 'text' ? first.text : 'error'}` : '✔';
      print(
        `mcp ${sanitizeText(client)} → ${sanitizeText(name)} ${argsLine(args)} ${sanitizeText(outcome)} (${Date.now() - started} ms)\n`,
      );
      return result;
    });
    return server;
  };

  const open = async (loaded: Sdk, request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const transport: StreamableHTTPServerTransport = new loaded.Transport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, session);
        if (sessions.size > MAX_SESSIONS) {
          const [oldest] = sessions.keys();
          if (oldest !== undefined) void sessions.get(oldest)?.server.close();
        }
      },
      onsessionclosed: (id) => void sessions.delete(id),
    });
    const server = newServer(loaded, () => transport.sessionId);
    const session: Session = { server, transport };
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response);
    // Anything but an initialize request opens no session: nothing stays behind.
    if (transport.sessionId === undefined) await server.close();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const loaded = await (sdk ??= loadSdk());
    const id = request.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.get(id);
      if (session) await session.transport.handleRequest(request, response);
      else jsonRpcError(response, 404, 'no such session (the dev host restarted?): initialize again');
      return;
    }
    if (request.method !== 'POST') {
      jsonRpcError(response, 400, 'no Mcp-Session-Id: send an initialize request first');
      return;
    }
    await open(loaded, request, response);
  };

  return {
    serve(request, response) {
      if (new URL(request.url ?? '/', 'http://host').pathname !== MCP_PATH) return false;
      const refusal = mcpRefusal(request.headers, options.port(), options.token);
      if (refusal) {
        jsonRpcError(
          response,
          refusal.status,
          refusal.message,
          refusal.status === 401 ? { 'www-authenticate': 'Bearer realm="neurosquad-card dev"' } : {},
        );
        return true;
      }
      handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) jsonRpcError(response, 500, `the MCP endpoint failed: ${String(error)}`);
        else response.end();
      });
      return true;
    },
    async close() {
      stopListening();
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((session) => session.server.close().catch(() => undefined)));
    },
  };
}
