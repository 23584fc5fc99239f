// A card's own test as published cards write it: package imports, strict settings, reading every record the
// mock keeps. `tsc -p test/types` compiles it as part of `npm test`; a record typed `unknown` fails the build.
import { isCardSdkError, toolText, type Card, type CardManifest, type ToolCall } from '@neurosquad/card-sdk';
import { createMockHost, type MockHost } from '@neurosquad/card-sdk/testing';
import { describe, expect, it } from 'vitest';

const manifest: CardManifest = {
  manifestVersion: 1,
  name: 'run-stats',
  displayName: 'Run stats',
  version: '1.0.0',
  protocol: 1,
  entry: 'dist/index.html',
  tools: [{ name: 'summary', description: 'The last run', inputSchema: { type: 'object' } }],
};

async function summarize(args: { since?: number } | undefined, call: ToolCall): Promise<string> {
  call.progress(`counting for ${call.agent.name}`);
  if (call.signal.aborted) return 'cancelled';
  return `${call.tool} ${call.callId} since ${args?.since ?? 0} until ${call.deadline}`;
}

function start(card: Card): void {
  new Recorder(card).start();
  card.tools.handle<{ since?: number }>('summary', (args, call: ToolCall) => summarize(args, call));
  card.tools.handle('other', async (_args, call: ToolCall<{ since?: number }>) => toolText(String(call.args?.since)));
}

// Tool arguments typed as an interface (no index signature), the handler's `call` passed on as plain `ToolCall`.
interface RecordArgs {
  title: string;
  body?: string;
}

class Recorder {
  constructor(private readonly card: Card) {}

  start(): void {
    this.card.tools.handle<RecordArgs>('record', (args, call) => this.toolRecord(args, call));
  }

  private toolRecord(args: RecordArgs, call: ToolCall): string {
    call.progress(`recording ${args.title}`);
    return `${args.title}${args.body ?? ''} for ${call.agent.name}`;
  }
}

function readRecords(host: MockHost): unknown[] {
  const { chrome } = host;
  return [
    chrome.title?.title,
    chrome.status?.text,
    chrome.status?.tone,
    chrome.status?.busy,
    chrome.badge?.count,
    chrome.badge?.text,
    chrome.overview?.primary,
    chrome.overview?.secondary,
    chrome.overview?.progress,
    chrome.overview?.tone,
    chrome.overview?.icon,
    chrome.attention?.level,
    chrome.attention?.message,
    chrome.menu.map((m) => m.label),
    chrome.menu.map((m) => [m.id, m.icon, m.tone, m.disabled]),
    chrome.enabledTools.summary,
    host.deliveries.map((d) => [d.to, d.output, d.input, d.data]),
    host.toasts.at(-1)?.message,
    host.toasts.map((t) => t.tone),
    host.calls.filter((c) => c.method === 'agents.timeline').map((c) => c.params.agentId),
    host.prompts.map((p) => [p.agentId, p.text, p.delivered]),
    host.commands.map((c) => [c.agentId, c.command]),
    host.logs.map((l) => `${l.level}: ${l.message}`),
    host.retained.get('go')?.data,
    host.retained.get('go')?.at,
    host.storage.instance.get('notes'),
    host.storage.package.size,
    host.files.get('notes.md')?.data.byteLength,
    host.files.get('notes.md')?.mtimeMs,
    host.files.size,
    host.readFile('notes.md')?.length,
    host.clipboard.at(-1)?.length,
  ];
}

describe('run-stats', () => {
  it('shows the status and answers the tool', async () => {
    const host = createMockHost({ manifest });
    const card = await host.connect();
    start(card);
    await card.setStatus('3 runs', { tone: 'success' });
    expect(host.chrome.status?.text).toBe('3 runs');
    expect(host.chrome.attention?.message).toBeUndefined();
    expect(host.chrome.overview?.primary).toBeUndefined();
    expect(readRecords(host).length).toBeGreaterThan(0);
    try {
      await card.agents.prompt('agent-1', 'Run the tests');
    } catch (error) {
      if (!isCardSdkError(error, 'NOT_CONNECTED')) throw error;
      expect(error.hint).toEqual(expect.any(String));
    }
  });
});
