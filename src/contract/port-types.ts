import { NS_PORT_TYPES, isBuiltinPortType } from './port-type-ids.js';
import type { JsonSchema, NsPortType } from './types.js';

export { NS_PORT_TYPES, isBuiltinPortType, isCustomPortType, isPortTypeId } from './port-type-ids.js';

const TASK_STATUS: JsonSchema = { enum: ['pending', 'active', 'done', 'error'] };
const text = (minLength: number, maxLength: number): JsonSchema =>
  minLength > 0 ? { type: 'string', minLength, maxLength } : { type: 'string', maxLength };

const TASK: JsonSchema = {
  type: 'object',
  required: ['text'],
  properties: {
    text: text(1, 500),
    id: text(0, 128),
    status: TASK_STATUS,
    column: text(0, 64),
    assignee: text(0, 128),
  },
};

const byPortType = (schemas: JsonSchema[]): Readonly<Record<NsPortType, JsonSchema>> =>
  Object.freeze(
    Object.fromEntries(NS_PORT_TYPES.map((type, i) => [type, schemas[i]])) as Record<NsPortType, JsonSchema>,
  );

/** The schema every value of a well-known `ns:*` port type must satisfy (in `NS_PORT_TYPES` order). */
export const PORT_TYPE_SCHEMAS: Readonly<Record<NsPortType, JsonSchema>> = /* @__PURE__ */ byPortType([
  {},
  text(0, 1_000_000),
  text(0, 1_000_000),
  { type: 'number' },
  { type: 'boolean' },
  { type: ['object', 'array'] },
  { type: 'string', format: 'uri', maxLength: 8192 },
  {
    type: 'object',
    required: ['mimeType', 'data'],
    additionalProperties: false,
    properties: {
      mimeType: { enum: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
      data: text(0, 1_000_000),
      alt: text(0, 500),
    },
  },
  {
    type: 'object',
    required: ['path'],
    properties: { path: text(1, 1024), line: { type: 'integer', minimum: 1 } },
  },
  TASK,
  { type: 'array', maxItems: 200, items: TASK },
  {
    type: 'object',
    required: ['ref'],
    properties: { ref: text(1, 500), text: text(1, 500), status: TASK_STATUS, column: text(0, 64) },
  },
  {
    type: 'object',
    required: ['columns', 'rows'],
    properties: {
      columns: { type: 'array', maxItems: 64, items: text(0, 200) },
      rows: {
        type: 'array',
        maxItems: 5000,
        items: { type: 'array', maxItems: 64, items: { type: ['string', 'number', 'boolean', 'null'] } },
      },
    },
  },
  {
    type: 'object',
    required: ['type'],
    properties: { type: text(1, 64), data: {}, at: { type: 'number' } },
  },
  { type: ['object', 'null'], maxProperties: 0 },
]);

/**
 * The schemas a value on a port must satisfy: the built-in type's schema (for `ns:*`) and the port's own
 * `schema`, if any.
 */
export function schemasForPort(port: { type: string; schema?: JsonSchema }): JsonSchema[] {
  const schemas: JsonSchema[] = [];
  if (isBuiltinPortType(port.type)) schemas.push(PORT_TYPE_SCHEMAS[port.type]);
  if (port.schema !== undefined) schemas.push(port.schema);
  return schemas;
}
