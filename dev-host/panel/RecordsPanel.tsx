import { useState } from 'react';
import type { ReactElement } from 'react';
import { Empty, Field, Select } from '../../components/index.js';
import type { MockHost } from '../../src/testing/index.js';
import { showJson } from '../host/json-text.js';
import type { FrameFinding } from '../host/frame-findings.js';
import type { NetworkRecord } from '../host/net-forwarding.js';

/** What the page adds to the host's records: the frame's findings and the dev server's network requests. */
interface PageRecords {
  findings: readonly FrameFinding[];
  network: readonly NetworkRecord[];
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
  Findings: (_host, page) => page.findings,
  Network: (_host, page) => page.network,
} satisfies Record<string, (host: MockHost, page: PageRecords) => readonly unknown[]>;

type RecordName = keyof typeof RECORDS;
const NAMES = Object.keys(RECORDS) as RecordName[];
const SHOWN = 200;

/** One line of a record: a call by its method, a log by its level, anything else as JSON. */
function line(name: RecordName, entry: unknown): string {
  const value = entry as Record<string, unknown>;
  if (name === 'Calls') return `${String(value.method)} ${showJson(value.params).replace(/\s+/g, ' ')}`;
  if (name === 'Events') return `${String(value.event)} ${showJson(value.data).replace(/\s+/g, ' ')}`;
  if (name === 'Logs') return `[${String(value.level)}] ${String(value.message)}`;
  if (name === 'Chrome') return showJson(entry);
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
  host: MockHost;
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
              {option} ({RECORDS[option](host, page).length})
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
