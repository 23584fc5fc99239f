// A demo card (a test radar) and the canvas around it, shared by the stories.
import type { AgentInfo, AgentRequestSpan, AgentTimeline, AgentUsage } from '../../src/index.js';
import type { MockPeer } from '../../src/testing/index.js';
import type { NeurosquadParameters } from '../../storybook/index.js';

/** The demo card's manifest: ports, a tool, settings and permissions for every hook to use. */
export const demoManifest = {
  manifestVersion: 1,
  name: 'test-radar',
  displayName: { en: 'Test radar', ru: 'Радар тестов', zh: '测试雷达' },
  version: '1.0.0',
  protocol: 1,
  card: { defaultSize: { w: 520, h: 380 } },
  permissions: [
    'agents.read',
    'agents.output',
    'agents.prompt',
    'terminals.write',
    'cards.connected',
    'usage.read',
    { id: 'clipboard.write', optional: true, reason: 'Copy the failing tests' },
  ],
  settings: [
    { key: 'command', type: 'string', label: 'Test command', default: 'npm test' },
    { key: 'watch', type: 'boolean', label: 'Run on save', default: false },
    { key: 'token', type: 'secret', label: 'GitHub token' },
  ],
  ports: {
    inputs: [
      { id: 'run', label: 'Run', type: 'ns:trigger' },
      { id: 'text', label: 'Text', type: 'ns:text' },
      { id: 'lookup', label: 'Lookup', type: 'ns:text', mode: 'request', response: { type: 'ns:markdown' } },
    ],
    outputs: [
      { id: 'summary', label: 'Summary', type: 'ns:markdown' },
      { id: 'failures', label: 'Failures', type: 'ns:tasks', retain: true },
    ],
  },
  tools: [
    {
      name: 'run_tests',
      description: 'Runs the project tests and returns the failing ones.',
      inputSchema: { type: 'object', properties: { filter: { type: 'string' } } },
    },
  ],
};

/** Three agents: two AI agents joined by arrows and a shell. */
function demoAgents(): AgentInfo[] {
  return [
    {
      id: 'agent-1',
      name: 'Claude Code',
      harness: 'claude-code',
      kind: 'ai',
      status: 'idle',
      connected: true,
      model: 'claude-sonnet',
    },
    {
      id: 'agent-2',
      name: 'Codex',
      harness: 'codex-cli',
      kind: 'ai',
      status: 'working',
      connected: true,
      turnStartedAt: Date.now() - 40_000,
    },
    { id: 'shell-1', name: 'bash', harness: 'shell-bash', kind: 'shell', status: 'idle', connected: true },
  ];
}

/** A note downstream (takes the summary) and a card upstream (sends text). */
function demoPeers(): MockPeer[] {
  return [
    {
      cardId: 'note-1',
      kind: 'note',
      name: 'Release notes',
      direction: 'downstream',
      inputs: [
        {
          id: 'append',
          label: 'Append',
          type: 'ns:markdown',
          mode: 'stream',
          retain: false,
          default: true,
          permission: 'cards.connected',
        },
        {
          id: 'replace',
          label: 'Replace',
          type: 'ns:markdown',
          mode: 'stream',
          retain: false,
          default: false,
          permission: 'cards.connected',
        },
      ],
      outputs: [
        {
          id: 'text',
          label: 'Text',
          type: 'ns:markdown',
          mode: 'stream',
          retain: true,
          default: false,
          permission: 'cards.connected',
        },
      ],
      retained: { text: '# Release 1.3\n- faster reloads' },
    },
    {
      cardId: 'router-1',
      kind: 'custom',
      type: 'signal-router',
      name: 'Signal router',
      direction: 'upstream',
      inputs: [],
      outputs: [{ id: 'out', label: 'Out', type: 'ns:text', mode: 'stream', retain: false, default: false }],
    },
  ];
}

/** The parameters every story about the demo card starts from. */
export function demoHost(): NeurosquadParameters {
  return { manifest: demoManifest, agents: demoAgents(), peers: demoPeers(), grant: 'all' };
}

const MINUTE = 60_000;

/** An agent's numbers for the last hour, with cache writes not reported (null, shown as such). */
export function demoUsage(now: number): Partial<AgentUsage> {
  return {
    requests: 42,
    inputTokens: 182_000,
    outputTokens: 24_500,
    cacheReadTokens: 610_000,
    cacheWriteTokens: null,
    totalTokens: 816_500,
    prompts: 5,
    workingMs: 23 * MINUTE,
    elapsedMs: 58 * MINUTE,
    costMicroUsd: 1_420_000,
    firstPromptAt: now - 58 * MINUTE,
    lastFinishedAt: now - 2 * MINUTE,
  };
}

/** An agent's last hour as requests, status spans and turns. */
export function demoTimeline(now: number): Partial<AgentTimeline> {
  const since = now - 60 * MINUTE;
  const requests: AgentRequestSpan[] = Array.from({ length: 24 }, (_, i) => {
    const endedAt = since + (i + 1) * 2.3 * MINUTE;
    return {
      startedAt: endedAt - (20 + (i % 5) * 9) * 1000,
      endedAt,
      model: 'claude-sonnet',
      inputTokens: 4000 + i * 350,
      outputTokens: 300 + (i % 7) * 120,
      cacheReadTokens: 20_000,
      cacheWriteTokens: null,
      tools: i % 3 === 0 ? ['Bash'] : ['Read', 'Edit'],
    };
  });
  return {
    requestTimes: 'start-end',
    requests,
    statuses: [
      { status: 'idle', from: since, to: since + 5 * MINUTE },
      { status: 'working', from: since + 5 * MINUTE, to: since + 30 * MINUTE },
      { status: 'needs-input', from: since + 30 * MINUTE, to: since + 34 * MINUTE },
      { status: 'working', from: since + 34 * MINUTE, to: since + 57 * MINUTE },
      { status: 'finished', from: since + 57 * MINUTE, to: now },
    ],
    turns: [
      { start: since + 5 * MINUTE, end: since + 30 * MINUTE, endedAs: 'needs-input', counted: true },
      { start: since + 34 * MINUTE, end: since + 57 * MINUTE, endedAs: 'finished', counted: true },
    ],
  };
}
