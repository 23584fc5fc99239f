import { describe, expect, it } from 'vitest';
import { connectScripted, flush } from './card.test-helper.js';

describe('card.agents', () => {
  it('maps calls onto agents.* and terminals.* params', async () => {
    const { host, card } = await connectScripted();
    host
      .on('agents.readScreen', () => ({ text: 'screen' }))
      .on('agents.prompt', () => ({ delivered: 'queued' }))
      .on('agents.usage', () => ({ agentId: 'a' }))
      .on('agents.timeline', () => ({ agentId: 'a' }))
      .on('terminals.run', () => ({ exitCode: 0, output: '', truncated: false, timedOut: false }))
      .on('terminals.write', () => undefined);
    await expect(card.agents.readScreen('a', 80)).resolves.toBe('screen');
    await card.agents.readScreen('a');
    await expect(card.agents.prompt('a', 'Run the tests', { whenBusy: 'queue' })).resolves.toBe('queued');
    await card.agents.usage('a', 1000);
    await card.agents.timeline('a', 1000, 2000);
    await card.terminals.run('sh', 'npm test', { timeoutMs: 60_000 });
    await card.terminals.write('sh', 'git status', { submit: true });
    expect(host.params('agents.readScreen')).toEqual([{ agentId: 'a', lines: 80 }, { agentId: 'a' }]);
    expect(host.params('agents.prompt')).toEqual([{ agentId: 'a', text: 'Run the tests', whenBusy: 'queue' }]);
    expect(host.params('agents.usage')).toEqual([{ agentId: 'a', since: 1000 }]);
    expect(host.params('agents.timeline')).toEqual([{ agentId: 'a', since: 1000, until: 2000 }]);
    expect(host.params('terminals.run')).toEqual([{ agentId: 'sh', command: 'npm test', timeoutMs: 60_000 }]);
    expect(host.params('terminals.write')).toEqual([{ agentId: 'sh', text: 'git status', submit: true }]);
    card.close();
  });

  it('refuses a prompt with the wrong whenBusy locally, naming the path', async () => {
    const { host, card } = await connectScripted();
    const error = await card.agents.prompt('a', 'hi', { whenBusy: 'later' as never }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_PARAMS', method: 'agents.prompt' });
    expect((error as { hostMessage: string }).hostMessage).toMatch(/^invalid params at \/whenBusy: /);
    expect(host.requests('agents.prompt')).toEqual([]);
    card.close();
  });

  it('onOutput subscribes agents.output for every watched agent and unsubscribes when none remain', async () => {
    const { host, card } = await connectScripted();
    const seen: string[] = [];
    const stopA = card.agents.onOutput(['agent-1'], (event) => seen.push(`A ${event.agentId} ${event.text}`));
    const stopB = card.agents.onOutput(['agent-1', 'shell-1'], (event) =>
      seen.push(`B ${event.agentId} ${event.text}`),
    );
    await flush();
    expect(host.params('events.subscribe')).toEqual([{ topics: ['agents.output'], agentIds: ['agent-1', 'shell-1'] }]);
    host.emit('agents.output', { agentId: 'shell-1', text: 'FAIL', at: 1 });
    host.emit('agents.output', { agentId: 'agent-1', text: 'ok', at: 2 });
    await flush();
    expect(seen).toEqual(['B shell-1 FAIL', 'A agent-1 ok', 'B agent-1 ok']);
    stopB();
    stopB();
    await flush();
    expect(host.params('events.subscribe').at(-1)).toEqual({ topics: ['agents.output'], agentIds: ['agent-1'] });
    stopA();
    await flush();
    expect(host.params('events.unsubscribe')).toEqual([{ topics: ['agents.output'] }]);
    card.close();
  });

  it('warns when agents.output is not granted', async () => {
    const { host, card } = await connectScripted();
    host.on('events.subscribe', () => ({ topics: [] }));
    card.agents.onOutput(['agent-1'], () => undefined);
    await flush();
    expect(host.params('host.log')).toContainEqual({
      level: 'warn',
      message: 'agents.output was not granted — declare the "agents.output" permission',
    });
    card.close();
  });
});
