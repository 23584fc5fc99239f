import { UNREADABLE, isList, isPlainObject } from './json.js';

/** A refused setting value: the setting key and why. */
export interface SettingValueIssue {
  key: string;
  message: string;
}

/** The part of a manifest setting that decides which values it takes. */
export interface SettingRule {
  key: string;
  type: string;
  min?: number;
  max?: number;
  maxLength?: number;
  options?: ReadonlyArray<{ value: string }>;
}

const TEXT_LIMITS: Readonly<Record<string, number>> = { text: 20_000 };
const DEFAULT_TEXT_LIMIT = 2_000;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function valueIssue(setting: SettingRule, value: unknown): string | null {
  switch (setting.type) {
    case 'secret':
      return 'secrets are set by the user in the host settings form only';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'expected true or false';
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'expected a number';
      if (
        (typeof setting.min === 'number' && value < setting.min) ||
        (typeof setting.max === 'number' && value > setting.max)
      ) {
        return 'out of range';
      }
      return null;
    case 'select':
      return (setting.options ?? []).some((option) => option.value === value) ? null : 'not one of the options';
    case 'color':
      return typeof value === 'string' && HEX_COLOR.test(value) ? null : 'expected #rrggbb';
    default: {
      if (typeof value !== 'string') return 'expected text';
      const limit = setting.maxLength ?? TEXT_LIMITS[setting.type] ?? DEFAULT_TEXT_LIMIT;
      return value.length > limit ? 'too long' : null;
    }
  }
}

/**
 * Checks values a card wants to store with `settings.set` against its manifest settings; returns one issue
 * per refused key (unknown keys, secrets, wrong types, ranges, options, colors, text length).
 * @example validateSettingsValues(manifest.settings, { interval: -1 }) // [{ key: 'interval', message: 'out of range' }]
 */
export function validateSettingsValues(settings: readonly SettingRule[], values: unknown): SettingValueIssue[] {
  const issues: SettingValueIssue[] = [];
  try {
    if (!isPlainObject(values)) return [];
    const byKey = new Map((isList(settings) ? settings : []).map((setting) => [setting.key, setting]));
    for (const [key, value] of Object.entries(values)) {
      const setting = byKey.get(key);
      const message = setting ? valueIssue(setting, value) : 'unknown setting';
      if (message) issues.push({ key, message });
    }
  } catch {
    // A getter or proxy trap that threw: the values are refused as a whole, never passed on.
    issues.push({ key: '', message: `values ${UNREADABLE}` });
  }
  return issues;
}
