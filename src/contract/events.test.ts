import { describe, expect, it } from 'vitest';
import {
  BUFFERED_EVENTS,
  EVENT_NAMES,
  SUBSCRIBABLE_TOPICS,
  TOPIC_PERMISSIONS,
  isCardEventName,
  isSubscribableTopic,
  type CardEventName,
  type CardEvents,
} from './events.js';
import { PERMISSION_IDS } from './permissions.js';

describe('event table', () => {
  it('lists the 22 host events in protocol order', () => {
    expect(EVENT_NAMES).toHaveLength(22);
    expect(new Set(EVENT_NAMES).size).toBe(22);
    expect(EVENT_NAMES[0]).toBe('host.ping');
    expect(EVENT_NAMES.at(-1)).toBe('agents.output');
  });

  const topicRows: Array<[string, string | null]> = [
    ['agents.status', 'agents.read'],
    ['agents.turn', 'agents.read'],
    ['agents.changed', 'agents.read'],
    ['agents.output', 'agents.output'],
    ['storage.changed', null],
  ];
  it.each(topicRows)('topic %s needs %s', (topic, permission) => {
    expect(isSubscribableTopic(topic)).toBe(true);
    expect(TOPIC_PERMISSIONS[topic as keyof typeof TOPIC_PERMISSIONS]).toBe(permission);
  });

  it('has exactly five topics, all events, with known permissions', () => {
    expect(SUBSCRIBABLE_TOPICS).toHaveLength(5);
    for (const topic of SUBSCRIBABLE_TOPICS) expect(isCardEventName(topic)).toBe(true);
    for (const permission of Object.values(TOPIC_PERMISSIONS)) {
      if (permission !== null) expect(PERMISSION_IDS).toContain(permission);
    }
  });

  const nonTopics: CardEventName[] = ['host.ping', 'lifecycle.visibility', 'ports.message', 'tools.call', 'fs.changed'];
  it.each(nonTopics)('%s is delivered without subscription', (event) => {
    expect(isCardEventName(event)).toBe(true);
    expect(isSubscribableTopic(event)).toBe(false);
  });

  it('buffers ports.message, ui.menu and fs.changed only', () => {
    expect([...BUFFERED_EVENTS]).toEqual(['ports.message', 'ui.menu', 'fs.changed']);
    expect(isCardEventName('agents.unknown')).toBe(false);
    expect(isCardEventName(null)).toBe(false);
  });

  it('types payloads per event', () => {
    const turn: CardEvents['agents.turn'] = { agentId: 'a1', phase: 'start', at: 1 };
    const visibility: CardEvents['lifecycle.visibility'] = { state: 'overview' };
    expect([turn.phase, visibility.state]).toEqual(['start', 'overview']);
  });
});
