// Manifests, agents and peers shaped exactly like the public documentation's examples.
import type { AgentInfo, CardManifest, PortInfo } from '../../src/index.js';
import { notePeer as mockNotePeer } from '../../src/testing/fixtures.js';
import type { MockPeer } from '../../src/testing/index.js';

export { settle } from '../../src/testing/fixtures.js';

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

/** A manifest for one example: the README's identity plus what the example declares. */
export function manifestWith(extra: Partial<CardManifest>): CardManifest {
  return {
    manifestVersion: 1,
    name: 'seed-card',
    displayName: 'Seed card',
    version: '1.0.0',
    protocol: 1,
    entry: 'dist/index.html',
    ...extra,
  };
}

/** A port description as the app reports it. */
export function port(id: string, type: string, extra: Partial<PortInfo> = {}): PortInfo {
  return { id, label: id, type, mode: 'stream', retain: false, default: false, ...extra } as PortInfo;
}

/** The built-in note of the ports documentation: `append` (default) and `replace` in, `text` out. */
export function notePeer(cardId: string, direction: MockPeer['direction'] = 'downstream', extra: Partial<MockPeer> = {}): MockPeer {
  return mockNotePeer(cardId, direction, extra);
}

/** The built-in todo list: `add` (default) and `update` in, `items` out (retained). */
export function todoPeer(cardId: string, direction: MockPeer['direction'] = 'downstream', extra: Partial<MockPeer> = {}): MockPeer {
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

/** A built-in AI agent card: `prompt` in, `status` and `reply` out. */
export function agentPeer(cardId: string, direction: MockPeer['direction'] = 'downstream'): MockPeer {
  return {
    cardId,
    kind: 'agent',
    name: 'Claude Code',
    type: 'claude-code',
    direction,
    inputs: [port('prompt', 'ns:text', { default: true, permission: 'agents.prompt' })],
    outputs: [
      port('status', 'ns:event', { retain: true, permission: 'agents.read' }),
      port('reply', 'ns:markdown', { retain: true, permission: 'agents.output' }),
    ],
  };
}

/** A custom card of another package. */
export function customPeer(cardId: string, direction: MockPeer['direction'], extra: Partial<MockPeer> = {}): MockPeer {
  return {
    cardId,
    kind: 'custom',
    name: `Custom ${cardId}`,
    type: 'other-card',
    direction,
    inputs: [],
    outputs: [],
    ...extra,
  };
}

/** Two AI agents and a terminal; `agent-1` and `shell-1` are connected by arrows, `agent-2` is not. */
export function seedAgents(): AgentInfo[] {
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
    { id: 'agent-2', name: 'Codex', harness: 'codex-cli', kind: 'ai', status: 'needs-input', connected: false },
    { id: 'shell-1', name: 'bash', harness: 'shell-bash', kind: 'shell', status: 'idle', connected: true },
  ];
}

/** Resolves with what `promise` rejected with (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
