// @vitest-environment node
// A real agent's view of `neurosquad-card dev`: the MCP SDK's own client, over Streamable HTTP, calls the tools of
// the vanilla template card running in its sandboxed frame in Chromium. The call goes to the page and through the
// mock host to the card's handler, as the panel's calls do, and shows in the panel's records.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startDev, setUpDevFixtures, type DevFixtures } from './dev-e2e.test-helper.js';

let fixtures: DevFixtures;
let browser: Browser;

setUpDevFixtures(['vanilla'], (built, launched) => {
  fixtures = built;
  browser = launched;
});

const COUNT_SCHEMA = {
  type: 'object',
  properties: { to: { type: 'integer', minimum: 1, maximum: 5 } },
  required: ['to'],
};

/** Three tools beside the template's squad_summary: one with progress, one that throws, one that disables it. */
function addTools(folder: string): void {
  const manifestPath = join(folder, 'neurosquad-card.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { tools: unknown[] };
  manifest.tools.push(
    {
      name: 'count_up',
      title: 'Count up',
      description: 'Counts to a number, step by step.',
      inputSchema: COUNT_SCHEMA,
    },
    { name: 'explode', description: 'Always fails.', inputSchema: { type: 'object', properties: {} } },
    { name: 'hide_explode', description: 'Disables explode.', inputSchema: { type: 'object', properties: {} } },
  );
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  const mainPath = join(folder, 'src', 'main.js');
  const handlers = `
  card.tools.handle('count_up', async ({ to }, call) => {
    for (let step = 1; step <= to; step += 1) {
      call.progress('step ' + step + ' of ' + to);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return 'counted to ' + to + ' for ' + call.agent.name;
  });
  card.tools.handle('explode', () => {
    throw new Error('the reactor is offline');
  });
  card.tools.handle('hide_explode', async () => {
    await card.tools.setEnabled('explode', false);
    return 'explode is off';
  });`;
  const main = readFileSync(mainPath, 'utf8');
  writeFileSync(mainPath, main.replace('await squad.start();', `await squad.start();${handlers}`));
}

const texts = (result: unknown): string[] =>
  (result as { content: { type: string; text?: string }[] }).content.map((item) => item.text ?? item.type);

describe('neurosquad-card dev serves the card tools over MCP', () => {
  it('lists them with their schemas, calls the handler with progress, errors and disabling, refuses strangers', async () => {
    const folder = fixtures.cards.vanilla;
    addTools(folder);
    const dev = await startDev(folder, fixtures.pageDir);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
    try {
      const printed = dev.output();
      const url = /tools over MCP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(printed)?.[1] ?? '';
      const token = /--header "Authorization: Bearer ([\w-]+)"/.exec(printed)?.[1] ?? '';
      expect(printed).toContain(`claude mcp add --transport http vanilla-squad-dev ${url} --header`);

      // Strangers: a page of another site (its Origin), a client without the token.
      const listBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const foreign = await fetch(url, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}`, origin: 'https://evil.example' },
        body: listBody,
      });
      expect(foreign.status).toBe(403);
      expect((await fetch(url, { method: 'POST', headers, body: listBody })).status).toBe(401);

      let changes = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void (changes += 1));
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      // No page yet: no card, no tools; opening the page loads the card and the list changes.
      expect((await client.listTools()).tools).toEqual([]);
      await page.goto(dev.hostUrl);
      await page
        .frameLocator('iframe[title="Card frame"]')
        .getByText('No agents connected')
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => changes, { timeout: 10_000 }).toBeGreaterThan(0);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'vanilla_squad_squad_summary',
        'vanilla_squad_count_up',
        'vanilla_squad_explode',
        'vanilla_squad_hide_explode',
      ]);
      expect(tools[0]).toMatchObject({
        title: 'Squad summary',
        description: 'Returns a Markdown summary of the agents connected to this card and their status.',
        inputSchema: { type: 'object', properties: {} },
        annotations: { title: 'Squad summary', readOnlyHint: true },
      });
      expect(tools[1]?.inputSchema).toEqual(COUNT_SCHEMA);

      // The card's handler answers; its progress arrives as notifications.
      const summary = await client.callTool({ name: 'vanilla_squad_squad_summary', arguments: {} });
      expect(texts(summary)).toEqual(['## Squad status\n\nNo agents are connected.\n']);
      const progress: string[] = [];
      const counted = await client.callTool({ name: 'vanilla_squad_count_up', arguments: { to: 3 } }, undefined, {
        onprogress: (note) => void progress.push(`${note.progress}: ${note.message ?? ''}`),
      });
      expect(texts(counted)).toEqual(['counted to 3 for e2e-agent']);
      expect(counted.isError).toBeFalsy();
      expect(progress).toEqual(['1: step 1 of 3', '2: step 2 of 3', '3: step 3 of 3']);

      // A thrown error is an isError result with the card's message; bad arguments are refused by the schema.
      const exploded = await client.callTool({ name: 'vanilla_squad_explode', arguments: {} });
      expect(exploded.isError).toBe(true);
      expect(texts(exploded)).toEqual(['the reactor is offline']);
      const invalid = await client.callTool({ name: 'vanilla_squad_count_up', arguments: { to: 9 } });
      expect(invalid.isError).toBe(true);
      expect(texts(invalid)[0]).toMatch(/^mock host: invalid tool args — \/to: /);

      // The calls show in the panel's records, with the agent that made them.
      await page.getByRole('tab', { name: 'Records' }).click();
      await page.getByRole('combobox', { name: 'Record' }).selectOption('Events');
      const events = page.getByRole('region', { name: 'Events' });
      await expect.poll(() => events.innerText()).toContain('"tool": "count_up", "args": { "to": 3 }');
      expect(await events.innerText()).toMatch(/"agent": { "id": "mcp-[\w-]+", "name": "e2e-agent" }/);

      // The card disables a tool: the list changes and a call answers why.
      const before = changes;
      expect(texts(await client.callTool({ name: 'vanilla_squad_hide_explode', arguments: {} }))).toEqual([
        'explode is off',
      ]);
      await expect.poll(() => changes, { timeout: 10_000 }).toBeGreaterThan(before);
      expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('vanilla_squad_explode');
      const disabled = await client.callTool({ name: 'vanilla_squad_explode', arguments: {} });
      expect(disabled.isError).toBe(true);
      expect(texts(disabled)[0]).toContain("disabled vanilla_squad_explode (tools.setEnabled('explode', false))");
      await expect.poll(() => dev.output()).toMatch(/mcp e2e-agent → vanilla_squad_count_up \{"to":3\} ✔ \(\d+ ms\)\n/);

      // The page closes: the card is gone, and so are its tools.
      const closing = changes;
      await page.close();
      await expect.poll(() => changes, { timeout: 10_000 }).toBeGreaterThan(closing);
      expect((await client.listTools()).tools).toEqual([]);
      const gone = await client.callTool({ name: 'vanilla_squad_squad_summary', arguments: {} });
      expect(texts(gone)[0]).toContain('the card of vanilla_squad_squad_summary is not loaded: no dev page hosts it');
    } finally {
      await client.close();
      if (!page.isClosed()) await page.close();
      dev.press('q');
      await dev.exited;
    }
  }, 240_000);
});
