import { describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../src/dev/canvas-router.js';
import { leftFrom } from '../host/frame-loads.js';
import { readFrameFinding } from '../host/frame-findings.js';
import { describeTraffic, timelineJson } from './canvas-page.js';

const message: TrafficEntry = {
  seq: 1,
  at: 0,
  kind: 'message',
  from: 'radar',
  to: 'summary',
  output: 'failures',
  input: 'doc',
  sourceType: 'ns:table',
  type: 'ns:markdown',
  conversion: 'table-markdown',
  bytes: 42,
};

describe('the canvas page pieces', () => {
  it('describes each kind of traffic in one line', () => {
    expect(describeTraffic(message)).toBe(
      'radar → summary · failures → doc · ns:table → ns:markdown (table-markdown) · 42 B',
    );
    expect(
      describeTraffic({
        ...message,
        kind: 'request',
        input: 'ask',
        error: { code: 'TIMEOUT', message: 'late' },
        ms: 5,
      }),
    ).toBe('radar asked summary · ask · TIMEOUT: late · 5 ms');
    expect(describeTraffic({ ...message, kind: 'read', from: 'note-1', to: 'radar', output: 'text', data: null })).toBe(
      "radar read note-1's text (nothing retained)",
    );
    expect(describeTraffic({ ...message, kind: 'skipped', reason: 'needs cards.connected' })).toContain(
      'skipped · failures: needs cards.connected',
    );
  });

  it('exports the timeline as JSON with every entry', () => {
    expect(JSON.parse(timelineJson([message]))).toEqual({ exportedAt: expect.any(String), entries: [message] });
  });

  it('tells whose frame a sourceless leaving message was, and reads SDK warnings from a frame', () => {
    expect(leftFrom({ kind: 'leaving', href: 'http://127.0.0.1:4000/s/index.html' }, 'http://127.0.0.1:4000')).toBe(
      true,
    );
    expect(leftFrom({ kind: 'leaving', href: 'http://127.0.0.1:4001/s/index.html' }, 'http://127.0.0.1:4000')).toBe(
      false,
    );
    expect(leftFrom({ kind: 'leaving' }, 'http://127.0.0.1:4000')).toBe(true);
    expect(readFrameFinding({ neurosquadDev: 1, kind: 'warning', message: 'skipped' }, 5)).toEqual({
      kind: 'warning',
      message: 'skipped',
      time: 5,
    });
  });
});
