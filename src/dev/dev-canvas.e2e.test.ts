// @vitest-environment node
// `neurosquad-card dev` as a canvas, end to end in real Chromium: both template cards and two cards of the test's
// own on one page, each in its own sandboxed frame, joined by arrows from the layout file and one drawn in the
// page; values, a retained value, a request and a refusal cross, the terminal and the timeline show them (with
// each card's calls and findings, filtered by an arrow), and an agent calls a card's tool over the canvas's MCP;
// an arrow drawn by dragging, routed round the cards between; after a restart the layout and each card's storage
// come back.
// Set CANVAS_SHOTS=<folder> to keep the light and dark screenshots there (the README's come from this).
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeValidCard } from '../cli/test-folders.js';
import type { TrafficEntry } from './canvas-router.js';
import { startDev, setUpDevFixtures, type DevFixtures } from './dev-e2e.test-helper.js';

let fixtures: DevFixtures;
let browser: Browser;

setUpDevFixtures(undefined, (built, launched) => {
  fixtures = built;
  browser = launched;
});

/** A card of the test's own, with the vanilla card's vendored SDK and `script` as its module. */
function ownCard(name: string, ports: unknown, script: string, permissions: string[] = []): string {
  const folder = join(fixtures.work, name);
  writeValidCard(folder, {
    name,
    displayName: name,
    permissions,
    settings: [],
    tools: [],
    ports,
    card: { defaultSize: { w: 300, h: 160 } },
  });
  cpSync(join(fixtures.cards.vanilla, 'vendor'), join(folder, 'vendor'), { recursive: true });
  cpSync(join(fixtures.cards.vanilla, 'vendor', 'ui.css'), join(folder, 'ui.css'));
  writeFileSync(join(folder, 'style.css'), '@import "./ui.css";\nmain { padding: 12px; }\n');
  writeFileSync(join(folder, 'main.js'), `import { connect } from './vendor/card-sdk/client.js';\n${script}`);
  return folder;
}

const READER = `
const card = await connect();
const root = document.getElementById('root');
card.ports.onMessage((data, message) => {
  root.textContent = 'Last from ' + message.from + ' (' + message.sourceType + ' → ' + message.type + '): ' + String(data).slice(0, 120);
  card.log.info('got ' + message.input + ' ' + message.type + ' from ' + message.from + ' ' + message.sourceType + ' ' + JSON.stringify(data).slice(0, 60));
  void card.ports.emit('echo', 'echo');
});
card.ports.onRequest('ask', (question) => ({ answer: String(question).toUpperCase() }));
root.textContent = 'Waiting for Markdown…';
card.log.info('reader ready');
`;

const COUNTER = `
const card = await connect();
const root = document.getElementById('root');
root.textContent = 'Count 7 (retained)';
await card.ports.emit('count', 7);
card.log.info('counter emitted');
const runs = (await card.storage.get('runs', 0)) + 1;
await card.storage.set('runs', runs);
card.log.info('runs ' + runs);
card.ports.onPeersChanged((peers) => {
  if (!peers.some((peer) => peer.cardId === 'md-reader')) return;
  card.ports.request('md-reader', 'ask', 'hello').then(
    (answer) => {
      root.textContent = 'Count 7 · md-reader answered ' + JSON.stringify(answer);
      card.log.info('answer ' + JSON.stringify(answer));
    },
    (error) => card.log.error('ask failed ' + error.message),
  );
  card.terminals.run('terminal-1', 'npm test').then(
    (run) => card.log.info('run exit ' + run.exitCode + ' ' + run.output),
    (error) => card.log.error('run failed ' + error.message),
  );
});
`;

