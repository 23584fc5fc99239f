import { describe, expect, it } from 'vitest';
import type { Channel } from '../transport/channel.js';
import { connectScripted, flush } from './card.test-helper.js';
import { createLog, formatLogLine } from './log.js';

/** A channel stand-in that records `host.log` lines. */
function recordingChannel(): Channel & { lines: Array<{ level: string; message: string }> } {
  const lines: Array<{ level: string; message: string }> = [];
  return {
    lines,
    closed: false,
    inFlight: 0,
    queued: 0,
    request: async (_method: string, params?: unknown) => {
      lines.push(params as { level: string; message: string });
      return undefined as never;
    },
    notify: () => undefined,
    attach: () => undefined,
    onClose: () => () => undefined,
    close: () => undefined,
  };
}

describe('log formatting', () => {
  it('joins strings, errors and JSON with spaces and cuts the line at 2000 chars', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at here';
    expect(formatLogLine(['count', 3, { a: [1] }, null, undefined, error])).toBe(
      'count 3 {"a":[1]} null undefined Error: boom\n    at here',
    );
    const bare = new TypeError('bad');
    bare.stack = '';
    expect(formatLogLine([bare])).toBe('TypeError: bad');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(formatLogLine([cyclic])).toBe('[object Object]');
    expect(formatLogLine(['x'.repeat(3000)])).toHaveLength(2000);
  });
});

describe('log rate', () => {
  it('sends 49 lines a second, drops the rest and reports the count at the next window', () => {
    let now = 10_000;
    const channel = recordingChannel();
    const log = createLog(channel, () => now);
    for (let i = 0; i < 60; i += 1) log.info(`line ${i}`);
    expect(channel.lines).toHaveLength(49);
    expect(channel.lines.at(-1)).toEqual({ level: 'info', message: 'line 48' });
    now += 999;
    log.warn('still dropped');
    expect(channel.lines).toHaveLength(49);
    now += 1;
    log.error('new window');
    expect(channel.lines.slice(49)).toEqual([
      { level: 'warn', message: '[card-sdk] 12 log lines dropped (limit 50/s)' },
      { level: 'error', message: 'new window' },
    ]);
    // The notice takes the line kept free for it: 49 lines of the card still fit in that window.
    for (let i = 1; i < 60; i += 1) log.info(`more ${i}`);
    expect(channel.lines).toHaveLength(49 + 1 + 49);
    expect(channel.lines.at(-1)).toEqual({ level: 'info', message: 'more 48' });
  });

  it('sends through card.log as host.log, and nothing once closed', async () => {
    const { host, card } = await connectScripted();
    card.log.debug('a', 1);
    card.log.info('b');
    await flush();
    expect(host.params('host.log')).toEqual([
      { level: 'debug', message: 'a 1' },
      { level: 'info', message: 'b' },
    ]);
    card.close();
    card.log.error('after close');
    await flush();
    expect(host.params('host.log')).toHaveLength(2);
  });
});

describe('error forwarding', () => {
  it('sends window errors and unhandled rejections as error lines until close', async () => {
    const target = new EventTarget();
    const { host, card } = await connectScripted({}, { forwardErrors: true, window: target as never });
    const failure = new Error('kaput');
    failure.stack = 'Error: kaput';
    target.dispatchEvent(new ErrorEvent('error', { error: failure, message: 'kaput' }));
    target.dispatchEvent(new ErrorEvent('error', { message: 'Script error', filename: 'main.js', lineno: 7 }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'nope' });
    target.dispatchEvent(rejection);
    await flush();
    expect(host.params('host.log')).toEqual([
      { level: 'error', message: 'Error: kaput' },
      { level: 'error', message: 'Script error (main.js:7)' },
      { level: 'error', message: 'Unhandled rejection: nope' },
    ]);
    card.close();
    target.dispatchEvent(new ErrorEvent('error', { error: failure }));
    await flush();
    expect(host.params('host.log')).toHaveLength(3);
  });
});
