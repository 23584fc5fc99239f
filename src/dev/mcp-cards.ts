// The cards the dev pages host, as the MCP endpoint reaches them. The card runs in the page's sandboxed frame, so a
// tool call travels node → page → card and back: each dev page opens one `GET /__dev/mcp/card` (an event stream:
// `hello` with its link id, then `call` naming the card, and `cancel`) and posts what it has to
// `POST /__dev/mcp/card` (each card's tools and state, a call's progress, result or error). One stream serves
// every card of a canvas page: a browser holds at most 6 connections to a host, and the page's other stream carries
// every card's server events. The page runs each call with the card's mock host's own `callTool`, as the panel's Tools tab
// does, so it shows in the panel's records. Only the dev page may use these routes: a loopback Host naming this
// port, a card session's token, and on a POST the page's own Origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ManifestTool } from '../contract/types.js';
import { createEventStream, type EventStream } from './event-stream.js';
import { isLoopbackHost, loopbackOrigins } from './loopback-host.js';
import {
  errorResult,
  findMcpTool,
  listMcpTools,
  toMcpResult,
  type HostedCard,
  type McpCallResult,
  type McpToolEntry,
} from './mcp-tools.js';
import { parseJson, readBody } from './request-body.js';

// The page route of the MCP bridge.
const MCP_CARD_PATH = '/__dev/mcp/card';

// A tool result is at most 16 items of 1 MiB each (text or base64), as JSON in one POST.
const BODY_LIMIT = 24 * 1024 * 1024;
const DEFAULT_TOOL_TIMEOUT_MS = 30_000;
// The page's mock host fails the call at the tool's deadline; this is the server's own bound past it.
const DEADLINE_MARGIN_MS = 5_000;

/** Who calls, as the card's `call.agent` shows it. */
interface McpAgent {
  id: string;
  name: string;
}

