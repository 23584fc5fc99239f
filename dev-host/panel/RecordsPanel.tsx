import { useState } from 'react';
import type { ReactElement } from 'react';
import { Empty, Field, Select } from '../../components/index.js';
import type { PanelHost, PanelHostField } from '../host/panel-host.js';
import { showJson } from '../host/json-text.js';
import type { FrameFinding } from '../host/frame-findings.js';
import type { NetworkRecord } from '../host/net-forwarding.js';

/** What the page adds to the host's records: the frame's findings and the dev server's network requests. */
interface PageRecords {
  findings: readonly FrameFinding[];
  network: readonly NetworkRecord[];
}

/** The card's stored values, one entry per key and scope. */
function storageEntries(host: PanelHost): { scope: string; key: string; value: unknown }[] {
  return Object.entries(host.storage).flatMap(([scope, values]) =>
    [...values].map(([key, value]) => ({ scope, key, value })),
  );
}

/** The records the panel lists, by name, each read from the host (or the page's own findings). */
const RECORDS = {
  Calls: (host) => host.calls,
  Events: (host) => host.events,
  Deliveries: (host) => host.deliveries,
  Prompts: (host) => host.prompts,
  Commands: (host) => [...host.commands, ...host.terminal],
  Logs: (host) => host.logs,
  Toasts: (host) => host.toasts,
  Confirms: (host) => host.confirms,
  Clipboard: (host) => host.clipboard,
  Spawned: (host) => host.spawned,
  Chrome: (host) => [host.chrome],
  Storage: (host) => storageEntries(host),
  Findings: (_host, page) => page.findings,
  Network: (_host, page) => page.network,
} satisfies Record<string, (host: PanelHost, page: PageRecords) => readonly unknown[]>;

type RecordName = keyof typeof RECORDS;

/** The host fields each record counts (a copy that carries only the newest entries keeps their totals). */
const COUNTED: Partial<Record<RecordName, readonly PanelHostField[]>> = {
  Calls: ['calls'],
  Events: ['events'],
  Deliveries: ['deliveries'],
  Prompts: ['prompts'],
  Commands: ['commands', 'terminal'],
  Logs: ['logs'],
  Toasts: ['toasts'],
  Confirms: ['confirms'],
  Clipboard: ['clipboard'],
  Spawned: ['spawned'],
};

/** How many entries a record holds, shown beside its name. */
function countOf(host: PanelHost, name: RecordName, entries: readonly unknown[]): number {
  const fields = COUNTED[name];
  const totals = host.totals;
  if (!fields || !totals) return entries.length;
  return fields.reduce((sum, field) => sum + (totals[field] ?? 0), 0);
}
const NAMES = Object.keys(RECORDS) as RecordName[];
const SHOWN = 200;

/** One line of a record: a call by its method, a log by its level, anything else as JSON. */
function line(name: RecordName, entry: unknown): string {
  const value = entry as Record<string, unknown>;
  if (name === 'Calls') return `${String(value.method)} ${showJson(value.params).replace(/\s+/g, ' ')}`;
  if (name === 'Events') return `${String(value.event)} ${showJson(value.data).replace(/\s+/g, ' ')}`;
  if (name === 'Logs') return `[${String(value.level)}] ${String(value.message)}`;
  if (name === 'Chrome') return showJson(entry);
  if (name === 'Storage')
    return `${String(value.scope)} ${String(value.key)} = ${showJson(value.value).replace(/\s+/g, ' ')}`;
  if (name === 'Network') {
    const record = entry as NetworkRecord;
    const outcome = record.error
      ? `${record.error.code}: ${record.error.message}`
      : `${String(record.status)} · ${record.bytes} B`;
    return `${record.method} ${record.url} → ${outcome} · ${record.ms} ms`;
  }
  return showJson(entry).replace(/\s+/g, ' ');
}

/** What the card did and what the host sent, newest first, one record at a time. */
export function RecordsPanel({
  host,
  findings = [],
  network = [],
}: {
  host: PanelHost;
  findings?: readonly FrameFinding[];
  /** The card's `net.fetch` requests as the dev server answered them. */
  network?: readonly NetworkRecord[];
}): ReactElement {
  const [name, setName] = useState<RecordName>('Calls');
  const page = { findings, network };
  const entries = RECORDS[name](host, page);
  const newest = entries.slice(-SHOWN).reverse();
  return (
    <div className="ns-stack">
      <Field label="Record">
        <Select value={name} onChange={(event) => setName(event.target.value as RecordName)}>
          {NAMES.map((option) => (
            <option key={option} value={option}>
              {option} ({countOf(host, option, RECORDS[option](host, page))})
            </option>
          ))}
        </Select>
      </Field>
      <section aria-label={name} className="ns-dev-records">
        {newest.length === 0 ? (
          <Empty heading={`No ${name.toLowerCase()} yet`} />
        ) : (
          <ol className="ns-dev-records__list" reversed>
            {newest.map((entry, index) => (
              <li key={entries.length - index} className="ns-mono">
                {line(name, entry)}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
