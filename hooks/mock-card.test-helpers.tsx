// Test support for the hooks: a mock host, a connected card and a provider wrapper.
import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import type { Card } from '../src/index.js';
import { createMockHost, type MockHost, type MockHostOptions } from '../src/testing/index.js';
import { CardProvider } from './CardProvider.js';

/** A manifest with every permission, an input, an output and a tool, for hook tests. */
const testManifest = {
  manifestVersion: 1,
  name: 'hook-test',
  displayName: 'Hook test',
  version: '1.0.0',
  protocol: 1,
  entry: 'index.html',
  permissions: ['agents.read', 'agents.output', 'usage.read', { id: 'clipboard.write', optional: true }],
  settings: [
    { key: 'command', type: 'string', label: 'Command', default: 'npm test' },
    { key: 'token', type: 'secret', label: 'Token' },
  ],
  ports: {
    inputs: [
      { id: 'text', label: 'Text', type: 'ns:text' },
      { id: 'lookup', label: 'Lookup', type: 'ns:text', mode: 'request', response: { type: 'ns:text' } },
    ],
    outputs: [{ id: 'summary', label: 'Summary', type: 'ns:markdown', retain: true }],
  },
  tools: [
    {
      name: 'read_notes',
      description: 'Reads the notes.',
      inputSchema: { type: 'object', properties: {} },
    },
  ],
};

/** A mock host with `testManifest` (override anything) and the card connected to it. */
export async function connectMock(options: MockHostOptions = {}): Promise<{ host: MockHost; card: Card }> {
  const host = createMockHost({ manifest: testManifest, ...options });
  const card = await host.connect({ theme: false, syncLang: false, forwardErrors: false });
  return { host, card };
}

/** A wrapper for `render`/`renderHook`: the card's provider (in StrictMode when asked) with a fresh cache. */
export function providerFor(card: Card, options: { strict?: boolean; queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Wrapper({ children }: { children?: ReactNode }) {
    const tree = (
      <CardProvider card={card} queryClient={queryClient}>
        {children}
      </CardProvider>
    );
    return options.strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
}

/** Lets pending host messages and timers run (the mock answers over a MessageChannel). */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Lets host messages and React updates flush until `condition` holds, counting rounds rather than waiting on the
 * clock (a busy machine makes each round slower, never fewer); fails after `rounds` rounds.
 */
export async function settleUntil(condition: () => boolean, rounds = 2000): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    if (condition()) return;
    await act(() => settle(1));
  }
  if (!condition()) throw new Error(`still not true after ${rounds} rounds of host traffic: ${String(condition)}`);
}

/** The methods the mock recorded, in order. */
export function methodsCalled(host: MockHost, method?: string): string[] {
  return host.calls.map((call) => call.method).filter((name) => method === undefined || name === method);
}
