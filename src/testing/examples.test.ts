// @vitest-environment node
// Cards written against the seeds' examples, running unchanged on the mock host.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '../index.js';
import type { CardManifest } from '../contract/types.js';
import { SUMMARISER_MANIFEST, TEST_RADAR_MANIFEST, notePeer, sampleAgents, settle, todoPeer } from './fixtures.js';
import { createMockHost } from './index.js';

/** The test radar: runs the tests in a connected terminal, sends failures to a todo list, answers run_tests. */
function startTestRadar(card: Card): void {
  async function runTests(filter?: string): Promise<string> {
    const shell = (await card.agents.list()).find((agent) => agent.kind === 'shell' && agent.connected);
    if (!shell) throw new Error('Connect me to a terminal');
    const command = card.settings.value<string>('command') ?? 'npm test';
    void card.setStatus('Running…', { busy: true });
    const result = await card.terminals.run(shell.id, filter ? `${command} -- ${filter}` : command, {
      timeoutMs: 60_000,
    });
    const failures = result.output
      .split('\n')
      .filter((line) => line.startsWith('FAIL '))
      .map((line) => ({ text: line.slice(5), status: 'error' as const }));
    const delivered = await card.ports.emit('failures', failures);
    if (delivered === 0) await card.ui.toast('Connect me to a todo list to track these');
    void card.setStatus(failures.length ? `${failures.length} failing` : 'All green', {
      tone: failures.length ? 'danger' : 'success',
    });
    return result.exitCode === 0 ? 'All tests passed' : result.output;
  }
  card.tools.handle<{ filter?: string }>('run_tests', async ({ filter }, call) => {
    call.progress('running…');
    return runTests(filter);
  });
  card.ports.onMessage(() => void runTests(), { input: 'run' });
}

