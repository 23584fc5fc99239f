import { useState } from 'react';
import type { ReactElement } from 'react';
import { Button, Empty, Field, Input, Row, Select } from '../../components/index.js';
import { AGENT_STATUSES } from '../../src/contract/constants.js';
import type { AgentInfo, AgentStatus } from '../../src/contract/types.js';
import type { PanelHost } from '../host/panel-host.js';
import { readJsonText } from '../host/json-text.js';
import type { JsonText } from '../host/json-text.js';
import { JsonField } from './JsonField.js';

/** A JSON object typed into a field and applied with a button; an inline error when it is not one. */
function JsonApply({
  label,
  action,
  apply,
}: {
  label: string;
  action: string;
  apply: (value: Record<string, unknown>) => void;
}): ReactElement {
  const [text, setText] = useState('{}');
  const [parsed, setParsed] = useState<JsonText | null>(null);
  const run = () => {
    const read = readJsonText(text, {});
    if (read.ok && (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value))) {
      setParsed({ ok: false, error: 'Expected a JSON object' });
      return;
    }
    setParsed(read);
    if (read.ok) apply(read.value as Record<string, unknown>);
  };
  return (
    <div className="ns-stack">
      <JsonField
        label={label}
        value={text}
        rows={2}
        parsed={parsed}
        onChange={(next) => {
          setText(next);
          setParsed(null);
        }}
      />
      <Button size="sm" onClick={run}>
        {action}
      </Button>
    </div>
  );
}

/** One agent or terminal: its status, output, usage and timeline, and its removal. */
function AgentControls({ host, agent }: { host: PanelHost; agent: AgentInfo }): ReactElement {
  const [output, setOutput] = useState('');
  const { name } = agent;
  return (
    <li className="ns-dev-block" aria-label={name}>
      <Row>
        <p className="ns-dev-block__title ns-grow">
          {name}{' '}
          <span className="ns-muted">
            ({agent.kind === 'shell' ? 'terminal' : 'agent'}, {agent.id})
          </span>
        </p>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => host.setAgents(host.agents.filter((other) => other.id !== agent.id))}
        >
          Remove {name}
        </Button>
      </Row>
      <Field label={`Status of ${name}`}>
        <Select
          value={agent.status}
          onChange={(event) => host.setAgentStatus(agent.id, event.target.value as AgentStatus)}
        >
          {AGENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Select>
      </Field>
      <Row>
        <Field label={`Output for ${name}`} className="ns-grow">
          <Input value={output} onChange={(event) => setOutput(event.target.value)} />
        </Field>
        <Button
          size="sm"
          className="ns-dev-align-end"
          onClick={() => {
            host.agentOutput(agent.id, output);
            setOutput('');
          }}
        >
          Push output to {name}
        </Button>
      </Row>
      <JsonApply
        label={`Usage for ${name}`}
        action={`Set usage of ${name}`}
        apply={(value) => host.setAgentUsage(agent.id, value)}
      />
      <JsonApply
        label={`Timeline for ${name}`}
        action={`Set timeline of ${name}`}
        apply={(value) => host.setAgentTimeline(agent.id, value)}
      />
    </li>
  );
}

/** Adds, removes and drives the agents and terminals `agents.list` returns. */
export function AgentsPanel({ host }: { host: PanelHost }): ReactElement {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'ai' | 'shell'>('ai');
  const add = () => {
    const taken = new Set(host.agents.map((agent) => agent.id));
    let n = host.agents.length + 1;
    while (taken.has(`agent-${n}`)) n += 1;
    const id = `agent-${n}`;
    const agent: AgentInfo = {
      id,
      name: name.trim() || (kind === 'shell' ? `Terminal ${n}` : `Agent ${n}`),
      harness: kind === 'shell' ? 'shell' : 'claude-code',
      kind,
      status: 'idle',
      connected: true,
    };
    host.setAgents([...host.agents, agent]);
    setName('');
  };
  return (
    <div className="ns-stack">
      <Row className="ns-dev-wrap">
        <Field label="Agent name" className="ns-grow">
          <Input value={name} placeholder="Agent 1" onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Agent kind">
          <Select value={kind} onChange={(event) => setKind(event.target.value === 'shell' ? 'shell' : 'ai')}>
            <option value="ai">AI agent</option>
            <option value="shell">Terminal</option>
          </Select>
        </Field>
        <Button variant="primary" size="sm" className="ns-dev-align-end" onClick={add}>
          Add agent
        </Button>
      </Row>
      {host.agents.length === 0 ? (
        <Empty heading="No agents">Add an agent or a terminal; the card sees it in agents.list.</Empty>
      ) : (
        <ul className="ns-dev-list" aria-label="Agents">
          {host.agents.map((agent) => (
            <AgentControls key={agent.id} host={host} agent={agent} />
          ))}
        </ul>
      )}
    </div>
  );
}
