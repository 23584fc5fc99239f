import { describe, expect, it } from 'vitest';
import {
  ATTENTION_LEVELS,
  CARD_DEFAULT_SIZE,
  CARD_ICONS,
  CARD_LANGUAGES,
  CARD_MAX_SIZE,
  CARD_MIN_SIZE,
  CARD_PROTOCOL_VERSION,
  CARD_TONES,
  DEFAULT_LOCALES,
  MANIFEST_FILE,
  MANIFEST_SCHEMA_ID,
  MANIFEST_VERSION,
  NS,
  RESERVED_PATH_PREFIX,
  SCHEMA_FORMATS,
  SDK_VERSION,
  SETTING_TYPES,
  SPAWN_KINDS,
  STORAGE_SCOPES,
  USAGE_PERIODS,
  localize,
} from './constants.js';

describe('constants', () => {
  const rows: Array<[string, unknown, unknown]> = [
    ['CARD_PROTOCOL_VERSION', CARD_PROTOCOL_VERSION, 1],
    ['SDK_VERSION', SDK_VERSION, '1.3.0'],
    ['MANIFEST_VERSION', MANIFEST_VERSION, 1],
    ['NS', NS, 'nscard'],
    ['MANIFEST_FILE', MANIFEST_FILE, 'neurosquad-card.json'],
    ['MANIFEST_SCHEMA_ID', MANIFEST_SCHEMA_ID, 'https://neurosquad.ai/schemas/neurosquad-card.v1.json'],
    ['RESERVED_PATH_PREFIX', RESERVED_PATH_PREFIX, '__ns/'],
    ['SCHEMA_FORMATS', SCHEMA_FORMATS, ['uri', 'date-time', 'date', 'email', 'color', 'uuid']],
    ['CARD_TONES', CARD_TONES, ['default', 'accent', 'success', 'warning', 'danger']],
    ['SETTING_TYPES', SETTING_TYPES, ['string', 'text', 'number', 'boolean', 'select', 'secret', 'color']],
    ['CARD_LANGUAGES', CARD_LANGUAGES, ['en', 'ru', 'zh']],
    ['DEFAULT_LOCALES', DEFAULT_LOCALES, { en: 'en-US', ru: 'ru-RU', zh: 'zh-CN' }],
    ['SPAWN_KINDS', SPAWN_KINDS, ['self', 'note', 'todo', 'kanban', 'sticky']],
    ['ATTENTION_LEVELS', ATTENTION_LEVELS, ['none', 'info', 'needs-input']],
    ['STORAGE_SCOPES', STORAGE_SCOPES, ['instance', 'package']],
    ['USAGE_PERIODS', USAGE_PERIODS, ['today', '7d', '30d']],
    ['CARD_MIN_SIZE', CARD_MIN_SIZE, { w: 200, h: 120 }],
    ['CARD_MAX_SIZE', CARD_MAX_SIZE, { w: 2400, h: 1800 }],
    ['CARD_DEFAULT_SIZE', CARD_DEFAULT_SIZE, { w: 420, h: 320 }],
  ];
  it.each(rows)('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('has the 57 sorted, unique icon names', () => {
    expect(CARD_ICONS).toHaveLength(57);
    expect([...CARD_ICONS].sort()).toEqual([...CARD_ICONS]);
    expect(new Set(CARD_ICONS).size).toBe(57);
    expect(CARD_ICONS).toContain('wrench-screwdriver');
  });
});

describe('localize', () => {
  const rows: Array<[Parameters<typeof localize>[0], string, string]> = [
    [undefined, 'en', ''],
    [null, 'ru', ''],
    ['Plain', 'ru', 'Plain'],
    [{ en: 'Hello', ru: 'Привет' }, 'ru', 'Привет'],
    [{ en: 'Hello', ru: 'Привет' }, 'zh', 'Hello'],
    [{ en: 'Hello' }, 'fr', 'Hello'],
  ];
  it.each(rows)('%j in %s → %j', (value, language, expected) => {
    expect(localize(value, language)).toBe(expected);
  });
});
