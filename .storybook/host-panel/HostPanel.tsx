// The Host panel: what the story's card did on the mock host, live, and buttons to drive the host.
import React, { useEffect, useState } from 'react';
import { useChannel, useStorybookState } from 'storybook/manager-api';
import { AGENT_STATUSES, type AgentStatus } from '../../src/contract/constants.js';
import {
  HOST_COMMAND_EVENT,
  HOST_COMMAND_RESULT_EVENT,
  HOST_SNAPSHOT_EVENT,
  HOST_SNAPSHOT_REQUEST_EVENT,
  type HostCommand,
  type HostCommandResult,
  type HostSnapshot,
  type JsonValue,
} from './protocol.js';

const css = {
  root: { padding: 12, fontSize: 12, lineHeight: 1.45, display: 'grid', gap: 12 },
  row: { display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' },
  grid: { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' },
  section: { border: '1px solid rgba(128,128,128,.3)', borderRadius: 6, padding: 8, minWidth: 0 },
  heading: { margin: '0 0 6px', fontSize: 12, fontWeight: 700 },
  list: { margin: 0, paddingLeft: 18, display: 'grid', gap: 2 },
  code: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 11.5, wordBreak: 'break-all' },
  input: { fontSize: 12, padding: '2px 4px', minWidth: 0 },
  muted: { opacity: 0.65 },
} satisfies Record<string, React.CSSProperties>;

/** Reads a text field as JSON when it parses, else as the plain string. */
function parseLoose(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

function Json({ value }: { value: JsonValue }) {
  return <code style={css.code}>{JSON.stringify(value)}</code>;
}

/** A titled box with its item count, or a muted `empty` line when there is nothing yet. */
function RecordSection(props: {
  title: string;
  testId: string;
  count: number;
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <section style={css.section} aria-label={props.title} data-testid={props.testId}>
      <h3 style={css.heading}>
        {props.title} ({props.count})
      </h3>
      {props.count === 0 ? <div style={css.muted}>{props.empty}</div> : props.children}
    </section>
  );
}

function RecordList({ title, items, testId }: { title: string; items: JsonValue[]; testId: string }) {
  return (
    <RecordSection title={title} testId={testId} count={items.length} empty="none yet">
      <ol style={css.list}>
        {items.map((item, index) => (
          <li key={index}>
            <Json value={item} />
          </li>
        ))}
      </ol>
    </RecordSection>
  );
}

function RecordTable({
  title,
  entries,
  testId,
}: {
  title: string;
  entries: Record<string, JsonValue>;
  testId: string;
}) {
  const keys = Object.keys(entries);
  return (
    <RecordSection title={title} testId={testId} count={keys.length} empty="empty">
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 8px' }}>
        {keys.map((key) => (
          <React.Fragment key={key}>
            <dt style={{ fontWeight: 600 }}>{key}</dt>
            <dd style={{ margin: 0 }}>
              <Json value={entries[key] ?? null} />
            </dd>
          </React.Fragment>
        ))}
      </dl>
    </RecordSection>
  );
}

function Drivers({ snapshot, send }: { snapshot: HostSnapshot; send: (command: HostCommand) => void }) {
  const [agentId, setAgentId] = useState('');
  const [status, setStatus] = useState<AgentStatus>('working');
  const [input, setInput] = useState('');
  const [portData, setPortData] = useState('"hello"');
  const [tool, setTool] = useState('');
  const [toolArgs, setToolArgs] = useState('{}');
  const agent = agentId || snapshot.agents[0]?.id || '';
  const port = input || snapshot.inputs[0]?.id || '';
  const toolName = tool || snapshot.tools[0] || '';
  return (
    <section style={css.section} aria-label="Drive the host">
      <h3 style={css.heading}>Drive the host</h3>
      <div style={{ display: 'grid', gap: 6 }}>
        <div style={css.row}>
          <select aria-label="Agent" style={css.input} value={agent} onChange={(e) => setAgentId(e.target.value)}>
            {snapshot.agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.status})
              </option>
            ))}
          </select>
          <select
            aria-label="Status"
            style={css.input}
            value={status}
            onChange={(e) => setStatus(e.target.value as AgentStatus)}
          >
            {AGENT_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          <button disabled={!agent} onClick={() => send({ type: 'setAgentStatus', agentId: agent, status })}>
            Set agent status
          </button>
        </div>
        <div style={css.row}>
          <select aria-label="Input" style={css.input} value={port} onChange={(e) => setInput(e.target.value)}>
            {snapshot.inputs.map((i) => (
              <option key={i.id} value={i.id}>
                {i.id} ({i.type})
              </option>
            ))}
          </select>
          <input
            aria-label="Port data"
            style={{ ...css.input, flex: 1 }}
            value={portData}
            onChange={(e) => setPortData(e.target.value)}
          />
          <button
            disabled={!port}
            onClick={() => send({ type: 'sendPortMessage', input: port, data: parseLoose(portData) })}
          >
            Send port message
          </button>
        </div>
        <div style={css.row}>
          <select aria-label="Tool" style={css.input} value={toolName} onChange={(e) => setTool(e.target.value)}>
            {snapshot.tools.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
          <input
            aria-label="Tool arguments"
            style={{ ...css.input, flex: 1 }}
            value={toolArgs}
            onChange={(e) => setToolArgs(e.target.value)}
          />
          <button
            disabled={!toolName}
            onClick={() => send({ type: 'callTool', name: toolName, args: parseLoose(toolArgs) })}
          >
            Call tool
          </button>
        </div>
        <div style={css.row}>
          <button onClick={() => send({ type: 'suspend' })}>Suspend</button>
          <button onClick={() => send({ type: 'reload' })}>Reload card</button>
        </div>
      </div>
    </section>
  );
}

