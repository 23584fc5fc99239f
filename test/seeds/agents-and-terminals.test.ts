// @vitest-environment node
// Every example of the "Agents & terminals" documentation, run unchanged against the mock host.
import { describe, expect, it } from 'vitest';
import { CardSdkError, isCardSdkError, type AgentInfo, type Card } from '../../src/index.js';
import { createMockHost, type MockHostOptions } from '../../src/testing/index.js';
import { manifestWith, rejectionOf, seedAgents, settle } from './seed-fixtures.js';

const agentId = 'agent-1';
const shellId = 'shell-1';

async function setup(permissions: string[], options: MockHostOptions = {}) {
  const host = createMockHost({
    manifest: manifestWith({ permissions: permissions as never }),
    agents: seedAgents(),
    ...options,
  });
  const card = await host.connect();
  return { host, card };
}

describe('Listing agents', () => {
  it('lists, filters and gets agents as the example does', async () => {
    const { card } = await setup(['agents.read']);
    const rendered: unknown[][] = [];
    const render = (...args: unknown[]): void => void rendered.push(args);

    const agents: AgentInfo[] = await card.agents.list();
    const waiting = agents.filter((a) => a.kind === 'ai' && a.status === 'needs-input');
    const one = await card.agents.get(agents[0].id);
    render(
      waiting.map((a) => a.name),
      one.model ?? 'default model',
    );

    expect(rendered).toEqual([[['Codex'], 'claude-sonnet']]);
    expect(agents.map((a) => [a.id, a.kind, a.connected])).toEqual([
      ['agent-1', 'ai', true],
      ['agent-2', 'ai', false],
      ['shell-1', 'shell', true],
    ]);
  });

  it('needs agents.read', async () => {
    const { card } = await setup([]);
    const error = await rejectionOf(card.agents.list());
    expect(isCardSdkError(error, 'PERMISSION_DENIED')).toBe(true);
    expect(error).toMatchObject({
      method: 'agents.list',
      permission: 'agents.read',
      data: { permission: 'agents.read' },
    });
  });

  it('gets an unknown agent as NOT_FOUND', async () => {
    const { card } = await setup(['agents.read']);
    await expect(card.agents.get('nobody')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'no agent nobody',
    });
  });
});

describe('Events', () => {
  it('delivers status, turn and changed events, and filters by agent', async () => {
    const { host, card } = await setup(['agents.read']);
    const rendered: unknown[][] = [];
    const render = (...args: unknown[]): void => void rendered.push(args);

    const offStatus = card.agents.onStatus(({ agentId, status }) => render(agentId, status));
    const offTurn = card.agents.onTurn(({ agentId, phase, at }) => render(agentId, phase, new Date(at)));
    const offChanged = card.agents.onChanged((agents) => render(agents.length)); // added, removed or renamed
    const only: string[] = [];
    const offOne = card.agents.onStatus((e) => only.push(e.status), agentId);
    await settle();
    expect([...host.subscriptions].sort()).toEqual(['agents.changed', 'agents.status', 'agents.turn']);

    host.setAgentStatus('agent-1', 'working');
    host.setAgentStatus('agent-2', 'working');
    host.setAgentStatus('agent-1', 'finished');
    host.emit('agents.changed', { agents: seedAgents().slice(0, 2) });
    await settle();

    expect(rendered.map((args) => args.map((a) => (a instanceof Date ? 'date' : a)))).toEqual([
      ['agent-1', 'working'],
      ['agent-1', 'start', 'date'],
      ['agent-2', 'working'],
      ['agent-2', 'start', 'date'],
      ['agent-1', 'finished'],
      ['agent-1', 'end', 'date'],
      [2],
    ]);
    expect(only).toEqual(['working', 'finished']);

    // The SDK subscribes while you have listeners. Each returns a function that removes it.
    offStatus();
    offTurn();
    offChanged();
    offOne();
    await settle();
    expect(host.subscriptions.size).toBe(0);
  });

  it('keeps lastTurn and turnStartedAt on the agent for catching up', async () => {
    const { host, card } = await setup(['agents.read']);
    host.setAgentStatus('agent-1', 'working');
    const working = await card.agents.get('agent-1');
    expect(typeof working.turnStartedAt).toBe('number');
    host.setAgentStatus('agent-1', 'needs-input');
    const done = await card.agents.get('agent-1');
    expect(done.turnStartedAt).toBeUndefined();
    expect(done.lastTurn).toEqual({
      startedAt: working.turnStartedAt,
      endedAt: expect.any(Number),
      endedAs: 'needs-input',
    });
  });
});