/** How a call is made: its agent, where its progress messages go, and the client's cancel. */
interface McpCallOptions {
  agent: McpAgent;
  progress?: ((message: string) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/** The cards of the dev pages, their tools, and the calls to them. */
export interface McpCards {
  /** Answers a `/__dev/mcp/card` request; false for any other. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** The tools an agent can call now. */
  list(): McpToolEntry[];
  /** Calls a tool by its full name; resolves with its result, or a failed result (`isError`) saying why. */
  call(fullName: string, args: unknown, options: McpCallOptions): Promise<McpCallResult>;
  /** Listens for changes of the tool list (a card loaded, reloaded, gone, or a tool enabled or disabled). */
  onChange(listener: () => void): () => void;
  /** Ends every page link and fails the calls still running. */
  close(): void;
}

/** What the bridge needs from the dev server. */
export interface McpCardsOptions {
  /** Whether `token` is the session token of a card the dev page hosts (only the page can read them). */
  trusts(token: string | null): boolean;
  /** The page's port. */
  port(): number;
  /** The page's URL, named in messages about a card that is not loaded. */
  pageUrl(): string;
  /** The full names of the served manifest's tools (for a message when no page hosts the card yet). */
  declared(): readonly string[];
  /** Quiet time before a tool list change is announced (ms, default 150; a frame reload is one change, not two). */
  changeDelayMs?: number;
}

interface RunningCall {
  /** The card called. */
  card: string;
  finish(result: McpCallResult): void;
  progress?: ((message: string) => void) | undefined;
}

/** One dev page's stream, and the cards it hosts by name. */
interface PageLink {
  readonly id: string;
  readonly stream: EventStream;
  readonly calls: Map<string, RunningCall>;
  readonly cards: Map<string, CardOnPage>;
}

/** A card as a page reported it, with the page that runs its calls. */
interface CardOnPage extends HostedCard {
  readonly link: PageLink;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readTool(value: unknown): ManifestTool | null {
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.description !== 'string') return null;
  if (!isRecord(value.inputSchema) || value.inputSchema.type !== 'object') return null;
  return value as unknown as ManifestTool;
}

/** A page's report of its card, or null when it is not one: `{name, tools, enabled, loaded}`. */
export function readHostedCard(value: unknown): HostedCard | null {
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.loaded !== 'boolean') return null;
  if (!Array.isArray(value.tools) || !isRecord(value.enabled)) return null;
  const tools = value.tools.map(readTool);
  if (tools.some((tool) => tool === null)) return null;
  const enabled: Record<string, boolean> = {};
  for (const [name, flag] of Object.entries(value.enabled)) {
    if (typeof flag !== 'boolean') return null;
    enabled[name] = flag;
  }
  return { name: value.name, tools: tools as ManifestTool[], enabled, loaded: value.loaded };
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(text);
}

/** Creates the bridge between the MCP endpoint and the cards of the dev pages. */
export function createMcpCards(options: McpCardsOptions): McpCards {
  // Newest first: a page opened later wins a tool name two pages share.
  const links: PageLink[] = [];
  const cardsNow = (): CardOnPage[] => links.flatMap((link) => [...link.cards.values()]);
  const listeners = new Set<() => void>();
  let seq = 0;
  let shown = JSON.stringify(listMcpTools(cardsNow()));
  let changeTimer: NodeJS.Timeout | undefined;
  const changed = (): void => {
    clearTimeout(changeTimer);
    changeTimer = setTimeout(() => {
      const now = JSON.stringify(listMcpTools(cardsNow()));
      if (now === shown) return;
      shown = now;
      for (const listener of [...listeners]) listener();
    }, options.changeDelayMs ?? 150);
  };

  const drop = (link: PageLink, why: (card: string) => string): void => {
    const index = links.indexOf(link);
    if (index >= 0) links.splice(index, 1);
    for (const call of [...link.calls.values()]) call.finish(errorResult(why(call.card)));
    link.stream.close();
    changed();
  };

  const open = (response: ServerResponse): void => {
    seq += 1;
    const link: PageLink = { id: `link-${seq}`, stream: createEventStream(), calls: new Map(), cards: new Map() };
    link.stream.attach(response);
    links.unshift(link);
    response.on('close', () => {
      if (links.includes(link)) {
        drop(link, (card) => `the dev page hosting ${card} closed or reloaded before the card answered`);
      }
    });
    link.stream.send('hello', { link: link.id });
  };

  const take = (link: PageLink, body: Record<string, unknown>): boolean => {
    if (body.state !== undefined) {
      const card = readHostedCard(body.state);
      if (card === null) return false;
      link.cards.set(card.name, { ...card, link });
      changed();
      return true;
    }
    const [kind, value] = Object.entries(body)[0] ?? [];
    if (!isRecord(value) || typeof value.call !== 'string') return false;
    const call = link.calls.get(value.call);
    if (kind === 'progress' && typeof value.message === 'string') call?.progress?.(value.message);
    else if (kind === 'result') call?.finish(toMcpResult(value.result));
    else if (kind === 'error' && typeof value.message === 'string') call?.finish(errorResult(value.message));
    else return false;
    return true;
  };

  const post = async (request: IncomingMessage, response: ServerResponse, linkId: string | null) => {
    const link = links.find((candidate) => candidate.id === linkId);
    if (!link) {
      plain(response, 404, 'no such page link (the page reconnects)\n');
      return;
    }
    const text = await readBody(request, BODY_LIMIT);
    const body = text === null ? undefined : parseJson(text);
    if (!isRecord(body) || !take(link, body)) {
      plain(response, text === null ? 413 : 400, text === null ? 'too large\n' : 'malformed message\n');
      return;
    }
    response.writeHead(204).end();
  };

  return {
    serve(request, response) {
      const url = new URL(request.url ?? '/', 'http://host');
      if (url.pathname !== MCP_CARD_PATH) return false;
      const port = options.port();
      const origin = request.headers.origin;
      const pageOrigin = origin !== undefined && loopbackOrigins(port).includes(origin);
      const trusted =
        isLoopbackHost(request, port) &&
        options.trusts(url.searchParams.get('token')) &&
        (pageOrigin || (origin === undefined && request.method === 'GET'));
      if (!trusted) plain(response, 403, 'only the dev page may use this route\n');
      else if (request.method === 'GET') open(response);
      else if (request.method === 'POST') void post(request, response, url.searchParams.get('link'));
      else response.writeHead(405, { allow: 'GET, POST' }).end();
      return true;
    },
    list: () => listMcpTools(cardsNow()),
    call(fullName, args, { agent, progress, signal }) {
      const found = findMcpTool(cardsNow(), fullName, options.declared(), options.pageUrl());
      if (!found.ok) return Promise.resolve(errorResult(found.message));
      if (signal?.aborted) return Promise.resolve(errorResult(`${fullName} was cancelled by the client`));
      const { link } = found.card;
      seq += 1;
      const id = `mcp-${seq}`;
      return new Promise((resolve) => {
        const onAbort = (): void => {
          link.stream.send('cancel', { call: id });
          finish(errorResult(`${fullName} was cancelled by the client`));
        };
        const finish = (result: McpCallResult): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          link.calls.delete(id);
          resolve(result);
        };
        const waitMs = (found.tool.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS) + DEADLINE_MARGIN_MS;
        const timer = setTimeout(
          () => finish(errorResult(`${fullName} got no answer from the dev page within ${waitMs} ms`)),
          waitMs,
        );
        link.calls.set(id, { card: found.card.name, finish, progress });
        signal?.addEventListener('abort', onAbort, { once: true });
        link.stream.send('call', { call: id, card: found.card.name, tool: found.tool.name, args, agent });
      });
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      for (const link of [...links]) drop(link, () => 'the dev host stopped before the card answered');
      clearTimeout(changeTimer);
      listeners.clear();
    },
  };
}
