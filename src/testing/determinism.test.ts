// @vitest-environment node
// The mock never waits on timers or reads the clock to deliver an effect, so tests may fake every timer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardManifest } from '../contract/types.js';
import { TEST_RADAR_MANIFEST, notePeer, sampleAgents, settle } from './fixtures.js';
import { createMockHost } from './index.js';

const MANIFEST: CardManifest = {
  ...TEST_RADAR_MANIFEST,
  permissions: [
    'agents.read',
    'terminals.write',
    'cards.connected',
    'fs.read',
    { id: 'network', hosts: ['api.example.com'] },
  ],
  ports: {
    inputs: [
      { id: 'run', label: 'Run', type: 'ns:trigger' },
      { id: 'ask', label: 'Ask', type: 'ns:text', mode: 'request', response: { type: 'ns:text' } },
    ],
    outputs: [{ id: 'failures', label: 'Failures', type: 'ns:tasks', retain: true }],
  },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('under vi.useFakeTimers() with every timer faked', () => {
  it('connects and sees every driver effect after a few real setImmediate ticks', async () => {
    vi.useFakeTimers();
    const host = createMockHost({
      manifest: MANIFEST,
      agents: sampleAgents(),
      peers: [notePeer('note-1', 'upstream'), notePeer('note-2', 'downstream')],
      files: { 'src/a.ts': 'a' },
      fetch: () => ({ stream: ['one ', 'two'] }),
    });
    const card = await host.connect();
    const seen: string[] = [];
    card.agents.onTurn((turn) => seen.push(`turn ${turn.phase}`));
    card.ports.onMessage(() => seen.push('run'), { input: 'run' });
    card.ports.onRequest<string>('ask', (question) => `answer to ${question}`);
    card.tools.handle('run_tests', () => 'All tests passed');
    card.settings.onChange((settings) => seen.push(`command ${String(settings.values.command)}`));
    await card.fs.watch('src', (event) => seen.push(`changed ${event.path}`));
    await settle();

    host.setAgentStatus('agent-1', 'working');
    host.sendPortMessage('run', 'go', { cardId: 'note-1', type: 'ns:text' });
    host.setSettings({ command: 'pnpm test' });
    host.touchFile('src/a.ts', 'b');
    const answer = host.requestPort('ask', 'why');
    const result = host.callTool('run_tests', {});
    await settle();
    expect(seen).toEqual(['turn start', 'run', 'command pnpm test', 'changed src/a.ts']);
    await expect(answer).resolves.toBe('answer to why');
    await expect(result).resolves.toEqual({ content: [{ type: 'text', text: 'All tests passed' }] });

    expect(await card.ports.emit('failures', [{ text: 'a' }])).toBe(1);
    const response = await card.net.fetch('https://api.example.com/log', { responseType: 'stream' });
    const text = response.text();
    await settle();
    expect(await text).toBe('one two');
  });
});