describe('Reading output', () => {
  it('reads the screen and the last reply, and streams live output until stopped', async () => {
    const { host, card } = await setup(['agents.output'], {
      screens: { 'agent-1': Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n') },
      replies: { 'agent-1': 'All 12 tests pass.' },
    });
    const rendered: unknown[][] = [];
    const render = (...args: unknown[]): void => void rendered.push(args);

    // The visible screen, as text (up to 500 lines).
    const screen = await card.agents.readScreen(agentId, 80);

    // The last reply, from the agent's own session log.
    const { text, at } = await card.agents.lastReply(agentId);

    // Live output: ANSI colours stripped, delivered in chunks about every 100 ms.
    const stop = card.agents.onOutput([agentId, shellId], ({ agentId: from, text: chunk }) => {
      if (chunk.includes('FAIL')) render(`${from} printed a failure`);
    });
    await settle();
    expect(host.subscriptions.has('agents.output')).toBe(true);
    expect(host.outputAgents).toEqual(expect.arrayContaining([agentId, shellId]));
    host.agentOutput(shellId, 'FAIL auth › logs in\n');
    host.agentOutput(agentId, 'PASS checkout\n');
    await settle();
    stop(); // when you no longer need it
    await settle();
    host.agentOutput(shellId, 'FAIL again\n');
    await settle();

    render(screen, text, at);
    expect(screen.split('\n')).toHaveLength(80);
    expect(screen.split('\n')[0]).toBe('line 21');
    expect(rendered).toEqual([['shell-1 printed a failure'], [screen, 'All 12 tests pass.', expect.any(Number)]]);
    expect(host.subscriptions.has('agents.output')).toBe(false);
  });

  it('fails with NOT_CONNECTED for an agent without an arrow', async () => {
    const { card } = await setup(['agents.output']);
    for (const call of [card.agents.readScreen('agent-2', 80), card.agents.lastReply('agent-2')]) {
      const error = await rejectionOf(call);
      expect(isCardSdkError(error, 'NOT_CONNECTED')).toBe(true);
      expect(error).toMatchObject({ hostMessage: 'agent agent-2 is not connected to this card by an arrow' });
      expect((error as CardSdkError).message).toContain(
        'Draw an arrow between this card and the target card on the canvas.',
      );
    }
  });

  it('needs agents.output', async () => {
    const { card } = await setup(['agents.read']);
    await expect(card.agents.readScreen(agentId)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      data: { permission: 'agents.output' },
    });
  });

  it('refuses more than 500 lines with INVALID_PARAMS at /lines', async () => {
    const { card } = await setup(['agents.output']);
    const error = await rejectionOf(card.agents.readScreen(agentId, 501));
    expect(isCardSdkError(error, 'INVALID_PARAMS')).toBe(true);
    expect((error as CardSdkError).hostMessage).toMatch(/^invalid params at \/lines: /);
    expect((error as CardSdkError).issues).toEqual([expect.objectContaining({ path: '/lines' })]);
  });
});

