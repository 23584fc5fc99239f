import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectScripted, flush } from './card.test-helper.js';
import { normalizeToolResult, toolError, toolImage, toolText } from './tools.js';

afterEach(() => {
  vi.useRealTimers();
});

const agent = { id: 'agent-1', name: 'Claude Code' };
const callEvent = (callId: string, tool: string, args: unknown = {}, deadline = Date.now() + 30_000) => ({
  callId,
  tool,
  args,
  agent,
  deadline,
});

describe('tool results', () => {
  it('normalizes handler return values', () => {
    expect(normalizeToolResult(undefined)).toEqual({ content: [{ type: 'text', text: 'OK' }] });
    expect(normalizeToolResult('done')).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(normalizeToolResult({ a: [1] })).toEqual({
      content: [{ type: 'text', text: '{\n  "a": [\n    1\n  ]\n}' }],
    });
    expect(normalizeToolResult(null)).toEqual({ content: [{ type: 'text', text: 'null' }] });
    const payload = { content: [{ type: 'text', text: 'x' }], isError: true };
    expect(normalizeToolResult(payload)).toBe(payload);
  });

  it('builds payloads with toolText, toolImage and toolError', () => {
    expect(toolText('hi')).toEqual({ content: [{ type: 'text', text: 'hi' }] });
    expect(toolImage('aGk=', 'image/png')).toEqual({
      content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }],
    });
    expect(toolError('nope')).toEqual({ content: [{ type: 'text', text: 'nope' }], isError: true });
  });
});