/** The summariser: catches up from the note's retained text, then summarises every change it is sent. */
async function startSummariser(card: Card): Promise<void> {
  const summarise = (markdown: string): string => {
    const lines = markdown.split('\n').filter((line) => line.trim() !== '');
    const heading = (lines.find((line) => line.startsWith('#')) ?? lines[0] ?? '').replace(/^#+\s*/, '');
    const words = markdown
      .replace(/[#*>-]/g, ' ')
      .split(/\s+/)
      .filter(Boolean).length;
    return `**${heading}** — ${words} words`;
  };
  const publish = async (text: string): Promise<void> => {
    await card.ports.emit('summary', summarise(text));
  };
  card.ports.onMessage<string>((text) => void publish(text), { input: 'text' });
  const source = card.ports.peers.find((peer) => peer.direction !== 'downstream' && peer.kind === 'note');
  if (source) {
    const last = await card.ports.read<string>(source.cardId, 'text');
    if (last) await publish(last.data);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the Testing section of the README', () => {
  it('records deliveries and answers tool calls exactly as documented', async () => {
    const manifest: CardManifest = {
      ...TEST_RADAR_MANIFEST,
      ports: { outputs: [{ id: 'summary', label: 'Summary', type: 'ns:markdown' }] },
    };
    const host = createMockHost({
      manifest,
      agents: sampleAgents(),
      peers: [notePeer('note-1', 'downstream')],
      fetch: () => ({ body: { ok: true } }),
    });
    const card = await host.connect();
    card.tools.handle('run_tests', () => 'All tests passed');

    await card.ports.emit('summary', '# Done');
    expect(host.deliveries).toEqual([{ to: 'note-1', output: 'summary', input: 'append', data: '# Done' }]);
    await expect(host.callTool('run_tests', {})).resolves.toEqual({
      content: [{ type: 'text', text: 'All tests passed' }],
    });
    const res = await card.net.fetch('https://api.github.com/repos/acme/app', { responseType: 'json' });
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe('a test radar card', () => {
  async function setup() {
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST, agents: sampleAgents(), peers: [todoPeer('todo-1')] });
    const card = await host.connect();
    startTestRadar(card);
    await settle();
    return { host, card };
  }

  it('answers the run_tests tool after running the command in the terminal', async () => {
    const { host } = await setup();
    await expect(host.callTool('run_tests', { filter: 'auth' })).resolves.toEqual({
      content: [{ type: 'text', text: 'All tests passed' }],
    });
    expect(host.terminal).toEqual([{ agentId: 'shell-1', text: 'npm test -- auth', kind: 'run' }]);
    expect(host.deliveries).toEqual([{ to: 'todo-1', output: 'failures', input: 'add', data: [] }]);
    expect(host.chrome.status).toEqual({ text: 'All green', tone: 'success' });
    await expect(host.callTool('run_tests', { filter: 3 })).rejects.toThrow(
      /^mock host: invalid tool args — \/filter: /,
    );
  });

  it('emits failures to the todo list when triggered through its run input', async () => {
    const { host } = await setup();
    host.setSettings({ command: 'pnpm vitest run' });
    host.handle('terminals.run', (params: { command: string }) => ({
      exitCode: 1,
      output: `$ ${params.command}\nFAIL auth › logs in\nFAIL checkout › pays with a saved card\n2 failed`,
      truncated: false,
      timedOut: false,
    }));
    host.sendPortMessage('run', { type: 'click' }, { type: 'ns:event' });
    await settle();
    expect(host.deliveries).toEqual([
      {
        to: 'todo-1',
        output: 'failures',
        input: 'add',
        data: [
          { text: 'auth › logs in', status: 'error' },
          { text: 'checkout › pays with a saved card', status: 'error' },
        ],
      },
    ]);
    expect(host.retained.get('failures')?.data).toHaveLength(2);
    expect(host.chrome.status).toEqual({ text: '2 failing', tone: 'danger' });
    expect(host.calls.find((c) => c.method === 'terminals.run')?.params).toMatchObject({ command: 'pnpm vitest run' });
  });

  it('tells the user when no todo list takes the failures', async () => {
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST, agents: sampleAgents() });
    startTestRadar(await host.connect());
    await expect(host.callTool('run_tests', {})).resolves.toBeDefined();
    expect(host.toasts).toEqual([{ message: 'Connect me to a todo list to track these' }]);
  });
});

describe('a summariser fed by a note', () => {
  it('catches up from the retained text and summarises every new message', async () => {
    const host = createMockHost({
      manifest: SUMMARISER_MANIFEST,
      peers: [
        notePeer('note-1', 'upstream', { retained: { text: '# Plan\n\nShip the mock host' } }),
        notePeer('note-2', 'downstream'),
      ],
    });
    const card = await host.connect();
    await startSummariser(card);
    await settle();
    expect(host.deliveries).toEqual([{ to: 'note-2', output: 'summary', input: 'append', data: '**Plan** — 5 words' }]);
    host.sendPortMessage('text', '# Retro\n- all good', { cardId: 'note-1' });
    await settle();
    expect(host.deliveries.at(-1)).toEqual({
      to: 'note-2',
      output: 'summary',
      input: 'append',
      data: '**Retro** — 3 words',
    });
  });
});

describe('determinism under fake timers', () => {
  it('delivers every effect after a few setImmediate ticks, with faked Date and timers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'));
    const host = createMockHost({ manifest: TEST_RADAR_MANIFEST, agents: sampleAgents(), enforceRateLimits: true });
    const card = await host.connect();
    const turns: unknown[] = [];
    card.agents.onTurn((turn) => turns.push(turn));
    await settle();
    host.setAgentStatus('agent-1', 'working');
    await settle();
    expect(turns).toEqual([{ agentId: 'agent-1', phase: 'start', at: Date.parse('2026-01-02T03:04:05Z') }]);

    await card.attention('info', 'first');
    void card.attention('needs-input', 'second');
    await settle();
    expect(host.chrome.attention).toEqual({ level: 'info', message: 'first' });
    vi.advanceTimersByTime(10_100);
    await settle();
    expect(host.chrome.attention).toEqual({ level: 'needs-input', message: 'second' });

    card.tools.handle('run_tests', () => new Promise(() => {}));
    const call = host.callTool('run_tests', {}, { timeoutMs: 5_000 });
    const outcome = call.catch((error: unknown) => error);
    await settle();
    vi.advanceTimersByTime(5_000);
    expect(await outcome).toMatchObject({ code: 'TIMEOUT', hostMessage: 'tool run_tests timed out' });
  });
});