describe('Prompting agents', () => {
  /** The documented example, wrapped so each test can run it. */
  async function promptExample(card: Card): Promise<void> {
    try {
      const delivered = await card.agents.prompt(agentId, 'Run the checkout tests and fix what fails.');
      card.ui.toast(delivered === 'queued' ? 'Queued after the current turn' : 'Sent');
    } catch (error) {
      if (isCardSdkError(error, 'NOT_CONNECTED')) card.ui.toast('Draw an arrow from me to an agent');
      else if (isCardSdkError(error, 'BUDGET_PAUSED')) card.ui.toast('The workspace is over its budget');
      else if (isCardSdkError(error, 'USER_CANCELLED')) card.ui.toast('Not sent');
      else throw error;
    }
  }

  it('sends to an idle agent and queues behind a working one', async () => {
    const { host, card } = await setup(['agents.prompt']);
    await promptExample(card);
    host.setAgentStatus(agentId, 'working');
    await promptExample(card);
    await settle();
    expect(host.prompts).toEqual([
      { agentId, text: 'Run the checkout tests and fix what fails.', delivered: 'sent' },
      { agentId, text: 'Run the checkout tests and fix what fails.', delivered: 'queued' },
    ]);
    expect(host.toasts).toEqual([{ message: 'Sent' }, { message: 'Queued after the current turn' }]);
  });

  it('toasts for NOT_CONNECTED, BUDGET_PAUSED and USER_CANCELLED', async () => {
    const disconnected = seedAgents().map((a) => ({ ...a, connected: false }));
    const { host, card } = await setup(['agents.prompt'], { agents: disconnected });
    await promptExample(card);
    host.handle('agents.prompt', () => {
      throw new CardSdkError('BUDGET_PAUSED', 'the workspace is over its budget');
    });
    await promptExample(card);
    host.handle('agents.prompt', () => {
      throw new CardSdkError('USER_CANCELLED', 'the user declined');
    });
    await promptExample(card);
    host.handle('agents.prompt', () => {
      throw new Error('disk busy');
    });
    await expect(promptExample(card)).rejects.toMatchObject({ code: 'INTERNAL', hostMessage: 'disk busy' });
    await settle();
    expect(host.toasts).toEqual([
      { message: 'Draw an arrow from me to an agent' },
      { message: 'The workspace is over its budget' },
      { message: 'Not sent' },
    ]);
  });

  it('applies submit and whenBusy exactly as the options table says', async () => {
    const { host, card } = await setup(['agents.prompt']);
    await expect(card.agents.prompt(agentId, 'review this', { submit: false })).resolves.toBe('inserted');
    host.setAgentStatus(agentId, 'working');
    await expect(card.agents.prompt(agentId, 'a')).resolves.toBe('queued');
    await expect(card.agents.prompt(agentId, 'b', { whenBusy: 'queue' })).resolves.toBe('queued');
    await expect(card.agents.prompt(agentId, 'c', { whenBusy: 'send' })).resolves.toBe('sent');
    const busy = await rejectionOf(card.agents.prompt(agentId, 'd', { whenBusy: 'fail' }));
    expect(isCardSdkError(busy, 'BUSY')).toBe(true);
    expect(busy).toMatchObject({ hostMessage: 'Claude Code is working', method: 'agents.prompt' });
    expect(host.prompts.map((p) => p.delivered)).toEqual(['inserted', 'queued', 'queued', 'sent']);
  });

  it('refuses terminals (they take commands), missing permission, and prompts over 20 000 characters', async () => {
    const { card } = await setup(['agents.prompt']);
    await expect(card.agents.prompt(shellId, 'ls')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'bash is not an AI agent',
    });
    const tooLong = await rejectionOf(card.agents.prompt(agentId, 'x'.repeat(20_001)));
    expect(tooLong).toMatchObject({ code: 'INVALID_PARAMS', method: 'agents.prompt' });
    expect((tooLong as CardSdkError).hostMessage).toMatch(/^invalid params at \/text: /);
    await expect(card.agents.prompt(agentId, 'x'.repeat(20_000))).resolves.toBe('sent');

    const { card: readOnly } = await setup(['agents.read']);
    await expect(readOnly.agents.prompt(agentId, 'hi')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      hostMessage: 'agents.prompt needs agents.prompt',
    });
  });

  it('counts at most 6 prompts a minute when the mock enforces rate limits', async () => {
    const { card } = await setup(['agents.prompt'], { enforceRateLimits: true });
    for (let i = 0; i < 6; i += 1) await card.agents.prompt(agentId, `prompt ${i}`);
    const error = await rejectionOf(card.agents.prompt(agentId, 'seventh'));
    expect(isCardSdkError(error, 'RATE_LIMITED')).toBe(true);
    expect((error as CardSdkError).retryAfterMs).toBeGreaterThan(0);
  });
});