describe('card.tools.handle', () => {
  it('runs the handler with args and call context, sends progress and the normalized result', async () => {
    const { host, card } = await connectScripted();
    const seen: unknown[] = [];
    card.tools.handle<{ filter?: string }>('run_tests', async ({ filter }, call) => {
      seen.push(filter, call.callId, call.tool, call.agent);
      call.progress('running…');
      call.progress('');
      call.progress('x'.repeat(300));
      return { passed: 3 };
    });
    host.emit('tools.call', callEvent('call-1', 'run_tests', { filter: 'auth' }));
    await flush();
    expect(seen).toEqual(['auth', 'call-1', 'run_tests', agent]);
    expect(host.params('tools.progress')).toEqual([
      { callId: 'call-1', message: 'running…' },
      { callId: 'call-1', message: '…' },
      { callId: 'call-1', message: 'x'.repeat(200) },
    ]);
    expect(host.params('tools.respond')).toEqual([
      { callId: 'call-1', result: { content: [{ type: 'text', text: '{\n  "passed": 3\n}' }] } },
    ]);
    card.close();
  });

  it('runs calls that arrived before handle() once it is registered', async () => {
    const { host, card } = await connectScripted();
    host.emit('tools.call', callEvent('call-1', 'read_notes'));
    await flush();
    expect(host.requests('tools.respond')).toEqual([]);
    card.tools.handle('read_notes', () => 'notes');
    await flush();
    expect(host.params('tools.respond')).toEqual([
      { callId: 'call-1', result: { content: [{ type: 'text', text: 'notes' }] } },
    ]);
    card.close();
  });

  it('refuses a second handler for the same tool; off() removes only its own handler', async () => {
    const { card } = await connectScripted();
    const off = card.tools.handle('t', () => 'a');
    expect(() => card.tools.handle('t', () => 'b')).toThrow(
      'a handler for tool "t" is already registered — remove the old one first',
    );
    off();
    const offAgain = card.tools.handle('t', () => 'c');
    off();
    expect(() => card.tools.handle('t', () => 'd')).toThrow(/already registered/);
    offAgain();
    card.close();
  });

  it('sends a thrown error (cut to 4000 chars) and logs a warning', async () => {
    const { host, card } = await connectScripted();
    card.tools.handle('accept', () => {
      throw new Error('Only the user can accept');
    });
    card.tools.handle('long', () => {
      throw new Error('e'.repeat(5000));
    });
    host.emit('tools.call', callEvent('call-1', 'accept'));
    host.emit('tools.call', callEvent('call-2', 'long'));
    await flush();
    expect(host.params('tools.respond')[0]).toEqual({ callId: 'call-1', error: 'Only the user can accept' });
    expect(host.params('tools.respond')[1].error).toHaveLength(4000);
    expect(host.params('host.log')).toContainEqual({
      level: 'warn',
      message: 'tool accept failed: Only the user can accept',
    });
    card.close();
  });

  it('aborts the handler on tools.cancel with USER_CANCELLED and sends nothing', async () => {
    const { host, card } = await connectScripted();
    let reason: unknown;
    card.tools.handle(
      'slow',
      (_args, call) =>
        new Promise((resolve) => {
          call.signal.addEventListener('abort', () => {
            reason = call.signal.reason;
            call.progress('too late');
            resolve('finished anyway');
          });
        }),
    );
    host.emit('tools.call', callEvent('call-1', 'slow'));
    await flush();
    host.emit('tools.cancel', { callId: 'call-1' });
    await flush();
    expect(reason).toMatchObject({ code: 'USER_CANCELLED', hostMessage: 'the host cancelled the tool call' });
    expect(host.requests('tools.respond')).toEqual([]);
    expect(host.requests('tools.progress')).toEqual([]);
    card.close();
  });

  it('aborts the handler at the deadline with TIMEOUT and sends nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { host, card } = await connectScripted();
    let reason: unknown;
    card.tools.handle(
      'slow',
      (_args, call) =>
        new Promise((_resolve, reject) => {
          call.signal.addEventListener('abort', () => {
            reason = call.signal.reason;
            reject(call.signal.reason);
          });
        }),
    );
    host.emit('tools.call', callEvent('call-1', 'slow', {}, Date.now() + 1000));
    await flush();
    vi.advanceTimersByTime(1000);
    await flush();
    expect(reason).toMatchObject({ code: 'TIMEOUT', hostMessage: 'the tool call passed its deadline' });
    expect(host.requests('tools.respond')).toEqual([]);
    card.close();
  });

  it('forgets a parked call after its deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { host, card } = await connectScripted();
    host.emit('tools.call', callEvent('call-1', 'late', {}, Date.now() + 500));
    await flush();
    vi.advanceTimersByTime(500);
    card.tools.handle('late', () => 'never');
    await flush();
    expect(host.requests('tools.respond')).toEqual([]);
    card.close();
  });

  it('sends a fallback error when the host refuses the result', async () => {
    const { host, card } = await connectScripted();
    card.tools.handle('bad', () => ({ content: [] }));
    host.emit('tools.call', callEvent('call-1', 'bad'));
    await flush();
    const replies = host.params('tools.respond');
    expect(replies).toHaveLength(1);
    expect(replies[0].callId).toBe('call-1');
    expect(replies[0].error).toMatch(/^the card produced an invalid result: /);
    card.close();
  });

  it('gives a call without a deadline the default tool timeout instead of aborting it', async () => {
    const { host, card } = await connectScripted();
    const deadlines: number[] = [];
    card.tools.handle('quick', (_args, call) => {
      deadlines.push(call.deadline - Date.now());
      return call.signal.aborted ? 'aborted' : 'fine';
    });
    host.emit('tools.call', { callId: 'call-1', tool: 'quick', args: {}, agent });
    await flush();
    expect(deadlines[0]).toBeGreaterThan(25_000);
    expect(host.params('tools.respond')).toEqual([
      { callId: 'call-1', result: { content: [{ type: 'text', text: 'fine' }] } },
    ]);
    card.close();
  });

  it('setEnabled sends tools.setEnabled', async () => {
    const { host, card } = await connectScripted();
    host.on('tools.setEnabled', () => undefined);
    await card.tools.setEnabled('run_tests', false);
    expect(host.params('tools.setEnabled')).toEqual([{ tool: 'run_tests', enabled: false }]);
    card.close();
  });
});
