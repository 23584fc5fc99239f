// Turns a story's mock host into the JSON copy the Host panel draws the control panel from.
import type { MockHost } from '../../src/testing/index.js';
import { PANEL_HOST_FIELDS, PANEL_HOST_RECORDS, type PanelHostField } from '../../dev-host/host/panel-host.js';
import type { CardHostStatus } from '../index.js';
import type { HostSnapshot, JsonValue, PanelHostData } from './protocol.js';

/** How many of a record's newest entries cross the channel (the control panel lists as many). */
export const SNAPSHOT_RECORD_LIMIT = 200;

const RECORDS: ReadonlySet<PanelHostField> = new Set(PANEL_HOST_RECORDS);

/** A JSON copy of any value (bytes and other non-JSON values become readable text). */
export function toJson(value: unknown): JsonValue {
  try {
    const text = JSON.stringify(value, (_key, item: unknown) => {
      if (item instanceof Uint8Array) return `<${item.byteLength} bytes>`;
      if (item instanceof Map) return Object.fromEntries(item as Map<PropertyKey, unknown>);
      if (item instanceof Set) return [...(item as Set<unknown>)];
      return item;
    });
    return text === undefined ? null : (JSON.parse(text) as JsonValue);
  } catch {
    return String(value);
  }
}

/** A storage scope's entries as JSON pairs. */
const entriesOf = (map: ReadonlyMap<string, unknown>): [string, JsonValue][] =>
  [...map].map(([key, value]) => [key, toJson(value)]);

/** The host as the control panel reads it; the story's own confirmations stand for the host's. */
function panelHostData(host: MockHost, status: CardHostStatus): PanelHostData {
  const fields = {} as PanelHostData['fields'];
  const totals: PanelHostData['totals'] = {};
  for (const field of PANEL_HOST_FIELDS) {
    if (field === 'storage') continue;
    const value: unknown = field === 'confirms' ? status.confirms : host[field];
    if (RECORDS.has(field) && Array.isArray(value)) {
      totals[field] = value.length;
      fields[field] = toJson(value.slice(-SNAPSHOT_RECORD_LIMIT));
    } else {
      fields[field] = toJson(value);
    }
  }
  return {
    fields,
    storage: { instance: entriesOf(host.storage.instance), package: entriesOf(host.storage.package) },
    totals,
  };
}

/** What the Host panel shows of one story's host: its status and the control panel's copy of the host. */
export function hostSnapshot(host: MockHost, status: CardHostStatus): HostSnapshot {
  return {
    storyId: status.storyId,
    frame: status.frame,
    connected: status.connected,
    error: status.error,
    host: panelHostData(host, status),
  };
}
