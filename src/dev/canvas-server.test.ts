// @vitest-environment node
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolders, writeFiles, writeValidCard } from '../cli/test-folders.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startCanvasServer, type CanvasDescription, type CanvasServer } from './canvas-server.js';
import { readEvents } from './dev-events.test-helper.js';
import { openMcpPage } from './mcp-page.test-helper.js';

const { temp } = tempFolders();
const running: CanvasServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

function twoCards() {
  const root = temp();
  const radar = join(root, 'radar');
  const reader = join(root, 'reader');
  writeValidCard(radar, { name: 'radar' });
  writeValidCard(reader, { name: 'reader' });
  return { root, radar, reader, file: join(radar, 'neurosquad-canvas.json') };
}

async function start(folders: string[], canvasFile: string) {
  const printed: string[] = [];
  const pageDir = temp();
  writeFiles(pageDir, { 'index.html': '<!doctype html><title>page</title>' });
  const server = await startCanvasServer({
    folders,
    canvasFile,
    port: 0,
    pageDir,
    build: false,
    out: (text) => void printed.push(text),
  });
  running.push(server);
  return { server, printed: () => printed.join('') };
}

describe('startCanvasServer', () => {
  it('serves each card on its own origin and secret path, its routes under /__card/<n>, the page at /', async () => {
    const { radar, reader, file } = twoCards();
    const { server } = await start([radar, reader], file);
    const description = (await (await fetch(`${server.hostUrl}__dev/canvas.json`)).json()) as CanvasDescription;
    expect(description.cards.map((card) => [card.name, card.base])).toEqual([
      ['radar', '/__card/0'],
      ['reader', '/__card/1'],
    ]);
    const sessions = await Promise.all(
      description.cards.map(async (card) =>
        (await fetch(`${server.hostUrl.slice(0, -1)}${card.base}/__dev/session.json`)).json(),
      ),
    );
    const [first, second] = sessions as { cardUrl: string; cardOrigin: string; folder: string }[];
    expect(first?.folder).toBe(radar);
    expect(second?.folder).toBe(reader);
    expect(first?.cardOrigin).not.toBe(second?.cardOrigin);
    expect(new URL(first?.cardUrl ?? '').pathname.split('/')[1]).not.toBe(
      new URL(second?.cardUrl ?? '').pathname.split('/')[1],
    );
    expect((await fetch(first?.cardUrl ?? '')).status).toBe(200);
    // The CSP report URL of each card points at its own routes on the canvas server.
    const csp = (await fetch(second?.cardUrl ?? '')).headers.get('content-security-policy');
    expect(csp).toContain(`${server.hostUrl}__card/1/__dev/csp?token=`);
    expect(await (await fetch(server.hostUrl)).text()).toContain('<title>page</title>');
  });

  it('prints findings for a bad layout file (file and path) and keeps the rest', async () => {
    const { radar, reader, file } = twoCards();
    writeFileSync(
      file,
      JSON.stringify({
        cards: [{ folder: '../reader' }, { builtin: 'note', id: 'note-1' }, { builtin: 'slate', id: 's' }],
        arrows: [
          { from: 'radar', to: 'note-1' },
          { from: 'radar', to: 'nobody' },
        ],
      }),
    );
    const { server, printed } = await start([radar], file);
    expect(printed()).toContain(`${file} cards[2].builtin: must be one of`);
    expect(printed()).toContain(`${file} arrows[1].to: names no card on the canvas ("nobody"`);
    const description = server.description();
    expect(description.cards.map((card) => card.folder)).toEqual([radar, reader]);
    expect(description.builtins).toEqual([{ builtin: 'note', id: 'note-1' }]);
    expect(description.arrows).toEqual([{ from: 'radar', to: 'note-1' }]);
  });

  it('writes the layout the page posts (origin and token checked), folders relative to the file', async () => {
    const { radar, reader, file } = twoCards();
    const { server } = await start([radar, reader], file);
    const { token } = server.description();
    const origin = new URL(server.hostUrl).origin;
    const body = JSON.stringify({
      cards: [
        { name: 'radar', x: 5, y: 6 },
        { name: 'reader' },
        { builtin: 'note', id: 'note-1', state: { text: 'hi' } },
      ],
      arrows: [
        { from: 'radar', to: 'reader' },
        { from: 'reader', to: 'note-1' },
      ],
    });
    const post = (query: string, headers: Record<string, string>) =>
      fetch(`${server.hostUrl}__dev/canvas${query}`, { method: 'POST', headers, body }).then((r) => r.status);
    expect(await post(`?token=${token}`, {})).toBe(403);
    expect(await post('?token=wrong', { origin })).toBe(403);
    expect(await post(`?token=${token}`, { origin: 'http://evil.example' })).toBe(403);
    // What holds the token is not given to another site's page, nor is a card's session.
    for (const path of ['__dev/canvas.json', '__card/0/__dev/session.json']) {
      const read = await fetch(`${server.hostUrl}${path}`, { headers: { origin: 'http://evil.example' } });
      expect(read.status, path).toBe(403);
      expect((await fetch(`${server.hostUrl}${path}`, { headers: { origin } })).status, path).toBe(200);
    }
    expect(await post(`?token=${token}`, { origin })).toBe(204);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      cards: [
        { folder: '.', x: 5, y: 6 },
        { folder: '../reader' },
        { builtin: 'note', id: 'note-1', state: { text: 'hi' } },
      ],
      arrows: [
        { from: 'radar', to: 'reader' },
        { from: 'reader', to: 'note-1' },
      ],
    });
    const bad = await fetch(`${server.hostUrl}__dev/canvas?token=${token}`, {
      method: 'POST',
      headers: { origin },
      body: JSON.stringify({ cards: [], arrows: [{ from: 'radar', to: 'ghost' }] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('arrows[0].to');
  });
});

describe('the canvas over MCP', () => {
  it('serves every card’s tools at one /mcp through the page’s one link, and refuses a stranger', async () => {
    const root = temp();
    const tool = (name: string) => ({
      name,
      description: `Does ${name}.`,
      inputSchema: { type: 'object', properties: {} },
    });
    writeValidCard(join(root, 'radar'), { name: 'radar', tools: [tool('scan')] });
    writeValidCard(join(root, 'reader'), { name: 'reader', tools: [tool('read_doc')] });
    const { server } = await start([join(root, 'radar'), join(root, 'reader')], join(root, 'canvas.json'));
    expect(server.mcp.url).toBe(`${server.hostUrl}mcp`);
    expect(server.mcp.name).toBe('neurosquad-canvas-dev');

    const client = new Client({ name: 'canvas-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.mcp.url), {
        requestInit: { headers: { authorization: `Bearer ${server.mcp.token}` } },
      }),
    );
    // The page's one link (made with the first card's session), reporting both cards.
    const page = await openMcpPage(server.hostUrl, { base: '/__card/0', name: 'radar', tools: [tool('scan')] });
    try {
      expect((await page.state()).status).toBe(204);
      const reader = { name: 'reader', tools: [tool('read_doc')], enabled: {}, loaded: true };
      expect((await page.post({ state: reader })).status).toBe(204);
      await expect
        .poll(async () => (await client.listTools()).tools.map((each) => each.name).sort())
        .toEqual(['radar_scan', 'reader_read_doc']);

      // A call names the card it is for; its answer comes back.
      const calling = client.callTool({ name: 'reader_read_doc', arguments: {} });
      const call = await page.next('call');
      expect(call).toMatchObject({ card: 'reader', tool: 'read_doc', agent: { name: 'canvas-agent' } });
      await page.post({ result: { call: call.call, result: { content: [{ type: 'text', text: 'read' }] } } });
      expect(await calling).toEqual({ content: [{ type: 'text', text: 'read' }] });

      // A page that goes away mid-call ends it, naming the card.
      const orphan = client.callTool({ name: 'radar_scan', arguments: {} });
      expect(await page.next('call')).toMatchObject({ card: 'radar' });
      page.close();
      expect(await orphan).toEqual({
        content: [{ type: 'text', text: 'the dev page hosting radar closed or reloaded before the card answered' }],
        isError: true,
      });
    } finally {
      page.close();
      await client.close();
    }

    // The second card's session token opens a link too; the canvas's own token (the layout's) does not.
    const session = (await (await fetch(`${server.hostUrl}__card/1/__dev/session.json`)).json()) as { token: string };
    const second = new AbortController();
    const linked = await fetch(`${server.hostUrl}__dev/mcp/card?token=${session.token}`, { signal: second.signal });
    expect(linked.status).toBe(200);
    second.abort();
    expect((await fetch(`${server.hostUrl}__dev/mcp/card?token=${server.description().token}`)).status).toBe(403);
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    expect((await fetch(server.mcp.url, { method: 'POST', headers, body: list })).status).toBe(401);
    // A card's own routes carry no second endpoint (a POST there is not allowed, a GET not found).
    const mounted = await fetch(`${server.hostUrl}__card/0/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${server.mcp.token}` },
      body: list,
    });
    expect(mounted.status).toBe(405);
    expect((await fetch(`${server.hostUrl}__card/0/mcp`)).status).toBe(404);
  });
});

describe('the canvas’s one event stream', () => {
  it('relays every card’s events tagged with its index, to the page that has the canvas token only', async () => {
    const { radar, reader, file } = twoCards();
    const { server } = await start([radar, reader], file);
    const { token } = server.description();
    const events = await readEvents(`${server.hostUrl}__dev/canvas-events?token=${token}`, 2, () => {
      server.cards[1]?.server.reload('reader saved');
      server.cards[0]?.server.reload('radar saved');
    });
    expect(events).toEqual([
      { event: 'reload', data: { card: 1, data: { reason: 'reader saved' } } },
      { event: 'reload', data: { card: 0, data: { reason: 'radar saved' } } },
    ]);
    expect((await fetch(`${server.hostUrl}__dev/canvas-events?token=wrong`)).status).toBe(403);
    expect((await fetch(`${server.hostUrl}__dev/canvas-events`)).status).toBe(403);
  });
});
