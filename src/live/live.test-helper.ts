// Test support for the live models: a mock host with agents, ports and storage, its card, and a way to wait.
import type { AgentInfo, Card } from '../index.js';
import { createMockHost, type MockHost, type MockHostOptions } from '../testing/index.js';

const manifest = {
  manifestVersion: 1,
  name: 'live-test',
  displayName: 'Live test',
  version: '1.0.0',
  protocol: 1,
  entry: 'index.html',
  permissions: ['agents.read', { id: 'clipboard.write', optional: true }],
  ports: {
    inputs: [
      { id: 'text', label: 'Text', type: 'ns:text' },
      { id: 'count', label: 'Count', type: 'ns:number' },
    ],
    outputs: [{ id: 'summary', label: 'Summary', type: 'ns:markdown' }],
  },
};

/** A mock host (options override the defaults above) and the card connected to it, without a DOM. */
export async function connectLive(options: MockHostOptions = {}): Promise<{ host: MockHost; card: Card }> {
  const host = createMockHost({ manifest, ...options });
  const card = await host.connect({ theme: false, syncLang: false, forwardErrors: false });
  return { host, card };
}

/** An agent for the mock's list. */
export function agent(id: string, extra: Partial<AgentInfo> = {}): AgentInfo {
  return { id, name: `Agent ${id}`, harness: 'claude-code', kind: 'ai', status: 'idle', connected: true, ...extra };
}

/** Lets host traffic run until `condition` holds (fails after `rounds` rounds). */
export async function until(condition: () => boolean, rounds = 500): Promise<void> {
  for (let i = 0; i < rounds && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  if (!condition()) throw new Error(`still not true after ${rounds} rounds: ${String(condition)}`);
}

/** The methods the mock recorded, in order. */
export function methodsCalled(host: MockHost, method: string): string[] {
  return host.calls.map((call) => call.method).filter((name) => name === method);
}
