// The documented examples, run against the mock host: they must type-check and behave as the docs say.
import { describe, expect, it } from 'vitest';
import { isCardSdkError } from '../contract/errors.js';
import type { CardManifest } from '../contract/types.js';
import { createMockHost, type MockFetchRequest } from '../testing/index.js';
import { flush } from './card.test-helper.js';
import { requestPermissions } from './request-permissions.js';

const manifest = {
  manifestVersion: 1,
  name: 'test-radar',
  displayName: { en: 'Test radar' },
  version: '1.0.0',
  protocol: 1,
  entry: 'dist/index.html',
  permissions: ['agents.read', 'terminals.write', { id: 'network', hosts: ['api.github.com'] }],
  ports: {
    inputs: [
      { id: 'text', label: 'Text', type: 'ns:text' },
      { id: 'lookup', label: 'Look up', type: 'ns:text', mode: 'request', response: { type: 'ns:json' } },
    ],
    outputs: [{ id: 'failures', label: 'Failures', type: 'ns:tasks', retain: true }],
  },
  tools: [
    {
      name: 'run_tests',
      description: "Runs the project's tests and returns the failing ones.",
      inputSchema: { type: 'object', properties: { filter: { type: 'string' } } },
    },
  ],
} as unknown as CardManifest;

describe('documented examples', () => {
  it('tools: handle<Args> with progress; a string result reaches the agent as text', async () => {
    const host = createMockHost({ manifest });
    const card = await host.connect({ theme: false, forwardErrors: false });
    const seen: Array<string | undefined> = [];
    card.tools.handle<{ filter?: string }>('run_tests', async ({ filter }, call) => {
      call.progress('running…');
      seen.push(filter);
      return 'All tests passed';
    });
    await expect(host.callTool('run_tests', { filter: 'auth' })).resolves.toEqual({
      content: [{ type: 'text', text: 'All tests passed' }],
    });
    expect(seen).toEqual(['auth']);
    card.close();
  });

  it('ports: onMessage<T> and onRequest<T> with a typed answer', async () => {
    const host = createMockHost({
      manifest,
      peers: [
        {
          cardId: 'peer-1',
          kind: 'custom',
          name: 'Peer',
          direction: 'upstream',
          inputs: [],
          outputs: [{ id: 'out', label: 'Out', type: 'ns:text', mode: 'stream', retain: false, default: false }],
        },
      ],
    } as never);
    const card = await host.connect({ theme: false, forwardErrors: false });
    const texts: string[] = [];
    card.ports.onMessage<string>((text, message) => texts.push(`${message.input}:${text}`), { input: 'text' });
    card.ports.onRequest<string>('lookup', async (query, request) => {
      expect(request.signal.aborted).toBe(false);
      return { query, hits: ['a.test.ts'] };
    });
    host.sendPortMessage('text', 'hello');
    await flush();
    expect(texts).toEqual(['text:hello']);
    await expect(host.requestPort('lookup', 'flaky')).resolves.toEqual({ query: 'flaky', hits: ['a.test.ts'] });
    card.close();
  });

  it('net: json<T>() and streamed lines', async () => {
    const host = createMockHost({
      manifest,
      fetch: (request: MockFetchRequest) =>
        request.url.endsWith('/issues') ? { body: [{ title: 'Bug' }] } : { stream: ['one\ntw', 'o\n', 'three'] },
    });
    const card = await host.connect({ theme: false, forwardErrors: false });
    const res = await card.net.fetch('https://api.github.com/repos/acme/app/issues', {
      headers: { Accept: 'application/json' },
      responseType: 'json',
    });
    const issues = await res.json<{ title: string }[]>();
    expect(issues.map((issue) => issue.title)).toEqual(['Bug']);
    const stream = await card.net.fetch('https://api.github.com/stream', { responseType: 'stream' });
    const lines: string[] = [];
    for await (const line of stream.lines()) lines.push(line);
    expect(lines).toEqual(['one', 'two', 'three']);
    card.close();
  });

  it('errors: isCardSdkError with a code, and requestPermissions never throws', async () => {
    const host = createMockHost({ manifest, grant: [] });
    const card = await host.connect({ theme: false, forwardErrors: false });
    const error = await card.agents.list().catch((e: unknown) => e);
    expect(isCardSdkError(error, 'PERMISSION_DENIED')).toBe(true);
    await expect(requestPermissions(card, 'agents.read', null)).resolves.toEqual([]);
    card.close();
  });
});
