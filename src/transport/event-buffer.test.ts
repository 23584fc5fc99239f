// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBuffer } from './event-buffer.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createEventBuffer', () => {
  it('keeps the events that arrive before the card listens and replays them in order, then passes the next ones', () => {
    const buffer = createEventBuffer();
    buffer.deliver('theme.changed', { mode: 'dark' });
    buffer.deliver('i18n.changed', { language: 'ru' });
    const heard: unknown[] = [];
    buffer.attach((event, data) => heard.push([event, data]));
    buffer.deliver('host.ping', { seq: 1 });
    expect(heard).toEqual([
      ['theme.changed', { mode: 'dark' }],
      ['i18n.changed', { language: 'ru' }],
      ['host.ping', { seq: 1 }],
    ]);
  });

  it('keeps the newest 500 early events', () => {
    const buffer = createEventBuffer();
    for (let i = 0; i < 510; i += 1) buffer.deliver('host.ping', { seq: i });
    const seqs: number[] = [];
    buffer.attach((_event, data) => seqs.push((data as { seq: number }).seq));
    expect(seqs).toHaveLength(500);
    expect(seqs[0]).toBe(10);
    expect(seqs[499]).toBe(509);
  });

  it('reports a listener that throws and goes on delivering', () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const buffer = createEventBuffer();
    buffer.deliver('a.one', 1);
    buffer.deliver('a.two', 2);
    const heard: string[] = [];
    buffer.attach((event) => {
      heard.push(event);
      throw new Error('listener failed');
    });
    expect(heard).toEqual(['a.one', 'a.two']);
    expect(reported).toHaveBeenCalledTimes(2);
    expect(reported.mock.calls[0][0]).toBe('[card-sdk] event dispatch:');
  });
});
