import type { AgentInfo } from '@neurosquad/card-sdk';
import type { MockPeer } from '@neurosquad/card-sdk/testing';

/** Agents for the preview, the story and the tests: three connected, one on the canvas but not connected. */
export function sampleAgents(): AgentInfo[] {
  return [
    { id: 'agent-1', name: 'Claude Code', harness: 'claude-code', kind: 'ai', status: 'working', connected: true },
    { id: 'agent-2', name: 'Codex', harness: 'codex-cli', kind: 'ai', status: 'needs-input', connected: true },
    { id: 'agent-3', name: 'OpenCode', harness: 'opencode', kind: 'ai', status: 'finished', connected: true },
    { id: 'agent-4', name: 'Shell', harness: 'shell-bash', kind: 'shell', status: 'idle', connected: false },
  ];
}

/** A note this card sends its summary to. */
export const notePeer: MockPeer = {
  cardId: 'note-1',
  kind: 'note',
  name: 'Notes',
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
  ],
  outputs: [],
};
