import { describe, expect, it } from 'vitest';
import { applyAgentStatus, applyAgentTurn } from './agent-turns.js';
import type { AgentInfo } from './types.js';

const agent = (extra: Partial<AgentInfo> = {}): AgentInfo => ({
  id: 'a1',
  name: 'Alpha',
  harness: 'claude-code',
  kind: 'ai',
  status: 'idle',
  connected: true,
  ...extra,
});

describe('applyAgentStatus', () => {
  it('opens a turn on entering working', () => {
    const a = agent();
    expect(applyAgentStatus(a, 'working', 100)).toEqual({ started: true, ended: false });
    expect(a).toMatchObject({ status: 'working', turnStartedAt: 100 });
  });

  it('closes the turn on finished or needs-input, recording how it ended', () => {
    const a = agent({ status: 'working', turnStartedAt: 100 });
    expect(applyAgentStatus(a, 'needs-input', 250)).toEqual({ started: false, ended: true });
    expect(a.lastTurn).toEqual({ startedAt: 100, endedAt: 250, endedAs: 'needs-input' });
    expect(a.turnStartedAt).toBeUndefined();
  });

  it('drops an open turn without recording it on other statuses', () => {
    const a = agent({ status: 'working', turnStartedAt: 100 });
    expect(applyAgentStatus(a, 'idle', 300)).toEqual({ started: false, ended: false });
    expect(a.lastTurn).toBeUndefined();
    expect(a.turnStartedAt).toBeUndefined();
  });

  it('judges the change against the given previous status', () => {
    const a = agent({ status: 'finished' });
    expect(applyAgentStatus(a, 'finished', 400, 'working').ended).toBe(true);
    expect(a.lastTurn).toEqual({ startedAt: null, endedAt: 400, endedAs: 'finished' });
  });
});

describe('applyAgentTurn', () => {
  it('opens and closes a turn the status event did not record', () => {
    const a = agent({ status: 'working' });
    expect(applyAgentTurn(a, { phase: 'start', at: 10 })).toBe(true);
    expect(a.turnStartedAt).toBe(10);
    a.status = 'needs-input';
    expect(applyAgentTurn(a, { phase: 'end', at: 20 })).toBe(true);
    expect(a.lastTurn).toEqual({ startedAt: 10, endedAt: 20, endedAs: 'needs-input' });
  });

  it('changes nothing when the status event already did', () => {
    const a = agent({ status: 'working', turnStartedAt: 10 });
    expect(applyAgentTurn(a, { phase: 'start', at: 11 })).toBe(false);
    expect(a.turnStartedAt).toBe(10);
    const closed = agent({ status: 'finished' });
    expect(applyAgentTurn(closed, { phase: 'end', at: 12 })).toBe(false);
    expect(closed.lastTurn).toBeUndefined();
  });
});
