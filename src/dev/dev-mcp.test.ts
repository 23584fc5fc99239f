// @vitest-environment node
// `dev`'s MCP endpoint against the real dev server, with the MCP SDK's own client, and a page played over HTTP as
// the dev page's link does (dev-host/host/mcp-link.ts): the refusals, the list as cards come and go, calls with
// progress, errors, a disabled tool, a page that goes away mid-call. dev.e2e.test.ts runs it with a real card.
import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolders, writeValidCard } from '../cli/test-folders.js';
import { claudeMcpAddCommand } from './dev-mcp.js';
import { startDevServer, type DevServer } from './dev-server.js';
import { openMcpPage } from './mcp-page.test-helper.js';

const { temp } = tempFolders();
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

const TOOLS = [
  {
    name: 'run_tests',
    title: 'Run tests',
    description: 'Runs the tests.',
    inputSchema: { type: 'object', properties: { filter: { type: 'string' } } },
    readOnly: true,
  },
  { name: 'fail', description: 'Always fails.', inputSchema: { type: 'object', properties: {} } },
];

async function start(): Promise<DevServer> {
  const folder = temp();
  writeValidCard(folder, { tools: TOOLS });
  const server = await startDevServer({ folder, port: 0, pageDir: temp(), build: false, out: () => undefined });
  closing.push(() => server.close());
  return server;
}

async function connect(server: DevServer, name = 'test-agent') {
  const client = new Client({ name, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(server.mcp.url), {
    requestInit: { headers: { authorization: `Bearer ${server.mcp.token}` } },
  });
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void (changes += 1));
  await client.connect(transport);
  closing.push(() => client.close());
  return { client, changes: () => changes };
}

/** The dev page's link of the one card, played over HTTP. */
const openPage = (server: DevServer) => openMcpPage(server.hostUrl, { name: 'test-radar', tools: TOOLS });

/** One raw request, with any Host and Origin (fetch would not send a foreign Host). */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port,
        path: pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  });
}

describe('dev: the card tools over MCP', () => {
  it('prints a Claude Code command with the URL and the token', async () => {
    const server = await start();
    expect(server.mcp.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.mcp.token).toMatch(/^[\w-]{32}$/);
    expect(claudeMcpAddCommand(server.mcp)).toBe(
      `claude mcp add --transport http test-radar-dev ${server.mcp.url} --header "Authorization: Bearer ${server.mcp.token}"`,
    );
  });

  it('refuses a foreign Host or Origin (403) and a missing or wrong token (401)', async () => {
    const server = await start();
    const port = new URL(server.mcp.url).port;
    const bearer = { authorization: `Bearer ${server.mcp.token}` };
    const rebound = await raw(server.mcp.url, { ...bearer, host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('forbidden Host');
    const foreign = await raw(server.mcp.url, { ...bearer, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('forbidden Origin https://evil.example');
    expect((await raw(server.mcp.url, { ...bearer, origin: 'null' })).status).toBe(403);
    expect((await raw(server.mcp.url, {})).status).toBe(401);
    expect((await raw(server.mcp.url, { authorization: 'Bearer nope' })).status).toBe(401);
    // The page routes of the bridge take the page's token and Origin, not the agent's.
    expect((await fetch(`${server.hostUrl}__dev/mcp/card?token=${server.mcp.token}`)).status).toBe(403);
    const page = await openPage(server);
    expect((await page.post({ state: {} }, 'https://evil.example')).status).toBe(403);
    page.close();
  });

  it('lists the tools of a loaded card, calls them through the page with progress, and fails clearly', async () => {
    const server = await start();
    const { client, changes } = await connect(server);
    expect((await client.listTools()).tools).toEqual([]);
    const early = await client.callTool({ name: 'test_radar_run_tests', arguments: {} });
    expect(early.isError).toBe(true);
    expect(early.content).toEqual([
      {
        type: 'text',
        text: `the card of test_radar_run_tests is not loaded: no dev page hosts it; open ${server.hostUrl} and call again`,
      },
    ]);

    const page = await openPage(server);
    expect((await page.state()).status).toBe(204);
    await expect.poll(changes).toBe(1);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['test_radar_run_tests', 'test_radar_fail']);
    expect(tools[0]).toMatchObject({
      title: 'Run tests',
      description: 'Runs the tests.',
      inputSchema: TOOLS[0]?.inputSchema,
      annotations: { title: 'Run tests', readOnlyHint: true },
    });

    // A call reaches the page with its tool, arguments and agent; progress and the result come back.
    const progress: string[] = [];
    const calling = client.callTool({ name: 'test_radar_run_tests', arguments: { filter: 'auth' } }, undefined, {
      onprogress: (note) => void progress.push(`${note.progress} ${note.message ?? ''}`),
    });
    const call = await page.next('call');
    expect(call).toMatchObject({ tool: 'run_tests', args: { filter: 'auth' }, agent: { name: 'test-agent' } });
    await page.post({ progress: { call: call.call, message: 'running…' } });
    await page.post({ progress: { call: call.call, message: 'half done' } });
    await page.post({ result: { call: call.call, result: { content: [{ type: 'text', text: '3 passed' }] } } });
    expect(await calling).toEqual({ content: [{ type: 'text', text: '3 passed' }] });
    expect(progress).toEqual(['1 running…', '2 half done']);

    // The card's error is an isError result with its message.
    const failing = client.callTool({ name: 'test_radar_fail', arguments: {} });
    const second = await page.next('call');
    await page.post({ error: { call: second.call, message: 'boom: the card says no' } });
    expect(await failing).toEqual({ content: [{ type: 'text', text: 'boom: the card says no' }], isError: true });

    // A tool the card disables leaves the list and answers why.
    await page.state({ enabled: { fail: false } });
    await expect.poll(changes).toBe(2);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['test_radar_run_tests']);
    const disabled = await client.callTool({ name: 'test_radar_fail', arguments: {} });
    expect(disabled).toMatchObject({ isError: true });
    expect(JSON.stringify(disabled.content)).toContain(
      "the card test-radar disabled test_radar_fail (tools.setEnabled('fail', false))",
    );
    const unknown = await client.callTool({ name: 'test_radar_nothing', arguments: {} });
    expect(JSON.stringify(unknown.content)).toContain(
      "no tool test_radar_nothing (the card's tools: test_radar_fail, test_radar_run_tests)",
    );

    // A frame that reloads takes its tools away; a page that goes away ends its running call.
    await page.state({ loaded: false });
    await expect.poll(changes).toBe(3);
    expect((await client.listTools()).tools).toEqual([]);
    await page.state({ loaded: true });
    await expect.poll(changes).toBe(4);
    const orphan = client.callTool({ name: 'test_radar_run_tests', arguments: {} });
    await page.next('call');
    page.close();
    expect(await orphan).toEqual({
      content: [{ type: 'text', text: 'the dev page hosting test-radar closed or reloaded before the card answered' }],
      isError: true,
    });
    await expect.poll(changes).toBe(5);
  });

  it('passes a client cancel on to the page', async () => {
    const server = await start();
    const { client } = await connect(server);
    const page = await openPage(server);
    await page.state();
    await expect.poll(async () => (await client.listTools()).tools.length).toBe(2);
    const controller = new AbortController();
    const calling = client.callTool({ name: 'test_radar_run_tests', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    const call = await page.next('call');
    controller.abort();
    await expect(calling).rejects.toThrow();
    expect(await page.next('cancel')).toEqual({ call: call.call });
    page.close();
  });
});