/** The panel body; `active` is false while another addon tab is shown. */
export function HostPanel({ active }: { active: boolean }) {
  const { storyId } = useStorybookState();
  const [snapshot, setSnapshot] = useState<HostSnapshot | null>(null);
  const [results, setResults] = useState<HostCommandResult[]>([]);
  const emit = useChannel({
    [HOST_SNAPSHOT_EVENT]: (next: HostSnapshot) => setSnapshot(next),
    [HOST_COMMAND_RESULT_EVENT]: (result: HostCommandResult) => setResults((list) => [result, ...list].slice(0, 5)),
  });

  // A new story starts with an empty panel and asks its host for a first snapshot.
  useEffect(() => {
    /* eslint-disable react-hooks/set-state-in-effect -- see above */
    setSnapshot(null);
    setResults([]);
    /* eslint-enable react-hooks/set-state-in-effect */
    emit(HOST_SNAPSHOT_REQUEST_EVENT, { storyId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `emit` is Storybook's channel, new each render
  }, [storyId]);

  if (!active) return null;
  const current = snapshot && snapshot.storyId === storyId ? snapshot : null;
  if (!current) {
    return <div style={css.root}>Waiting for the story's mock host…</div>;
  }
  const send = (command: HostCommand) => emit(HOST_COMMAND_EVENT, { storyId, command });
  return (
    <div style={css.root} data-testid="host-panel">
      <div style={css.row}>
        <strong>Mock host</strong>
        <span>{current.connected ? `card connected (frame ${current.frame})` : 'connecting…'}</span>
        <span style={css.muted}>
          visibility {current.visibility} · language {current.language} · theme {current.scheme} · {current.calls} calls
          · {current.events} events
        </span>
        {current.error ? <span role="alert">error: {current.error}</span> : null}
      </div>
      <div style={css.grid}>
        <RecordList title="Deliveries" items={current.deliveries} testId="host-deliveries" />
        <RecordList title="Prompts" items={current.prompts} testId="host-prompts" />
        <RecordList title="Commands" items={current.commands} testId="host-commands" />
        <RecordList title="Toasts" items={current.toasts} testId="host-toasts" />
        <RecordList title="Confirms" items={current.confirms} testId="host-confirms" />
        <RecordList title="Logs" items={current.logs} testId="host-logs" />
        <RecordTable title="Chrome" entries={current.chrome} testId="host-chrome" />
        <RecordTable title="Storage (instance)" entries={current.storage.instance} testId="host-storage" />
        <RecordTable title="Storage (package)" entries={current.storage.package} testId="host-storage-package" />
      </div>
      <Drivers snapshot={current} send={send} />
      {results.length > 0 ? (
        <ol style={css.list} aria-label="Driver results">
          {results.map((r, index) => (
            <li key={index} style={{ color: r.ok ? undefined : '#e5484d' }}>
              {r.command}: {r.text}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
