// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CardSdkError } from '../contract/errors.js';
import type { CardManifest } from '../contract/types.js';
import { sampleAgents, settle } from './fixtures.js';
import { createMockHost } from './index.js';

const MANIFEST: CardManifest = {
  manifestVersion: 1,
  name: 'agent-pulse',
  displayName: 'Agent pulse',
  version: '1.0.0',
  protocol: 1,
  permissions: ['agents.output', 'agents.prompt', 'terminals.write', 'usage.read'],
};

async function setup(options: Parameters<typeof createMockHost>[0] = {}) {
  const host = createMockHost({ manifest: MANIFEST, agents: sampleAgents(), ...options });
  const card = await host.connect();
  return { host, card };
}

describe('agents', () => {
  it('lists the same agent objects and finds one by id', async () => {
    const agents = sampleAgents();
    const { card, host } = await setup({ agents });
    expect(await card.agents.list()).toEqual(agents);
    expect(host.agents).toBe(agents);
    expect((await card.agents.get('shell-1')).kind).toBe('shell');
    await expect(card.agents.get('ghost')).rejects.toMatchObject({ code: 'NOT_FOUND', hostMessage: 'no agent ghost' });
  });

  it('needs an arrow to read an agent, and reads screens and replies', async () => {
    const { card } = await setup({ screens: { 'agent-1': 'one\ntwo\nthree' }, replies: { 'agent-1': 'Done.' } });
    expect(await card.agents.readScreen('agent-1', 2)).toBe('two\nthree');
    expect((await card.agents.lastReply('agent-1')).text).toBe('Done.');
    expect(await card.agents.lastReply('shell-1')).toEqual({ text: null, at: null });
    const error = await card.agents.readScreen('agent-2').catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'NOT_CONNECTED',
      hostMessage: 'agent agent-2 is not connected to this card by an arrow',
    });
  });

  it('prompts AI agents, queueing, sending or failing while they work', async () => {
    const { card, host } = await setup();
    expect(await card.agents.prompt('agent-1', 'Run the tests')).toBe('sent');
    expect(await card.agents.prompt('agent-1', 'Draft', { submit: false })).toBe('inserted');
    host.setAgentStatus('agent-1', 'working');
    expect(await card.agents.prompt('agent-1', 'Next')).toBe('queued');
    expect(await card.agents.prompt('agent-1', 'Now', { whenBusy: 'send' })).toBe('sent');
    await expect(card.agents.prompt('agent-1', 'No', { whenBusy: 'fail' })).rejects.toMatchObject({
      code: 'BUSY',
      hostMessage: 'Claude Code is working',
    });
    await expect(card.agents.prompt('shell-1', 'hi')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'bash is not an AI agent',
    });
    expect(host.prompts.map((p) => p.delivered)).toEqual(['sent', 'inserted', 'queued', 'sent']);
  });

  it('runs commands in terminals only', async () => {
    const { card, host } = await setup();
    expect(await card.terminals.run('shell-1', 'npm test')).toEqual({
      exitCode: 0,
      output: '',
      truncated: false,
      timedOut: false,
    });
    await card.terminals.write('shell-1', 'git status', { submit: true });
    await expect(card.terminals.run('agent-1', 'ls')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'Claude Code is not a terminal',
    });
    expect(host.terminal).toEqual([
      { agentId: 'shell-1', text: 'npm test', kind: 'run' },
      { agentId: 'shell-1', text: 'git status', kind: 'write' },
    ]);
    expect(host.commands).toEqual([{ agentId: 'shell-1', command: 'npm test' }]);
  });

  it('answers terminals.run as the test scripts it: a failing run with its output, or a refusal', async () => {
    const seen: unknown[] = [];
    const { card, host } = await setup({
      terminalRun: async (agentId, command, options) => {
        seen.push({ agentId, command, options });
        if (command === 'rm -rf /') throw new CardSdkError('USER_CANCELLED', 'the user stopped the run');
        return command === 'npm test' ? { exitCode: 1, output: 'FAIL src/sum.test.ts\n1 failed' } : { output: 'ok' };
      },
    });
    expect(await card.terminals.run('shell-1', 'npm test', { timeoutMs: 5000 })).toEqual({
      exitCode: 1,
      output: 'FAIL src/sum.test.ts\n1 failed',
      truncated: false,
      timedOut: false,
    });
    expect(await card.terminals.run('shell-1', 'ls')).toEqual({
      exitCode: 0,
      output: 'ok',
      truncated: false,
      timedOut: false,
    });
    await expect(card.terminals.run('shell-1', 'rm -rf /')).rejects.toMatchObject({
      code: 'USER_CANCELLED',
      method: 'terminals.run',
    });
    // The target is checked before the script runs: a non-terminal never reaches it.
    await expect(card.terminals.run('agent-1', 'npm test')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(seen).toEqual([
      { agentId: 'shell-1', command: 'npm test', options: { timeoutMs: 5000 } },
      { agentId: 'shell-1', command: 'ls', options: { timeoutMs: undefined } },
      { agentId: 'shell-1', command: 'rm -rf /', options: { timeoutMs: undefined } },
    ]);
    expect(host.commands.map((run) => run.command)).toEqual(['npm test', 'ls', 'rm -rf /']);
  });

  it('emits status and turn events like the app, only to subscribers', async () => {
    const { card, host } = await setup();
    host.setAgentStatus('agent-1', 'working');
    await settle();
    expect(host.events).toEqual([]);
    const turns: unknown[] = [];
    const statuses: string[] = [];
    card.agents.onTurn((turn) => turns.push(turn));
    card.agents.onStatus((event) => statuses.push(event.status), 'agent-1');
    await settle();
    expect(host.subscriptions.has('agents.turn')).toBe(true);
    host.setAgentStatus('agent-1', 'finished');
    host.setAgentStatus('agent-1', 'working');
    host.setAgentStatus('agent-1', 'idle');
    await settle();
    expect(statuses).toEqual(['finished', 'working', 'idle']);
    expect(turns).toEqual([
      { agentId: 'agent-1', phase: 'end', at: expect.any(Number) },
      { agentId: 'agent-1', phase: 'start', at: expect.any(Number) },
    ]);
    expect(host.agents[0]?.lastTurn).toMatchObject({ endedAs: 'finished' });
    expect(host.agents[0]).not.toHaveProperty('turnStartedAt');
    expect(host.events.some((e) => e.event === 'agents.changed')).toBe(false);
    expect(() => host.setAgentStatus('ghost', 'idle')).toThrow('mock host: no agent "ghost"');
  });

  it('streams output only for watched agents, and checks the arrow when subscribing', async () => {
    const { card, host } = await setup();
    const seen: string[] = [];
    card.agents.onOutput(['agent-1'], (event) => seen.push(event.text));
    await settle();
    expect(host.outputAgents).toEqual(['agent-1']);
    host.agentOutput('agent-1', 'PASS');
    host.agentOutput('shell-1', 'ignored');
    await settle();
    expect(seen).toEqual(['PASS']);
    await expect(card.subscribe(['agents.output'], ['agent-2'])).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    await expect(card.subscribe(['agents.output'], ['ghost'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('drops topics whose permission is not granted', async () => {
    const host = createMockHost({ manifest: MANIFEST, agents: sampleAgents(), grant: ['usage.read'] });
    const card = await host.connect();
    expect(await card.subscribe(['agents.status', 'storage.changed'])).toEqual(['storage.changed']);
  });

  it('replaces the agents and tells subscribers', async () => {
    const { card, host } = await setup();
    const lists: number[] = [];
    card.agents.onChanged((agents) => lists.push(agents.length));
    await settle();
    host.setAgents(sampleAgents().slice(0, 1));
    await settle();
    expect(lists).toEqual([1]);
    expect(await card.agents.list()).toHaveLength(1);
  });
});

describe('usage', () => {
  it('answers agents.usage with the default record and the overrides', async () => {
    const { card, host } = await setup({ agentUsage: { 'agent-1': { requests: 4, inputTokens: 100 } } });
    const usage = await card.agents.usage('agent-1', 1000, 2000);
    expect(usage).toMatchObject({
      agentId: 'agent-1',
      harness: 'claude-code',
      since: 1000,
      until: 2000,
      status: 'idle',
      usageReadable: true,
      requests: 4,
      inputTokens: 100,
      outputTokens: 0,
      costMicroUsd: null,
      model: 'opus',
      timingComplete: true,
    });
    host.setAgentUsage('agent-1', { requests: 9 });
    expect((await card.agents.usage('agent-1', 1000, 2000)).requests).toBe(9);
    await expect(card.agents.usage('agent-1', 3000, 2000)).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: '"since" is after "until"',
    });
    await expect(card.agents.usage('shell-1', 0)).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'bash is not an AI agent',
    });
  });

  it('answers agents.timeline through a function of the call', async () => {
    const calls: unknown[] = [];
    const { card, host } = await setup({
      agentTimeline: (agentId, since, until) => (calls.push([agentId, since, until]), { truncated: true }),
    });
    const timeline = await card.agents.timeline('agent-1', 10, 20);
    expect(timeline).toMatchObject({
      requestTimes: 'start-end',
      requests: [],
      truncated: true,
      statuses: [{ status: 'idle', from: 10, to: 20 }],
      turns: [],
    });
    expect(calls).toEqual([['agent-1', 10, 20]]);
    host.setAgentTimeline('agent-1', { truncated: false });
    expect((await card.agents.timeline('agent-1', 10, 20)).truncated).toBe(false);
    expect(host.calls.filter((c) => c.method === 'agents.timeline')).toHaveLength(2);
  });

  it('answers usage.summary with a generated empty summary or the option', async () => {
    const { card } = await setup();
    expect(await card.usage('7d')).toMatchObject({ period: '7d', rows: [], totalCostMicroUsd: 0, partial: false });
    const other = await setup({ usage: { period: 'today', rows: [1] } });
    expect(await other.card.usage('today')).toEqual({ period: 'today', rows: [1] });
  });
});
