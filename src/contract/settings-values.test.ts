import { describe, expect, it } from 'vitest';
import { validateSettingsValues, type SettingRule } from './settings-values.js';

const settings: SettingRule[] = [
  { key: 'token', type: 'secret' },
  { key: 'enabled', type: 'boolean' },
  { key: 'interval', type: 'number', min: 1, max: 60 },
  { key: 'free', type: 'number' },
  { key: 'mode', type: 'select', options: [{ value: 'fast' }, { value: 'slow' }] },
  { key: 'accent', type: 'color' },
  { key: 'command', type: 'string' },
  { key: 'notes', type: 'text' },
  { key: 'short', type: 'string', maxLength: 3 },
];

describe('validateSettingsValues', () => {
  const rows: [string, string, unknown, unknown, string][] = [
    ['unknown key', 'command', 'npm test', undefined, 'unknown setting'],
    ['secrets never', 'enabled', true, 'ghp_x', 'secrets are set by the user in the host settings form only'],
    ['boolean', 'enabled', false, 'false', 'expected true or false'],
    ['number', 'free', -1e9, '5', 'expected a number'],
    ['finite number', 'free', 0, Number.POSITIVE_INFINITY, 'expected a number'],
    ['number min', 'interval', 1, 0, 'out of range'],
    ['number max', 'interval', 60, 61, 'out of range'],
    ['select option', 'mode', 'slow', 'medium', 'not one of the options'],
    ['color #rrggbb', 'accent', '#A1b2C3', '#abc', 'expected #rrggbb'],
    ['string is text', 'command', '', 1, 'expected text'],
    ['string ≤ 2000', 'command', 'x'.repeat(2000), 'x'.repeat(2001), 'too long'],
    ['text ≤ 20000', 'notes', 'x'.repeat(20_000), 'x'.repeat(20_001), 'too long'],
    ['maxLength wins', 'short', 'abc', 'abcd', 'too long'],
  ];
  it.each(rows)('%s', (_rule, key, good, bad, message) => {
    const badKey = message === 'unknown setting' ? 'nope' : message.startsWith('secrets') ? 'token' : key;
    expect(validateSettingsValues(settings, { [key]: good })).toEqual([]);
    expect(validateSettingsValues(settings, { [badKey]: bad })).toEqual([{ key: badKey, message }]);
  });

  it('reports every refused key', () => {
    expect(validateSettingsValues(settings, { enabled: 1, interval: 5, nope: 1 })).toEqual([
      { key: 'enabled', message: 'expected true or false' },
      { key: 'nope', message: 'unknown setting' },
    ]);
  });

  it('a select without options takes nothing', () => {
    expect(validateSettingsValues([{ key: 's', type: 'select' }], { s: 'x' })).toEqual([
      { key: 's', message: 'not one of the options' },
    ]);
  });
});
