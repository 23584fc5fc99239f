import { isBuiltinPortType } from './port-type-ids.js';
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

/** The schema every value of a well-known `ns:*` port type must satisfy. */
export const PORT_TYPE_SCHEMAS: Readonly<Record<NsPortType, JsonSchema>> = /* @__PURE__ */ Object.freeze({
  'ns:any': {},
  'ns:text': text(0, 1_000_000),
  'ns:markdown': text(0, 1_000_000),
  'ns:number': { type: 'number' },
  'ns:boolean': { type: 'boolean' },
  'ns:json': { type: ['object', 'array'] },
  'ns:url': { type: 'string', format: 'uri', maxLength: 8192 },
  'ns:image': {
    type: 'object',
    required: ['mimeType', 'data'],
    additionalProperties: false,
    properties: {
      mimeType: { enum: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
      data: text(0, 1_000_000),
      alt: text(0, 500),
    },
  },
  'ns:file-ref': {
    type: 'object',
    required: ['path'],
    properties: { path: text(1, 1024), line: { type: 'integer', minimum: 1 } },
  },
  'ns:task': TASK,
  'ns:tasks': { type: 'array', maxItems: 200, items: TASK },
  'ns:task-patch': {
    type: 'object',
    required: ['ref'],
    properties: { ref: text(1, 500), text: text(1, 500), status: TASK_STATUS, column: text(0, 64) },
  },
  'ns:table': {
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
  'ns:event': {
    type: 'object',
    required: ['type'],
    properties: { type: text(1, 64), data: {}, at: { type: 'number' } },
  },
  'ns:trigger': { type: ['object', 'null'], maxProperties: 0 },
});

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
