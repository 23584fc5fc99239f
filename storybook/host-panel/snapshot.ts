// Turns the mock host's records into the JSON the Host panel shows.
import type { MockHost } from '../../src/testing/index.js';
import type { CardHostStatus } from '../index.js';
import type { HostSnapshot, JsonValue } from './protocol.js';

/** A JSON copy of any record (bytes and other non-JSON values become readable text). */
function toJson(value: unknown): JsonValue {
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

function entriesOf(map: Map<string, unknown>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of map) out[key] = toJson(value);
  return out;
}

/** The panel's view of a host: every record a card author checks in a test. */
export function hostSnapshot(host: MockHost, status: CardHostStatus): HostSnapshot {
  const context = host.hostContext;
  const { title, status: chromeStatus, badge, overview, attention, menu, enabledTools } = host.chrome;
  return {
    storyId: status.storyId,
    frame: status.frame,
    connected: status.connected,
    error: status.error,
    visibility: context.visibility,
    language: context.i18n.language,
    scheme: context.theme.scheme,
    deliveries: host.deliveries.map(toJson),
    prompts: host.prompts.map(toJson),
    commands: host.terminal.map(toJson),
    toasts: host.toasts.map(toJson),
    logs: host.logs.map(toJson),
    confirms: status.confirms.map(toJson),
    chrome: {
      title: toJson(title),
      status: toJson(chromeStatus),
      badge: toJson(badge),
      overview: toJson(overview),
      attention: toJson(attention),
      menu: toJson(menu),
      enabledTools: toJson(enabledTools),
    },
    storage: { instance: entriesOf(host.storage.instance), package: entriesOf(host.storage.package) },
    agents: host.agents.map((agent) => ({
      id: agent.id,
      name: agent.name,
      status: agent.status,
      kind: agent.kind,
      connected: agent.connected,
    })),
    inputs: host.manifest.ports.inputs.map((input) => ({ id: input.id, type: input.type })),
    tools: host.manifest.tools.map((tool) => tool.name),
    calls: host.calls.length,
    events: host.events.length,
  };
}
