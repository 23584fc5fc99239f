// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { connect } from '../index.js';
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
      hostMessage: 'mock host: the manifest declares no tool "nope" (declared: "log_decision", "accept")',
      data: { tool: 'nope', declared: ['log_decision', 'accept'] },
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

  it('sees the handlers of a card whose tools it did not build on connecting', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    expect(typeof Object.getOwnPropertyDescriptor(card, 'tools')?.get).toBe('function');
    const tools = card.tools;
    expect(card.tools).toBe(tools);
    tools.handle('accept', () => 'ok');
    await expect(host.callTool('log_decisions', { text: 'x' })).rejects.toMatchObject({
      hostMessage: expect.stringContaining('registered: "accept"'),
    });
  });

  it('fails loudly when its watch on card.tools is read off a copy of the card, and the card still works', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(card)) as typeof card;
    expect(() => copy.tools).toThrow(new TypeError('card.tools read off a card the mock host does not watch'));
    card.tools.handle('accept', () => 'ok');
    await expect(host.callTool('accept', {})).resolves.toMatchObject({ content: [{ type: 'text', text: 'ok' }] });
  });

  it('refuses a misspelt tool at once, with the close declared one and the registered ones', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    card.tools.handle('accept', () => 'ok');
    await expect(host.callTool('log_decisions', { text: 'x' })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage:
        'mock host: the manifest declares no tool "log_decisions"; did you mean "log_decision"? (declared: "log_decision", "accept"; registered: "accept")',
    });
    expect(host.events).toEqual([]);
  });

  it('fails a call at once when the card registered a misspelt handler, naming both lists', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    card.tools.handle('log_decisin', () => 'never');
    warn.mockRestore();
    const started = performance.now();
    const error = await host.callTool('log_decision', { text: 'x' }).catch((failure: unknown) => failure);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      hostMessage:
        'mock host: the card registered no handler for tool "log_decision" (card.tools.handle or useTool) (declared: "log_decision", "accept"; registered: "log_decisin"); is "log_decisin" a misspelling of "log_decision"?',
      data: { tool: 'log_decision', declared: ['log_decision', 'accept'], registered: ['log_decisin'] },
    });
    // Refused before the call reached the card.
    expect(host.events).toEqual([]);
  });

  it('fails a waiting call as soon as the card registers a misspelt handler for it', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    const call = host.callTool('log_decision', { text: 'x' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setTimeout(() => card.tools.handle('log_decisin', () => 'never'), 20);
    const error = await call.catch((failure: unknown) => failure);
    warn.mockRestore();
    expect(error).toMatchObject({ code: 'NOT_FOUND', data: { registered: ['log_decisin'] } });
    expect(host.events.at(-1)).toEqual({ event: 'tools.cancel', data: { callId: call.callId } });
  });

  it('runs a call whose handler the card registers late, as the published mock does, and names the tools at the deadline', async () => {
    const host = createMockHost({ manifest: MANIFEST });
    const card = await host.connect();
    const late = host.callTool('accept', {});
    setTimeout(() => card.tools.handle('accept', () => 'registered after 300 ms'), 300);
    await expect(late).resolves.toEqual({ content: [{ type: 'text', text: 'registered after 300 ms' }] });
    card.tools.handle('other', () => 'x');
    await expect(host.callTool('log_decision', { text: 'x' }, { timeoutMs: 60 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage:
        'mock host: the card registered no handler for tool "log_decision" within 60 ms (card.tools.handle or useTool) (declared: "log_decision", "accept"; registered: "accept", "other")',
    });
  });

  it('runs a call whose handler comes within the wait, whose length toolHandlerWaitMs sets', async () => {
    const host = createMockHost({ manifest: MANIFEST, toolHandlerWaitMs: 40 });
    const card = await host.connect();
    const early = host.callTool('accept', {});
    setTimeout(() => card.tools.handle('accept', () => 'late but in time'), 5);
    await expect(early).resolves.toEqual({ content: [{ type: 'text', text: 'late but in time' }] });
    const off = card.tools.handle('log_decision', () => 'x');
    off();
    const started = performance.now();
    await expect(host.callTool('log_decision', { text: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      hostMessage: expect.stringContaining('no handler for tool "log_decision" within 40 ms') as unknown as string,
    });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('waits out the call timeout for a card it serves over a port (its handlers are out of sight)', async () => {
    const host = createMockHost({ manifest: MANIFEST, toolHandlerWaitMs: 10 });
    const channel = new MessageChannel();
    host.serve(channel.port1);
    const card = await connect({ port: channel.port2 });
    const call = host.callTool('accept', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    card.tools.handle('accept', () => 'served');
    await expect(call).resolves.toEqual({ content: [{ type: 'text', text: 'served' }] });
    card.close();
    host.close();
  });
});
