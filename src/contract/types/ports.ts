// Ports: types, port descriptions, peers and the values and messages that travel on them.
import type { PermissionId } from '../permissions.js';
import type { JsonSchema, JsonValue } from './json.js';

/** The well-known port types. */
export type NsPortType =
  | 'ns:any'
  | 'ns:text'
  | 'ns:markdown'
  | 'ns:number'
  | 'ns:boolean'
  | 'ns:json'
  | 'ns:url'
  | 'ns:image'
  | 'ns:file-ref'
  | 'ns:task'
  | 'ns:tasks'
  | 'ns:task-patch'
  | 'ns:table'
  | 'ns:event'
  | 'ns:trigger';

/** A port type: a well-known `ns:*` type or a custom `<package-name>/<type-name>`. */
export type PortTypeId = NsPortType | `${string}/${string}`;

/** How an input takes values: a stream of messages, or requests that get an answer. */
export type PortMode = 'stream' | 'request';

/** The answer type of a request input. */
export interface PortResponse {
  type: PortTypeId;
  schema?: JsonSchema;
}

/** One port of a card (own ports and peers' ports); labels are localized. */
export interface PortInfo {
  id: string;
  label: string;
  description?: string;
  type: PortTypeId;
  schema?: JsonSchema;
  mode: PortMode;
  response?: PortResponse;
  retain: boolean;
  default: boolean;
  /** Set on built-in cards' inputs: the permission this card needs to use the port. */
  permission?: PermissionId;
}

/** The card's own ports. */
export interface CardPorts {
  inputs: PortInfo[];
  outputs: PortInfo[];
}

/** What kind of card a peer is. */
export type PeerKind = 'custom' | 'note' | 'todo' | 'kanban' | 'sticky' | 'agent' | 'terminal' | 'other';

/** Which way the arrow between this card and a peer points. */
export type PeerDirection = 'upstream' | 'downstream' | 'both';

/** A card connected to this card by an arrow. */
export interface PeerInfo {
  cardId: string;
  kind: PeerKind | (string & {});
  name: string;
  /** The package name of a custom card, the harness of an agent or terminal. */
  type?: string;
  direction: PeerDirection;
  inputs: PortInfo[];
  outputs: PortInfo[];
}

/** The `ns:image` value. */
export interface PortImage {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  data: string;
  alt?: string;
}

/** The `ns:file-ref` value. */
export interface PortFileRef {
  path: string;
  line?: number;
}

/** Status of an `ns:task`. */
export type TaskStatus = 'pending' | 'active' | 'done' | 'error';

/** The `ns:task` value. */
export interface PortTask {
  text: string;
  id?: string;
  status?: TaskStatus;
  column?: string;
  assignee?: string;
}

/** The `ns:task-patch` value. */
export interface PortTaskPatch {
  ref: string;
  text?: string;
  status?: TaskStatus;
  column?: string;
}

/** The `ns:table` value. */
export interface PortTable {
  columns: string[];
  rows: Array<Array<string | number | boolean | null>>;
}

/** The `ns:event` value. */
export interface PortEvent {
  type: string;
  data?: JsonValue;
  at?: number;
}

/** A message received on one of this card's inputs (`ports.message`). */
export interface PortMessage<T = JsonValue> {
  from: string;
  fromKind: PeerKind | (string & {});
  output: string;
  input: string;
  /** This card's input type (after conversion). */
  type: PortTypeId;
  /** The sender's declared output type (absent on older apps). */
  sourceType?: PortTypeId;
  data: T;
  at: number;
}

/** A request from another card to one of this card's request inputs (`ports.request` event). */
export interface PortRequest<T = JsonValue> {
  requestId: string;
  from: string;
  input: string;
  data: T;
  /** Epoch ms after which the answer is useless. */
  deadline: number;
}

/** A retained output value read with `ports.read`. */
export interface PortReadResult<T = JsonValue> {
  data: T;
  at: number;
}

/** Result of `ports.emit` / `ports.send`. */
export interface PortDelivery {
  delivered: number;
}
