// The card tools `dev` serves over MCP, as the app exposes them to agents: the full name `<card_name>_<tool>`,
// title, description, input schema and the read-only hint; which of them an agent can call now; and the shape of
// a call's result. Pure: the cards come from the dev pages (mcp-cards.ts), the MCP server is mcp-endpoint.ts.
import { toolFullName } from '../contract/reserved-names.js';
import type { ManifestTool } from '../contract/types.js';

/** One card as a dev page hosts it: its manifest's tools, what it disabled, whether its frame is running. */
export interface HostedCard {
  /** The card's package name (the manifest's `name`). */
  name: string;
  /** The manifest's tools. */
  tools: readonly ManifestTool[];
  /** Tool name → the card's last `tools.setEnabled` for it (absent: enabled). */
  enabled: Readonly<Record<string, boolean>>;
  /** The card's frame is loaded and was handed its host port. */
  loaded: boolean;
}

/** A tool as MCP `tools/list` lists it. */
export interface McpToolEntry {
  name: string;
  title?: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  annotations?: { title?: string; readOnlyHint?: boolean };
}

/** A tool as an agent names it, on the card that answers it. */
interface ToolTarget<Card extends HostedCard> {
  card: Card;
  tool: ManifestTool;
}

/** What a call to a full name meets: the tool to call, or why it cannot be called (a message for the agent). */
export type ToolLookup<Card extends HostedCard> = ({ ok: true } & ToolTarget<Card>) | { ok: false; message: string };

/** The MCP entry of one card tool. */
export function mcpToolEntry(cardName: string, tool: ManifestTool): McpToolEntry {
  const entry: McpToolEntry = {
    name: toolFullName(cardName, tool.name),
    description: tool.description,
    inputSchema: tool.inputSchema as McpToolEntry['inputSchema'],
  };
  const annotations: NonNullable<McpToolEntry['annotations']> = {};
  if (tool.title !== undefined) {
    entry.title = tool.title;
    annotations.title = tool.title;
  }
  if (tool.readOnly !== undefined) annotations.readOnlyHint = tool.readOnly;
  if (Object.keys(annotations).length > 0) entry.annotations = annotations;
  return entry;
}

/** Every tool of the cards by its full name, the first card (the newest page) winning a name two cards share. */
function byFullName<Card extends HostedCard>(cards: readonly Card[]): Map<string, ToolTarget<Card>> {
  const found = new Map<string, ToolTarget<Card>>();
  for (const card of cards) {
    for (const tool of card.tools) {
      const name = toolFullName(card.name, tool.name);
      if (!found.has(name)) found.set(name, { card, tool });
    }
  }
  return found;
}

const callable = (target: ToolTarget<HostedCard>): boolean =>
  target.card.loaded && target.card.enabled[target.tool.name] !== false;

/** The tools an agent can call now (`tools/list`): those of loaded cards that the card did not disable. */
export function listMcpTools(cards: readonly HostedCard[]): McpToolEntry[] {
  return [...byFullName(cards).values()].filter(callable).map((target) => mcpToolEntry(target.card.name, target.tool));
}

/**
 * Finds the tool an agent calls by its full name. `declared` (the served manifest's tools, by full name) lets a
 * call to a card no page hosts yet say so instead of "unknown tool"; `pageUrl` is where the author opens it.
 */
export function findMcpTool<Card extends HostedCard>(
  cards: readonly Card[],
  fullName: string,
  declared: readonly string[],
  pageUrl: string,
): ToolLookup<Card> {
  const target = byFullName(cards).get(fullName);
  if (target === undefined) {
    if (declared.includes(fullName)) {
      return {
        ok: false,
        message: `the card of ${fullName} is not loaded: no dev page hosts it; open ${pageUrl} and call again`,
      };
    }
    const known = [...new Set([...byFullName(cards).keys(), ...declared])].sort();
    return {
      ok: false,
      message: `no tool ${fullName} (the card's tools: ${known.length === 0 ? 'none' : known.join(', ')})`,
    };
  }
  if (!target.card.loaded) {
    return {
      ok: false,
      message: `the card ${target.card.name} is not loaded (its frame is loading or reloading); call ${fullName} again once it shows on ${pageUrl}`,
    };
  }
  if (target.card.enabled[target.tool.name] === false) {
    return {
      ok: false,
      message: `the card ${target.card.name} disabled ${fullName} (tools.setEnabled('${target.tool.name}', false)); it is callable again once the card enables it`,
    };
  }
  return { ok: true, ...target };
}

/** An MCP `tools/call` result. */
export interface McpCallResult {
  [key: string]: unknown;
  content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string })[];
  isError?: boolean;
}

/** The result an agent gets for a message: a failed call (`isError`) with the message as its text. */
export function errorResult(message: string): McpCallResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * The card's `tools.respond` result as an MCP result: text and image items as they are, `isError` when the card
 * set it. Anything that is not a tool result (the page sent something else) is a failed call saying so.
 */
export function toMcpResult(payload: unknown): McpCallResult {
  const content = (payload as { content?: unknown } | null)?.content;
  if (!Array.isArray(content) || content.length === 0) return errorResult('the card answered no tool result');
  const items: McpCallResult['content'] = [];
  for (const item of content as unknown[]) {
    const value = (item ?? {}) as Record<string, unknown>;
    if (value.type === 'text' && typeof value.text === 'string') items.push({ type: 'text', text: value.text });
    else if (value.type === 'image' && typeof value.data === 'string' && typeof value.mimeType === 'string')
      items.push({ type: 'image', data: value.data, mimeType: value.mimeType });
    else return errorResult('the card answered a tool result item that is neither text nor an image');
  }
  return (payload as { isError?: unknown }).isError === true ? { content: items, isError: true } : { content: items };
}
