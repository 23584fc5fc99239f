import { describe, expect, it } from 'vitest';
import { createTopicSubscriptions } from './subscriptions.js';

describe('createTopicSubscriptions', () => {
  it('accepts only the topics the grants allow', () => {
    const subscriptions = createTopicSubscriptions();
    expect(subscriptions.subscribe(['agents.status', 'agents.turn', 'storage.changed'], new Set())).toEqual([
      'storage.changed',
    ]);
    expect(subscriptions.subscribe(['agents.status', 'agents.changed'], new Set(['agents.read']))).toEqual([
      'agents.status',
      'agents.changed',
    ]);
    expect([...subscriptions.topics]).toEqual(['storage.changed', 'agents.status', 'agents.changed']);
    expect(subscriptions.wants('agents.status')).toBe(true);
    subscriptions.unsubscribe(['agents.status']);
    expect(subscriptions.wants('agents.status')).toBe(false);
  });

  it('watches agent output only for the listed agents', () => {
    const subscriptions = createTopicSubscriptions();
    const grants = new Set(['agents.output']);
    expect(subscriptions.subscribe(['agents.output'], grants)).toEqual([]);
    expect(subscriptions.subscribe(['agents.output'], grants, [])).toEqual([]);
    expect(subscriptions.subscribe(['agents.output'], grants, ['a', 'b'])).toEqual(['agents.output']);
    expect(subscriptions.wants('agents.output', 'a')).toBe(true);
    expect(subscriptions.wants('agents.output', 'c')).toBe(false);
    subscriptions.subscribe(['agents.output'], grants, ['c']);
    expect(subscriptions.agentIds).toEqual(['c']);
    expect(subscriptions.wants('agents.output', 'a')).toBe(false);
  });
});