describe('neurosquad-card dev on a canvas', () => {
  it('routes emits, a retained value, a request and a refusal between real cards, in the terminal and the timeline', async () => {
    const vanilla = fixtures.cards.vanilla;
    ownCard(
      'md-reader',
      {
        inputs: [
          { id: 'doc', label: 'Doc', type: 'ns:markdown', default: true },
          { id: 'ask', label: 'Ask', type: 'ns:text', mode: 'request', response: { type: 'ns:json' } },
        ],
        outputs: [{ id: 'echo', label: 'Echo', type: 'ns:markdown' }],
      },
      READER,
    );
    ownCard('md-counter', { outputs: [{ id: 'count', label: 'Count', type: 'ns:number', retain: true }] }, COUNTER, [
      'terminals.write',
    ]);
    const canvasFile = join(vanilla, 'neurosquad-canvas.json');
    writeFileSync(
      canvasFile,
      JSON.stringify({
        cards: [
          { folder: '../react-card' },
          { folder: '../md-reader', x: 24, y: 420 },
          { folder: '../md-counter', x: 400, y: 420 },
          { builtin: 'note', id: 'note-1', x: 1000, y: 24 },
          { builtin: 'terminal', id: 'terminal-1', x: 760, y: 420 },
        ],
        arrows: [
          { from: 'vanilla-squad', to: 'md-reader' },
          { from: 'react-squad', to: 'note-1' },
          { from: 'md-reader', to: 'note-1' },
        ],
      }),
    );
    // A storage file the reader cannot use: reported with its path, left as it is, the card starts empty.
    const badStorage = join(fixtures.work, 'md-reader', '.neurosquad-storage.json');
    writeFileSync(badStorage, '{"instance": ');
    const keptStorage = join(fixtures.work, 'md-counter', '.neurosquad-storage.json');
    const storedRuns = () =>
      existsSync(keptStorage)
        ? (JSON.parse(readFileSync(keptStorage, 'utf8')) as { instance: { runs?: number } })
        : null;
    const dev = await startDev(vanilla, fixtures.pageDir);
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
    try {
      expect(dev.output()).toMatch(/canvas of 4 cards on the dev host/);
      await page.goto(dev.hostUrl);
      // Each card in its own sandboxed frame, from its own origin and secret path.
      const frames = page.locator('iframe[title="Card frame"]');
      await expect.poll(() => frames.count(), { timeout: 60_000 }).toBe(4);
      const sources = await frames.evaluateAll((all) => all.map((frame) => frame.getAttribute('src') ?? ''));
      expect(new Set(sources.map((src) => new URL(src).origin)).size).toBe(4);
      expect(new Set(sources.map((src) => new URL(src).pathname.split('/')[1])).size).toBe(4);
      await dev.waitForOutput(/\[md-reader\] .*reader ready/, 60_000);
      await dev.waitForOutput(/\[md-counter\] .*counter emitted/, 60_000);
      await dev.waitForOutput(/\[md-counter\] .*runs 1/, 60_000);
      await expect.poll(storedRuns, { timeout: 10_000 }).toEqual({ instance: { runs: 1 }, package: {} });
      expect(dev.output()).toMatch(/\[md-reader\] .*\.neurosquad-storage\.json has problems/);
      expect(dev.output()).toMatch(/\[md-reader\] .*✖ .*\.neurosquad-storage\.json \$: is not JSON/);
      expect(readFileSync(badStorage, 'utf8')).toBe('{"instance": ');

      // The vanilla template sends its summary to the reader's ns:markdown input.
      const squad = page.getByRole('region', { name: 'Canvas card vanilla-squad' }).frameLocator('iframe');
      await squad.getByRole('button', { name: 'Send summary' }).click({ timeout: 60_000 });
      await dev.waitForOutput(/\[md-reader\] .*got doc ns:markdown from vanilla-squad ns:markdown "/);
      // The reader's echo to the note is skipped: it lacks cards.connected; the SDK's warning reaches the terminal.
      const warned = await dev.waitForOutput(/\[md-reader\] [^\n]*finding \(warning\)[^\n]*skipped note-1[^\n]*/);
      expect(warned).toMatch(/\[md-reader\] [^\n]*"cards\.connected" permission/);

      // The terminal on the canvas answers the next command as set: exit 1 with the failing test's output.
      const terminal = page.getByRole('region', { name: 'Canvas card terminal-1' });
      await terminal.getByLabel('Next exit code').fill('1');
      await terminal.getByLabel('Next output').fill('1 failing: pays with a saved card');
      await terminal.getByRole('button', { name: 'Set next answer' }).click();

      // An arrow drawn in the page: the counter's retained 7 reaches the reader, converted to Markdown, the
      // counter's request gets its answer and its terminals.run the scripted failure.
      const arrows = page.getByRole('group', { name: 'Arrows' });
      await arrows.getByRole('combobox', { name: 'Arrow from' }).selectOption('md-counter');
      await arrows.getByRole('combobox', { name: 'Arrow to' }).selectOption('md-reader');
      await arrows.getByRole('button', { name: 'Add arrow' }).click();
      await dev.waitForOutput(/\[md-reader\] .*got doc ns:markdown from md-counter ns:number "7"/);
      await dev.waitForOutput(/\[md-counter\] .*answer \{"answer":"HELLO"\}/);
      await dev.waitForOutput(/\[md-counter\] .*run exit 1 1 failing: pays with a saved card/);
      await terminal.getByText('$ npm test → exit 1 · 1 failing: pays with a saved card').waitFor();
      await expect
        .poll(() => (JSON.parse(readFileSync(canvasFile, 'utf8')) as { arrows: unknown[] }).arrows)
        .toContainEqual({ from: 'md-counter', to: 'md-reader' });

      // An agent calls a card's tool over the canvas's one MCP endpoint; the call is on the timeline.
      const printed = dev.output();
      const url = /every card's tools over MCP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(printed)?.[1] ?? '';
      const token = /--header "Authorization: Bearer ([\w-]+)"/.exec(printed)?.[1] ?? '';
      expect(printed).toContain(`claude mcp add --transport http neurosquad-canvas-dev ${url} --header`);
      const agent = new Client({ name: 'canvas-agent', version: '1.0.0' });
      await agent.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      try {
        await expect
          .poll(async () => (await agent.listTools()).tools.map((tool) => tool.name), { timeout: 10_000 })
          .toEqual(expect.arrayContaining(['vanilla_squad_squad_summary', 'react_squad_squad_summary']));
        const summary = await agent.callTool({ name: 'vanilla_squad_squad_summary', arguments: {} });
        expect(summary.isError).toBeFalsy();
        expect(JSON.stringify(summary.content)).toContain('## Squad');
      } finally {
        await agent.close();
      }

      // The timeline's export lists each of them.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export timeline' }).click();
      const file = await (await download).path();
      const { entries } = JSON.parse(readFileSync(file, 'utf8')) as { entries: TrafficEntry[] };
      expect(entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'message', from: 'vanilla-squad', to: 'md-reader', conversion: 'exact' }),
          expect.objectContaining({
            kind: 'message',
            from: 'md-counter',
            to: 'md-reader',
            sourceType: 'ns:number',
            type: 'ns:markdown',
            conversion: 'stringify',
            data: '7',
          }),
          expect.objectContaining({
            kind: 'request',
            from: 'md-counter',
            to: 'md-reader',
            result: { answer: 'HELLO' },
          }),
          expect.objectContaining({ kind: 'skipped', from: 'md-reader', to: 'note-1' }),
          // Each call with its params and outcome; the SDK's warning as a finding of the card.
          expect.objectContaining({
            kind: 'call',
            from: 'md-counter',
            method: 'terminals.run',
            params: expect.objectContaining({ agentId: 'terminal-1', command: 'npm test' }),
            result: expect.objectContaining({ exitCode: 1, output: '1 failing: pays with a saved card' }),
            ms: expect.any(Number),
          }),
          expect.objectContaining({
            kind: 'tool',
            from: 'canvas-agent',
            to: 'vanilla-squad',
            method: 'squad_summary',
            result: expect.objectContaining({ content: expect.any(Array) }),
          }),
          expect.objectContaining({
            kind: 'finding',
            from: 'md-reader',
            reason: expect.stringMatching(/^warning: .*skipped note-1/),
          }),
        ]),
      );
      // Filtered by an arrow: only what crossed between its two ends.
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await timeline.getByRole('combobox', { name: 'Timeline arrow' }).selectOption('md-counter→md-reader');
      const lines = await timeline.getByRole('list', { name: 'Traffic' }).getByRole('listitem').allInnerTexts();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((line) => line.includes('md-counter') && line.includes('md-reader'))).toBe(true);
      await timeline.getByRole('combobox', { name: 'Timeline arrow' }).selectOption('');

      const shots = process.env.CANVAS_SHOTS;
      await page.getByRole('region', { name: 'Canvas card note-1' }).waitFor();
      // Each frame redraws on the theme change; the dark one is taken after a round trip.
      for (const scheme of ['light', 'dark'] as const) {
        await page.getByRole('combobox', { name: 'Canvas theme' }).selectOption(scheme);
        await page.waitForTimeout(800);
        await page.screenshot({ path: join(shots ?? fixtures.work, `dev-canvas-${scheme}.png`) });
      }

      // An arrow drawn by dragging a tile's connector onto a card's frame (the pointer stays captured over the
      // iframe), kept in the layout file; routed round the cards between, never through them.
      const layoutArrows = () => (JSON.parse(readFileSync(canvasFile, 'utf8')) as { arrows: unknown[] }).arrows;
      await page
        .getByTitle('Draw an arrow from note-1')
        .dragTo(page.getByRole('region', { name: 'Canvas card md-counter' }));
      await page.locator('path[data-arrow="note-1>md-counter"]').waitFor({ state: 'attached' });
      await expect.poll(layoutArrows).toContainEqual({ from: 'note-1', to: 'md-counter' });
      // Escape cancels a drag: the preview and the target's outline go, and no arrow is added.
      const count = await arrows.getByRole('listitem').count();
      await page.getByTitle('Draw an arrow from react-squad').hover();
      await page.mouse.down();
      const target = await page.getByRole('region', { name: 'Canvas card terminal-1' }).boundingBox();
      if (!target) throw new Error('terminal-1 has no box');
      await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 5 });
      await page.locator('svg.ns-canvas-draft[data-arrow-target="terminal-1"]').waitFor({ state: 'attached' });
      await page.keyboard.press('Escape');
      await page.mouse.up();
      await page.locator('svg.ns-canvas-draft').waitFor({ state: 'detached' });
      expect(await arrows.getByRole('listitem').count()).toBe(count);
    } finally {
      await page.close();
      dev.press('q');
      await dev.exited;
    }

    // A restart brings the canvas back: the dragged arrow from the file, and the counter's stored runs.
    const runsBefore = storedRuns()?.instance.runs ?? 0;
    expect(runsBefore).toBeGreaterThanOrEqual(1);
    const again = await startDev(vanilla, fixtures.pageDir);
    const second = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    try {
      await second.goto(again.hostUrl);
      await again.waitForOutput(new RegExp(`\\[md-counter\\] .*runs ${runsBefore + 1}\\b`), 60_000);
      await second.locator('path[data-arrow="note-1>md-counter"]').waitFor({ state: 'attached' });
      expect(readFileSync(badStorage, 'utf8')).toBe('{"instance": ');
    } finally {
      await second.close();
      again.press('q');
      await again.exited;
    }
  }, 420_000);
});
