// Shared test fixtures (mock host and documentation tests): manifests, agents and peers shaped like the seeds' examples.
import type { AgentInfo, CardManifest, PortInfo } from '../contract/types.js';
import type { MockPeer } from './types.js';

// Taken when the fixtures load, before any test fakes timers: MessagePort traffic is the only clock settle trusts.
const realImmediate = globalThis.setImmediate;

/** Lets MessagePort traffic flush, the way card tests do (also while a test fakes `setImmediate`). */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => realImmediate(resolve));
}

/** The README's `neurosquad-card.json`, verbatim. */
export const README_MANIFEST: CardManifest = {
  $schema: './node_modules/@neurosquad/card-sdk/schema/neurosquad-card.v1.json',
  manifestVersion: 1,
  name: 'test-radar',
  displayName: { en: 'Test radar', ru: 'Радар тестов' },
  version: '1.0.0',
  protocol: 1,
  icon: 'icon.png',
  entry: 'dist/index.html',
  card: { defaultSize: { w: 460, h: 340 } },
  permissions: ['agents.read', 'terminals.write', { id: 'network', hosts: ['api.github.com'] }],
  settings: [{ key: 'command', type: 'string', label: 'Test command', default: 'npm test' }],
  ports: {
    inputs: [{ id: 'run', label: 'Run', type: 'ns:trigger' }],
    outputs: [{ id: 'failures', label: 'Failures', type: 'ns:tasks', retain: true }],
  },
  tools: [
    {
      name: 'run_tests',
      description: "Runs the project's tests and returns the failing ones.",
      inputSchema: { type: 'object', properties: { filter: { type: 'string' } } },
    },
  ],
};

/** The test radar of the README, plus `cards.connected` to feed a todo list. */
export const TEST_RADAR_MANIFEST: CardManifest = {
  ...README_MANIFEST,
  permissions: ['agents.read', 'terminals.write', 'cards.connected', { id: 'network', hosts: ['api.github.com'] }],
};

/** A summariser: takes a note's Markdown in, sends a summary out to another note. */
export const SUMMARISER_MANIFEST: CardManifest = {
  manifestVersion: 1,
  name: 'summariser',
  displayName: 'Summariser',
  version: '1.0.0',
  protocol: 1,
  permissions: ['cards.connected'],
  ports: {
    inputs: [{ id: 'text', label: { en: 'Text', ru: 'Текст' }, type: 'ns:markdown' }],
    outputs: [{ id: 'summary', label: 'Summary', type: 'ns:markdown' }],
  },
};

/** A port description as the app reports it. */
export function port(id: string, type: string, extra: Partial<PortInfo> = {}): PortInfo {
  return { id, label: id, type, mode: 'stream', retain: false, default: false, ...extra } as PortInfo;
}

/** A built-in note: `append` (default) and `replace` in, `text` out (retained). */
export function notePeer(
  cardId: string,
  direction: MockPeer['direction'] = 'downstream',
  extra: Partial<MockPeer> = {},
): MockPeer {
  return {
    cardId,
    kind: 'note',
    name: `Note ${cardId}`,
    direction,
    inputs: [
      port('append', 'ns:markdown', { default: true, permission: 'cards.connected' }),
      port('replace', 'ns:markdown', { permission: 'cards.connected' }),
    ],
    outputs: [port('text', 'ns:markdown', { retain: true, permission: 'cards.connected' })],
    ...extra,
  };
}

/** A built-in todo list: `add` (default, tasks) and `update` (task patch) in, `items` out. */
export function todoPeer(
  cardId: string,
  direction: MockPeer['direction'] = 'downstream',
  extra: Partial<MockPeer> = {},
): MockPeer {
  return {
    cardId,
    kind: 'todo',
    name: `Todo ${cardId}`,
    direction,
    inputs: [
      port('add', 'ns:tasks', { default: true, permission: 'cards.connected' }),
      port('update', 'ns:task-patch', { permission: 'cards.connected' }),
    ],
    outputs: [port('items', 'ns:tasks', { retain: true, permission: 'cards.connected' })],
    ...extra,
  };
}

/** An AI agent and a terminal, both connected by arrows, and one agent that is not. */
export function sampleAgents(): AgentInfo[] {
  return [
    {
      id: 'agent-1',
      name: 'Claude Code',
      harness: 'claude-code',
      kind: 'ai',
      status: 'idle',
      connected: true,
      model: 'opus',
    },
    { id: 'shell-1', name: 'bash', harness: 'shell-bash', kind: 'shell', status: 'idle', connected: true },
    { id: 'agent-2', name: 'Codex', harness: 'codex-cli', kind: 'ai', status: 'working', connected: false },
  ];
}
