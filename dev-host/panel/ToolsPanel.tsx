import { useState } from 'react';
import type { ReactElement } from 'react';
import { Button, Empty, Muted } from '../../components/index.js';
import type { ManifestTool } from '../../src/contract/types.js';
import type { PanelHost } from '../host/panel-host.js';
import { readJsonText, showToolResult } from '../host/json-text.js';
import type { JsonText } from '../host/json-text.js';
import { JsonField } from './JsonField.js';

type Outcome = { state: 'running' } | { state: 'done'; result: unknown } | { state: 'failed'; error: string };

/** One manifest tool: its JSON arguments, a call button and the result the card's handler gave. */
function ToolCall({ host, tool }: { host: PanelHost; tool: ManifestTool }): ReactElement {
  const [args, setArgs] = useState('{}');
  const [parsed, setParsed] = useState<JsonText | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const call = () => {
    const read = readJsonText(args, {});
    setParsed(read);
    if (!read.ok) return;
    setOutcome({ state: 'running' });
    host.callTool(tool.name, read.value).then(
      (result) => setOutcome({ state: 'done', result }),
      (error: unknown) =>
        setOutcome({ state: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div role="group" aria-label={tool.name} className="ns-dev-block">
      <p className="ns-dev-block__title">
        <code>{tool.name}</code> {typeof tool.title === 'string' && <Muted>{tool.title}</Muted>}
      </p>
      <JsonField
        label={`Arguments for ${tool.name}`}
        value={args}
        onChange={(text) => {
          setArgs(text);
          setParsed(null);
        }}
        parsed={parsed}
      />
      <Button variant="primary" size="sm" onClick={call} loading={outcome?.state === 'running'}>
        Call {tool.name}
      </Button>
      {outcome && outcome.state !== 'running' && (
        <section aria-label="Result" className="ns-dev-result" data-state={outcome.state}>
          <pre className="ns-mono">{outcome.state === 'done' ? showToolResult(outcome.result) : outcome.error}</pre>
        </section>
      )}
    </div>
  );
}

/** A call form for each tool the manifest declares. */
export function ToolsPanel({ host }: { host: PanelHost }): ReactElement {
  const tools = host.manifest.tools;
  if (tools.length === 0) return <Empty heading="No tools">The manifest declares no tools.</Empty>;
  return (
    <div className="ns-stack">
      {tools.map((tool) => (
        <ToolCall key={tool.name} host={host} tool={tool} />
      ))}
    </div>
  );
}