describe('Terminals', () => {
  it('runs a command and types into the terminal', async () => {
    const { host, card } = await setup(['terminals.write']);
    const rendered: unknown[][] = [];
    const render = (...args: unknown[]): void => void rendered.push(args);

    // Run a command and wait for it to finish.
    const result = await card.terminals.run(shellId, 'npm test -- --reporter=dot', { timeoutMs: 120_000 });
    if (result.timedOut) render('still running after 2 minutes');
    else render(result.exitCode === 0 ? 'passed' : `failed with ${result.exitCode}`, result.output);

    // Or just type into it (and press Enter).
    await card.terminals.write(shellId, 'git status', { submit: true });

    expect(result).toEqual({ exitCode: 0, output: '', truncated: false, timedOut: false });
    expect(rendered).toEqual([['passed', '']]);
    expect(host.terminal).toEqual([
      { agentId: shellId, text: 'npm test -- --reporter=dot', kind: 'run' },
      { agentId: shellId, text: 'git status', kind: 'write' },
    ]);
    expect(host.calls.filter((c) => c.method.startsWith('terminals.')).map((c) => c.params)).toEqual([
      { agentId: shellId, command: 'npm test -- --reporter=dot', timeoutMs: 120_000 },
      { agentId: shellId, text: 'git status', submit: true },
    ]);
  });

  it('reports a failing command, a timeout and cmd without an exit code', async () => {
    const { host, card } = await setup(['terminals.write']);
    host.handle('terminals.run', () => ({ exitCode: null, output: 'still going', truncated: false, timedOut: true }));
    const result = await card.terminals.run(shellId, 'npm test');
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
  });

  it('refuses AI agents, agents without an arrow, a missing permission and timeouts outside 1–120 s', async () => {
    const { card } = await setup(['terminals.write']);
    await expect(card.terminals.run(agentId, 'ls')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'Claude Code is not a terminal',
    });
    await expect(card.terminals.write('agent-2', 'ls')).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    await expect(card.terminals.write('nobody', 'ls')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'no agent nobody',
    });
    const unconnected = seedAgents().map((a) => ({ ...a, connected: false }));
    const { card: far } = await setup(['terminals.write'], { agents: unconnected });
    await expect(far.terminals.run(shellId, 'ls')).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    const slow = await rejectionOf(card.terminals.run(shellId, 'ls', { timeoutMs: 200_000 }));
    expect(slow).toMatchObject({ code: 'INVALID_PARAMS' });
    expect((slow as CardSdkError).hostMessage).toMatch(/^invalid params at \/timeoutMs: /);

    const { card: reader } = await setup(['agents.read']);
    await expect(reader.terminals.write(shellId, 'ls', { submit: true })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      data: { permission: 'terminals.write' },
    });
  });
});

describe('The AgentInfo fields', () => {
  it('carries every documented field through the host unchanged', async () => {
    const documented: AgentInfo = {
      id: 'agent-9',
      name: 'Reviewer',
      harness: 'opencode',
      kind: 'ai',
      status: 'finished',
      connected: true,
      sessionTitle: 'Fix the checkout tests',
      lastTurn: { startedAt: null, endedAt: 1_700_000_000_000, endedAs: 'finished' },
      model: 'gpt-5',
    };
    const { card } = await setup(['agents.read'], { agents: [documented] });
    await expect(card.agents.get('agent-9')).resolves.toEqual(documented);
  });

  it('lists terminals and AI agents, other cards are not agents', async () => {
    const { card } = await setup(['agents.read']);
    const kinds = new Set((await card.agents.list()).map((a) => a.kind));
    expect([...kinds].sort()).toEqual(['ai', 'shell']);
  });

  it('reads 500 lines by default, and null for an agent without a session log', async () => {
    const { card } = await setup(['agents.output'], {
      screens: { 'agent-1': Array.from({ length: 600 }, (_, i) => `${i}`).join('\n') },
    });
    expect((await card.agents.readScreen(agentId)).split('\n')).toHaveLength(500);
    await expect(card.agents.lastReply(shellId)).resolves.toEqual({ text: null, at: null });
  });

  it('names the budget in the BUDGET_PAUSED hint', async () => {
    const { host, card } = await setup(['agents.prompt']);
    host.handle('agents.prompt', () => {
      throw new CardSdkError('BUDGET_PAUSED', 'the workspace is over its budget');
    });
    const error = await rejectionOf(card.agents.prompt(agentId, 'go'));
    expect(error).toMatchObject({
      code: 'BUDGET_PAUSED',
      method: 'agents.prompt',
      hint: 'The workspace is over its budget; raise the limit in the Budget card.',
    });
  });
});
