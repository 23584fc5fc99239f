// Manifests, agents and peers shaped exactly like the public documentation's examples.
import type { AgentInfo, CardManifest } from '../../src/index.js';
import { port } from '../../src/testing/fixtures.js';
import type { MockPeer } from '../../src/testing/index.js';

export { README_MANIFEST, notePeer, port, settle, todoPeer } from '../../src/testing/fixtures.js';

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
