// Values that pass a schema, drawn at random: requests that get past the params check reach the handlers, where
// the mutations of the fuzzer then land one field at a time.
import type { JsonSchema } from '../../src/contract/types.js';
import type { Random } from './junk.js';

/** Strings the mock knows (agents, peers, ports, tools, files, hosts), so sampled requests reach real work. */
const KNOWN_STRINGS = [
  'agent-1',
  'shell-1',
  'agent-2',
  'note-1',
  'todo-1',
  'append',
  'add',
  'text',
  'items',
  'summary',
  'failures',
  'run',
  'run_tests',
  'notes.md',
  'docs/a.md',
  '.git/config',
  'key',
  'token',
  'req-1',
  'call-1',
  'fetch-1',
  'watch-1',
  '{{secret:token}}',
  'Bearer {{secret:token}}',
  'hello',
];
const URLS = [
  'https://api.github.com/repos',
  'https://api.github.com/{{secret:token}}',
  'http://localhost:8080/',
  'https://evil.example/',
  'ftp://api.github.com/',
];

/** A value valid for `schema` (most of the time: `pattern` and `uniqueItems` are not aimed at). */
export function sample(schema: JsonSchema | boolean | undefined, random: Random, depth = 0): unknown {
  if (schema === undefined || typeof schema === 'boolean') return random.pick(KNOWN_STRINGS);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sample(random.pick(choices), random, depth);
  const types = schema.type === undefined ? ['string', 'object'] : [schema.type].flat();
  switch (random.pick(types)) {
    case 'null':
      return null;
    case 'boolean':
      return random.int(2) === 0;
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? 0;
      const high = schema.maximum ?? low + 5000;
      const value = low + random.int(Math.max(1, Math.min(high - low, 1e9) + 1));
      return schema.type === 'number' && random.int(2) ? Math.min(high, value + 0.5) : value;
    }
    case 'string': {
      if (schema.format === 'uri') return random.pick(URLS);
      const text = random.pick(KNOWN_STRINGS);
      const max = schema.maxLength ?? 1000;
      return text.length <= max && text.length >= (schema.minLength ?? 0) ? text : 'x'.repeat(schema.minLength ?? 1);
    }
    case 'array': {
      const count = Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + random.int(3));
      return Array.from({ length: count }, () => sample(schema.items, random, depth + 1));
    }
    default: {
      const value: Record<string, unknown> = {};
      if (schema.maxProperties === 0) return random.int(4) === 0 ? null : value;
      const required = new Set(schema.required ?? []);
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random.int(2) === 0) value[key] = sample(child, random, depth + 1);
      }
      const extra = schema.additionalProperties;
      if (typeof extra === 'object' && depth < 4 && random.int(2) === 0) {
        value[random.pick(KNOWN_STRINGS)] = sample(extra, random, depth + 1);
      }
      return value;
    }
  }
}
