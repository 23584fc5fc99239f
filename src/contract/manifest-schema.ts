import { CARD_MAX_SIZE, CARD_MIN_SIZE, MANIFEST_SCHEMA_ID, SETTING_TYPES, STORAGE_SCOPES } from './constants.js';
import { LIMITS } from './limits.js';
import type { JsonSchema } from './types.js';

const SEMVER = '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?$';
const PORT_TYPE_CHARS = 97;

const text = (minLength: number, maxLength: number): JsonSchema => ({ type: 'string', minLength, maxLength });
const https = (maxLength: number): JsonSchema => ({ type: 'string', format: 'uri', maxLength, pattern: '^https://' });
const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
const list = (items: JsonSchema, maxItems: number): JsonSchema => ({ type: 'array', maxItems, items });
/** Adds an editor hint; the validator ignores `description`. */
const about = (description: string, schema: JsonSchema): JsonSchema => ({ description, ...schema });

/** A manifest text of at most `max` characters: a string, or `{ en, ru?, zh? }`. */
const localized = (max: number): JsonSchema => ({
  type: ['string', 'object'],
  minLength: 1,
  maxLength: max,
  required: ['en'],
  additionalProperties: false,
  properties: { en: text(1, max), ru: text(1, max), zh: text(1, max) },
});

/**
 * The JSON Schema of neurosquad-card.json (draft 2020-12 subset); the same object is published as
 * `schema/neurosquad-card.v1.json`.
 */
export const MANIFEST_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: MANIFEST_SCHEMA_ID,
  title: 'NeuroSquad card manifest (neurosquad-card.json)',
  type: 'object',
  additionalProperties: false,
  required: ['manifestVersion', 'name', 'displayName', 'version', 'protocol'],
  properties: {
    $schema: about('Path or URL of this JSON Schema, for editors.', { type: 'string', maxLength: 500 }),
    manifestVersion: about('Manifest format version: always 1.', { const: 1 }),
    name: about(
      'Package name: lowercase letters, digits and dashes; also the prefix of tool names and custom port types.',
      {
        type: 'string',
        pattern: '^[a-z][a-z0-9-]{1,47}$',
      },
    ),
    displayName: about('Name shown in the app (a string or { en, ru?, zh? }).', ref('text80')),
    version: about('Semantic version of the card.', { type: 'string', maxLength: 64, pattern: SEMVER }),
    description: about('One or two sentences shown in the install dialog.', ref('text300')),
    author: {
      description: 'Who made the card.',
      type: 'object',
      required: ['name'],
      properties: { name: text(1, 100), url: https(500) },
    },
    license: about('License name, e.g. MIT.', text(1, 100)),
    homepage: about('Project page (https).', https(500)),
    icon: about('Square .png or .webp icon inside the package.', text(1, LIMITS.pathChars)),
    protocol: about('Card protocol the card is built for (1).', { type: 'integer', minimum: 1, maximum: 1000 }),
    minAppVersion: about('Oldest NeuroSquad version the card works with.', {
      type: 'string',
      maxLength: 64,
      pattern: SEMVER,
    }),
    entry: about('HTML page the card frame loads (default index.html).', text(1, LIMITS.pathChars)),
    card: {
      description: 'Frame sizes in CSS pixels (default 420×320, min 200×120, max 2400×1800).',
      type: 'object',
      properties: { defaultSize: ref('size'), minSize: ref('size'), maxSize: ref('size') },
    },
    permissions: about(
      'What the card may do beyond its own frame; users approve these on install.',
      list(ref('permission'), 32),
    ),
    settings: about(
      'Settings the user edits in the app (secrets never reach the card).',
      list(ref('setting'), LIMITS.settings),
    ),
    ports: {
      description: 'Typed inputs and outputs for arrows between cards.',
      type: 'object',
      properties: {
        inputs: list(ref('port'), LIMITS.portsPerDirection),
        outputs: list(ref('port'), LIMITS.portsPerDirection),
      },
    },
    tools: about(
      'Tools connected agents can call over MCP as <name with - → _>_<tool>.',
      list(ref('tool'), LIMITS.toolsPerPackage),
    ),
    keywords: about('Search words.', { type: 'array', maxItems: 20, uniqueItems: true, items: text(1, 40) }),
  },
  $defs: {
    text80: localized(80),
    text300: localized(300),
    text500: localized(500),
    size: {
      type: 'object',
      required: ['w', 'h'],
      properties: {
        w: { type: 'integer', minimum: CARD_MIN_SIZE.w, maximum: CARD_MAX_SIZE.w },
        h: { type: 'integer', minimum: CARD_MIN_SIZE.h, maximum: CARD_MAX_SIZE.h },
      },
    },
    permission: {
      type: ['string', 'object'],
      minLength: 1,
      maxLength: 64,
      required: ['id'],
      properties: {
        id: text(1, 64),
        hosts: list(text(1, 260), LIMITS.permissionHosts),
        reason: ref('text300'),
        optional: { type: 'boolean' },
      },
    },
    setting: {
      type: 'object',
      required: ['key', 'type', 'label'],
      properties: {
        key: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,63}$' },
        type: { enum: [...SETTING_TYPES] },
        label: ref('text80'),
        description: about('One or two sentences shown in the install dialog.', ref('text300')),
        default: { type: ['string', 'number', 'boolean'] },
        required: { type: 'boolean' },
        scope: { enum: [...STORAGE_SCOPES] },
        placeholder: ref('text80'),
        maxLength: { type: 'integer', minimum: 1, maximum: 100_000 },
        min: { type: 'number' },
        max: { type: 'number' },
        step: { type: 'number', exclusiveMinimum: 0 },
        options: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          items: {
            type: 'object',
            required: ['value', 'label'],
            properties: { value: { type: 'string', maxLength: 200 }, label: ref('text80') },
          },
        },
      },
    },
    port: {
      type: 'object',
      required: ['id', 'label', 'type'],
      properties: {
        id: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,31}$' },
        label: ref('text80'),
        type: text(1, PORT_TYPE_CHARS),
        description: ref('text500'),
        schema: { type: 'object' },
        mode: { enum: ['stream', 'request'] },
        response: {
          type: 'object',
          required: ['type'],
          properties: { type: text(1, PORT_TYPE_CHARS), schema: { type: 'object' } },
        },
        retain: { type: 'boolean' },
        default: { type: 'boolean' },
      },
    },
    tool: {
      type: 'object',
      required: ['name', 'description', 'inputSchema'],
      properties: {
        name: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,39}$' },
        description: text(1, 2000),
        inputSchema: { type: 'object' },
        title: text(1, 80),
        readOnly: { type: 'boolean' },
        timeoutMs: { type: 'integer', minimum: 1000, maximum: LIMITS.toolMaxTimeoutMs },
      },
    },
  },
};
