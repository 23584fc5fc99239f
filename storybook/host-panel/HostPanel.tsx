// The Host panel: what the story's card did on the mock host, live, and buttons to drive the host. Drawn with the
// card kit (./components over ui.css) in the manager's light or dark scheme.
import React, { useEffect, useState } from 'react';
import { useChannel, useStorybookState } from 'storybook/manager-api';
import { useTheme, type StorybookTheme } from 'storybook/theming';
import {
  Badge,
  Button,
  Dot,
  Field,
  Input,
  Kit,
  Mono,
  Muted,
  Row,
  Select,
  Stack,
  Subtitle,
  Surface,
} from '../../components/index.js';
import { DEFAULT_THEME, LIGHT_THEME } from '../../src/index.js';
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

/** Reads a text field as JSON when it parses, else as the plain string. */
function parseLoose(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

function Json({ value }: { value: JsonValue }) {
  return <Mono>{JSON.stringify(value)}</Mono>;
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
    <Surface inset className="ns-host-panel__section" aria-label={props.title} data-testid={props.testId}>
      <Subtitle as="h3" className="ns-host-panel__heading">
        {props.title}
        <Badge tone={props.count > 0 ? 'accent' : 'default'}>{props.count}</Badge>
      </Subtitle>
      {props.count === 0 ? <Muted>{props.empty}</Muted> : props.children}
    </Surface>
  );
}

function RecordList({ title, items, testId }: { title: string; items: JsonValue[]; testId: string }) {
  return (
    <RecordSection title={title} testId={testId} count={items.length} empty="none yet">
      <ol className="ns-host-panel__records">
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
      <dl className="ns-host-panel__table">
        {keys.map((key) => (
          <React.Fragment key={key}>
            <dt>{key}</dt>
            <dd>
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
    <Surface className="ns-host-panel__section" aria-label="Drive the host">
      <Subtitle as="h3" className="ns-host-panel__heading">
        Drive the host
      </Subtitle>
      <div className="ns-host-panel__drivers">
        <div className="ns-host-panel__driver">
          <Field label="Agent">
            <Select value={agent} disabled={!agent} onChange={(e) => setAgentId(e.target.value)}>
              {snapshot.agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} ({a.status})
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Status">
            <Select value={status} onChange={(e) => setStatus(e.target.value as AgentStatus)}>
              {AGENT_STATUSES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </Select>
          </Field>
          <Button size="sm" disabled={!agent} onClick={() => send({ type: 'setAgentStatus', agentId: agent, status })}>
            Set agent status
          </Button>
        </div>
        <div className="ns-host-panel__driver">
          <Field label="Input">
            <Select value={port} disabled={!port} onChange={(e) => setInput(e.target.value)}>
              {snapshot.inputs.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.id} ({i.type})
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Port data">
            <Input className="ns-mono" value={portData} onChange={(e) => setPortData(e.target.value)} />
          </Field>
          <Button
            size="sm"
            disabled={!port}
            onClick={() => send({ type: 'sendPortMessage', input: port, data: parseLoose(portData) })}
          >
            Send port message
          </Button>
        </div>
        <div className="ns-host-panel__driver">
          <Field label="Tool">
            <Select value={toolName} disabled={!toolName} onChange={(e) => setTool(e.target.value)}>
              {snapshot.tools.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </Select>
          </Field>
          <Field label="Tool arguments">
            <Input className="ns-mono" value={toolArgs} onChange={(e) => setToolArgs(e.target.value)} />
          </Field>
          <Button
            size="sm"
            disabled={!toolName}
            onClick={() => send({ type: 'callTool', name: toolName, args: parseLoose(toolArgs) })}
          >
            Call tool
          </Button>
        </div>
        <Row className="ns-host-panel__driver">
          <Button size="sm" variant="outline" onClick={() => send({ type: 'suspend' })}>
            Suspend
          </Button>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'reload' })}>
            Reload card
          </Button>
        </Row>
      </div>
    </Surface>
  );
}

/** The kit root in the manager's scheme: light on Storybook's light theme, dark on its dark one. */
function PanelKit({ children, testId }: { children: React.ReactNode; testId?: string }) {
  // Under NodeNext resolution Storybook's augmentation of emotion's Theme is not seen; the value is a StorybookTheme.
  const theme = useTheme() as Partial<StorybookTheme>;
  const kitTheme = theme.base === 'light' ? LIGHT_THEME : DEFAULT_THEME;
  return (
    <Kit theme={kitTheme} className="ns-host-panel ns-pad" data-testid={testId}>
      {children}
    </Kit>
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
    return (
      <PanelKit>
        <Muted>Waiting for the story&apos;s mock host…</Muted>
      </PanelKit>
    );
  }
  const send = (command: HostCommand) => emit(HOST_COMMAND_EVENT, { storyId, command });
  return (
    <PanelKit testId="host-panel">
      <Stack>
        <Row className="ns-host-panel__status">
          <Subtitle as="h2">Mock host</Subtitle>
          <Badge tone={current.connected ? 'success' : 'warning'}>
            <Dot tone={current.connected ? 'success' : 'warning'} />
            {current.connected ? `card connected (frame ${current.frame})` : 'connecting…'}
          </Badge>
          <Muted>
            visibility {current.visibility} · language {current.language} · theme {current.scheme} · {current.calls}{' '}
            calls · {current.events} events
          </Muted>
          {current.error ? (
            <Badge tone="danger" role="alert">
              error: {current.error}
            </Badge>
          ) : null}
        </Row>
        <div className="ns-host-panel__grid">
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
          <ol className="ns-host-panel__results" aria-label="Driver results">
            {results.map((r, index) => (
              <li key={index} className={r.ok ? undefined : 'ns-host-panel__result--failed'}>
                {r.command}: {r.text}
              </li>
            ))}
          </ol>
        ) : null}
      </Stack>
    </PanelKit>
  );
}
