// Port type ids: the well-known `ns:*` types and the custom `<package-name>/<type-name>` form. Their schemas
// are in port-types.ts, which a card reaches only when it checks values.
import type { NsPortType, PortTypeId } from './types.js';

/** The well-known port types, in the order of `PORT_TYPE_SCHEMAS`. */
export const NS_PORT_TYPES: readonly NsPortType[] = /* @__PURE__ */ Object.freeze([
  'ns:any',
  'ns:text',
  'ns:markdown',
  'ns:number',
  'ns:boolean',
  'ns:json',
  'ns:url',
  'ns:image',
  'ns:file-ref',
  'ns:task',
  'ns:tasks',
  'ns:task-patch',
  'ns:table',
  'ns:event',
  'ns:trigger',
] as const);

const NS_TYPE_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(NS_PORT_TYPES);

const CUSTOM_TYPE = /^[a-z0-9][a-z0-9-]{0,47}\/[a-z0-9][a-z0-9-]{0,47}$/;

/** True for a well-known `ns:*` port type. */
export function isBuiltinPortType(type: unknown): type is NsPortType {
  return typeof type === 'string' && NS_TYPE_SET.has(type);
}

/** True for a custom `<package-name>/<type-name>` port type. */
export function isCustomPortType(type: unknown): type is `${string}/${string}` {
  return typeof type === 'string' && CUSTOM_TYPE.test(type);
}

/** True for any valid port type id (well-known or custom). */
export function isPortTypeId(type: unknown): type is PortTypeId {
  return isBuiltinPortType(type) || isCustomPortType(type);
}
