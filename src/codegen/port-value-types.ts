// The TypeScript type of each well-known port type's value, named from the SDK's exports (the shapes
// `PORT_TYPE_SCHEMAS` checks at run time).
import type { NsPortType } from '../contract/types.js';

/** `ns:*` port type → the TypeScript type a generated declaration file writes for its values. */
export const PORT_VALUE_TYPES: Readonly<Record<NsPortType, string>> = /* @__PURE__ */ Object.freeze({
  'ns:any': 'JsonValue',
  'ns:text': 'string',
  'ns:markdown': 'string',
  'ns:number': 'number',
  'ns:boolean': 'boolean',
  'ns:json': 'JsonObject | JsonArray',
  'ns:url': 'string',
  'ns:image': 'PortImage',
  'ns:file-ref': 'PortFileRef',
  'ns:task': 'PortTask',
  'ns:tasks': 'PortTask[]',
  'ns:task-patch': 'PortTaskPatch',
  'ns:table': 'PortTable',
  'ns:event': 'PortEvent',
  'ns:trigger': 'Record<string, never> | null',
});

/** The SDK type names the generated file imports (every name `PORT_VALUE_TYPES` and the schema converter use). */
export const SDK_TYPE_NAMES = [
  'JsonArray',
  'JsonObject',
  'JsonValue',
  'PortEvent',
  'PortFileRef',
  'PortImage',
  'PortTable',
  'PortTask',
  'PortTaskPatch',
] as const;
