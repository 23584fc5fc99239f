import { describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../src/dev/canvas-router.js';
import { leftFrom } from '../host/frame-loads.js';
import { readFrameFinding } from '../host/frame-findings.js';
import { arrowKey, describeTraffic, filterTimeline, TIMELINE_KINDS, timelineJson } from './canvas-page.js';
import type { TimelineFilter } from './canvas-page.js';

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

  it('describes a call, a tool call and a finding in one line, with the outcome and the time', () => {
    const call: TrafficEntry = { seq: 2, at: 0, kind: 'call', from: 'radar', to: 'host', method: 'storage.set' };
    expect(describeTraffic({ ...call, params: { key: 'k', value: 1 }, result: undefined, ms: 2 })).toBe(
      'radar · storage.set {"key":"k","value":1} · → ok · 2 ms',
    );
    expect(
      describeTraffic({
        ...call,
        method: 'agents.list',
        params: {},
        error: { code: 'PERMISSION_DENIED', message: 'no' },
        ms: 1,
      }),
    ).toBe('radar · agents.list {} · PERMISSION_DENIED: no · 1 ms');
    expect(
      describeTraffic({ ...call, method: 'fs.read', params: { path: 'x'.repeat(200) }, result: 'a', ms: 0 }),
    ).toMatch(/^radar · fs\.read \{"path":"x{110}… · → "a" · 0 ms$/);
    expect(
      describeTraffic({
        ...call,
        kind: 'tool',
        from: 'Codex',
        to: 'radar',
        method: 'run_tests',
        params: { filter: 'pay' },
        result: 3,
        ms: 9,
      }),
    ).toBe('Codex called radar\'s run_tests {"filter":"pay"} · → 3 · 9 ms');
    expect(describeTraffic({ ...call, kind: 'finding', reason: 'csp: blocked eval()' })).toBe(
      'radar · csp: blocked eval()',
    );
  });

  it('filters the timeline by card, kind (all but calls by default) and arrow (between its two ends, either way)', () => {
    const entries: TrafficEntry[] = [
      message,
      { ...message, seq: 2, kind: 'request', from: 'summary', to: 'radar' },
      { ...message, seq: 3, from: 'radar', to: 'note-1' },
      { seq: 4, at: 0, kind: 'call', from: 'radar', to: 'host', method: 'host.ready' },
    ];
    const seqs = (filter: Partial<TimelineFilter>) =>
      filterTimeline(entries, { card: '', kind: '', arrow: '', ...filter }).map((entry) => entry.seq);
    expect(seqs({})).toEqual([1, 2, 3]);
    expect(seqs({ kind: 'all' })).toEqual([1, 2, 3, 4]);
    expect(seqs({ arrow: arrowKey({ from: 'radar', to: 'summary' }) })).toEqual([1, 2]);
    expect(seqs({ arrow: 'radar→note-1' })).toEqual([3]);
    expect(seqs({ card: 'summary' })).toEqual([1, 2]);
    expect(seqs({ card: 'radar', kind: 'call' })).toEqual([4]);
    expect(TIMELINE_KINDS).toEqual(['message', 'request', 'read', 'skipped', 'refused', 'call', 'tool', 'finding']);
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
