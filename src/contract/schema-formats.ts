import { SCHEMA_FORMATS, type SchemaFormat } from './constants.js';
import { isUri } from './schema-strings.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/** True when `name` is one of the checked formats. */
export function isSchemaFormat(name: unknown): name is SchemaFormat {
  return typeof name === 'string' && (SCHEMA_FORMATS as readonly string[]).includes(name);
}

function isCalendarDate(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  // Round-tripping rejects days the calendar rolls over (2023-02-30 → 03-02).
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** Checks a string against a known format; unknown formats pass. */
export function matchesFormat(format: string, text: string): boolean {
  switch (format) {
    case 'uri':
      return isUri(text);
    case 'date-time':
      return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text));
    case 'date':
      return DATE.test(text) && isCalendarDate(text);
    case 'email':
      return EMAIL.test(text);
    case 'color':
      return COLOR.test(text);
    case 'uuid':
      return UUID.test(text);
    default:
      return true;
  }
}
