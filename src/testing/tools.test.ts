// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CardManifest } from '../contract/types.js';
import { settle } from './fixtures.js';
import { createMockHost } from './index.js';

const MANIFEST: CardManifest = {
  manifestVersion: 1,
  name: 'decision-log',
  displayName: 'Decision log',
  version: '1.0.0',
  protocol: 1,
  tools: [
    {
      name: 'log_decision',
      description: 'Records a decision.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' }, weight: { type: 'integer', minimum: 5 } },
        required: ['text'],
      },
      timeoutMs: 5000,
    },
    { name: 'accept', description: 'Accepts a decision.', inputSchema: { type: 'object' } },
  ],
};

describe('callTool', () => {
  it('resolves with the result the card sent, with a callId', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    const seen: unknown[] = [];
    card.tools.handle<{ text: string }>('log_decision', ({ text }, call) => {
      seen.push(call.agent);
      call.progress('saving…');
      return `Logged: ${text}`;
    });
    const pending = host.callTool('log_decision', { text: 'Ship it' });
    expect(pending.callId).toBe('call-1');
    await expect(pending).resolves.toEqual({ content: [{ type: 'text', text: 'Logged: Ship it' }] });
    expect(seen).toEqual([{ id: 'agent-1', name: 'Claude Code' }]);
    expect(host.events[0]).toEqual({
      event: 'tools.call',
      data: {
        callId: 'call-1',
        tool: 'log_decision',
        args: { text: 'Ship it' },
        agent: { id: 'agent-1', name: 'Claude Code' },
        deadline: expect.any(Number),
      },
    });
  });

  it('rejects at once for an unknown tool or bad args', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const unknown = host.callTool('nope');
    expect(unknown.callId).toBe('');
    await expect(unknown).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'mock host: the manifest declares no tool "nope"',
    });
    await expect(host.callTool('log_decision', { text: 'x', weight: 2 })).rejects.toThrow(
      /less than 5|at least 5|minimum/,
    );
    await expect(host.callTool('log_decision', {})).rejects.toThrow(/^mock host: invalid tool args — /);
  });

  it('rejects with INTERNAL carrying the text of a handler that threw', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    card.tools.handle('accept', () => {
      throw new Error('Only the user can accept');
    });
    await expect(host.callTool('accept', {})).rejects.toThrow(/Only the user can accept/);
    await expect(host.callTool('accept', {})).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('times out with tools.cancel, and cancels on demand', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    let aborted: unknown;
    card.tools.handle(
      'accept',
      (_args, call) =>
        new Promise((resolve) => call.signal.addEventListener('abort', () => resolve((aborted = call.signal.reason)))),
    );
    await expect(host.callTool('accept', {}, { timeoutMs: 10 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      hostMessage: 'tool accept timed out',
    });
    expect(host.events.at(-1)).toEqual({ event: 'tools.cancel', data: { callId: 'call-1' } });
    const running = host.callTool('accept', {});
    await settle();
    host.cancelTool(running.callId);
    await expect(running).rejects.toMatchObject({ code: 'USER_CANCELLED', hostMessage: 'cancelled' });
    await settle();
    expect(aborted).toMatchObject({ code: 'USER_CANCELLED' });
  });

  it('enables and disables declared tools only', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    await card.tools.setEnabled('accept', false);
    expect(host.chrome.enabledTools).toEqual({ accept: false });
    await expect(card.tools.setEnabled('nope', true)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'no tool nope',
    });
    await expect(
      card.call('tools.respond', { callId: 'call-77', result: { content: [{ type: 'text', text: 'x' }] } }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: 'no tool call call-77',
    });
  });
});
