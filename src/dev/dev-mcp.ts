// The MCP side of a dev run: the bridge to the cards of the dev pages (one card, or every card of a canvas), the
// `/mcp` endpoint over it, and what the terminal prints so an agent can be pointed at it.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sdkPackage } from '../cli/sdk-package.js';
import { toolFullName } from '../contract/reserved-names.js';
import type { NormalizedManifest } from '../contract/types.js';
import { createMcpCards } from './mcp-cards.js';
import { createMcpEndpoint, MCP_PATH } from './mcp-endpoint.js';
import { sameSecret } from './same-secret.js';

/** Where an agent reaches the card's tools during `dev`. */
export interface DevMcpAccess {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** The bearer token of this run (a new one each run). */
  readonly token: string;
  /** The server name the printed command gives it: `<card name>-dev` (`neurosquad-canvas-dev` on a canvas). */
  readonly name: string;
}

/** The MCP side of a dev run. */
export interface DevMcp {
  /** Answers `/mcp` and the page's `/__dev/mcp/card` routes; false for any other request. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** The URL, token and name, once the page's port is known. */
  access(): DevMcpAccess;
  /** Closes the sessions and the page links. */
  close(): Promise<void>;
}

/** A card the MCP side serves: the token of its dev page session, and its manifest now. */
export interface DevMcpCard {
  token: string;
  manifest: NormalizedManifest;
}

/** What the MCP side needs from the dev server (or the canvas, for every card on its page). */
export interface DevMcpOptions {
  /** The cards served, in the page's order. */
  cards(): readonly DevMcpCard[];
  /** The server name the printed command gives the endpoint (`<card name>-dev`). */
  name(): string;
  /** The page's port. */
  port(): number;
  /** Writes to the terminal. */
  print(text: string): void;
}

/** The one-line command that adds the endpoint to Claude Code. */
export function claudeMcpAddCommand(access: DevMcpAccess): string {
  return `claude mcp add --transport http ${access.name} ${access.url} --header "Authorization: Bearer ${access.token}"`;
}

/** Creates the MCP side of a dev run, with a fresh bearer token. */
export function createDevMcp(options: DevMcpOptions): DevMcp {
  const token = randomBytes(24).toString('base64url');
  const pageUrl = (): string => `http://127.0.0.1:${options.port()}/`;
  const cards = createMcpCards({
    trusts: (given) => options.cards().some((card) => sameSecret(given, card.token)),
    port: () => options.port(),
    pageUrl,
    declared: () =>
      options.cards().flatMap(({ manifest }) => manifest.tools.map((tool) => toolFullName(manifest.name, tool.name))),
  });
  const endpoint = createMcpEndpoint({
    cards,
    token,
    port: () => options.port(),
    serverName: 'neurosquad-card dev',
    version: sdkPackage().version,
    print: (text) => options.print(text),
  });
  return {
    serve: (request, response) => cards.serve(request, response) || endpoint.serve(request, response),
    access: () => ({ url: `${pageUrl().slice(0, -1)}${MCP_PATH}`, token, name: options.name() }),
    async close() {
      cards.close();
      await endpoint.close();
    },
  };
}
