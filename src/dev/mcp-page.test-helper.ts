// A dev page's card link to `dev`'s MCP bridge, played over HTTP as dev-host/host/mcp-link.ts plays it: the call
// stream it reads and the posts it makes, for one card (its session under `base` on a canvas).

/** What the page link says of its card. */
export interface McpPageCard {
  /** The card's routes on a canvas (`/__card/<n>`); '' for the one-card page. */
  base?: string;
  name: string;
  tools: unknown[];
}

/** Opens the link of `card` on the dev page at `hostUrl`: the call stream it reads and the posts it makes. */
export async function openMcpPage(hostUrl: string, card: McpPageCard) {
  const sessionUrl = `${hostUrl.slice(0, -1)}${card.base ?? ''}/__dev/session.json`;
  const session = (await (await fetch(sessionUrl)).json()) as { token: string };
  const url = `${hostUrl}__dev/mcp/card?token=${session.token}`;
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: Record<string, unknown> }[] = [];
  let buffer = '';
  const next = async (event: string): Promise<Record<string, unknown>> => {
    for (;;) {
      const index = events.findIndex((entry) => entry.event === event);
      if (index >= 0) return events.splice(index, 1)[0]?.data ?? {};
      const { value, done } = await reader.read();
      if (done) throw new Error('the call stream ended');
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (name && data) events.push({ event: name, data: JSON.parse(data) as Record<string, unknown> });
      }
    }
  };
  const { link } = await next('hello');
  const post = (body: unknown, origin = hostUrl.slice(0, -1)) =>
    fetch(`${url}&link=${String(link)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  const state = (patch: Record<string, unknown> = {}) =>
    post({ state: { name: card.name, tools: card.tools, enabled: {}, loaded: true, ...patch } });
  return { next, post, state, close: () => controller.abort() };
}
