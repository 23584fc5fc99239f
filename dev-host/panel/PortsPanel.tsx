import { useState } from 'react';
import type { ReactElement } from 'react';
import { Button, Empty, Field, Select } from '../../components/index.js';
import { localize } from '../../src/contract/constants.js';
import type { ManifestPort } from '../../src/contract/types.js';
import type { PanelHost } from '../host/panel-host.js';
import { readJsonText, showJson } from '../host/json-text.js';
import type { JsonText } from '../host/json-text.js';
import { JsonField } from './JsonField.js';

type Reply = { ok: true; value: unknown } | { ok: false; error: string };

const failure = (error: unknown): Reply => ({
  ok: false,
  error: error instanceof Error ? error.message : String(error),
});

/** One input of the card: a value sent into it from a peer, or a request it answers. */
function InputControls({ host, input }: { host: PanelHost; input: ManifestPort }): ReactElement {
  const [text, setText] = useState('""');
  const [parsed, setParsed] = useState<JsonText | null>(null);
  const [from, setFrom] = useState('');
  const [reply, setReply] = useState<Reply | null>(null);
  const senders = host.peers.filter((peer) => peer.direction !== 'downstream');
  const request = input.mode === 'request';
  const run = () => {
    const read = readJsonText(text, null);
    setParsed(read);
    if (!read.ok) return;
    if (request) {
      setReply(null);
      host.requestPort(input.id, read.value, from ? { from } : {}).then(
        (value) => setReply({ ok: true, value }),
        (error: unknown) => setReply(failure(error)),
      );
      return;
    }
    // The mock host throws at once; Storybook's copy of it answers later.
    Promise.resolve()
      .then(() => host.sendPortMessage(input.id, read.value, from ? { cardId: from } : {}))
      .then(
        () => setReply({ ok: true, value: 'sent' }),
        (error: unknown) => setReply(failure(error)),
      );
  };
  const label = localize(input.label, host.context.i18n.language);
  return (
    <div role="group" aria-label={`Input ${input.id}`} className="ns-dev-block">
      <p className="ns-dev-block__title">
        <code>{input.id}</code> <span className="ns-muted">{label}</span>{' '}
        <span className="ns-muted">
          ({input.type}, {request ? 'request' : 'stream'})
        </span>
      </p>
      <JsonField
        label={request ? `Request for ${input.id}` : `Message for ${input.id}`}
        value={text}
        rows={2}
        parsed={parsed}
        onChange={(next) => {
          setText(next);
          setParsed(null);
        }}
      />
      {senders.length > 0 && (
        <Field label={`Sender for ${input.id}`}>
          <Select value={from} onChange={(event) => setFrom(event.target.value)}>
            <option value="">First connected peer</option>
            {senders.map((peer) => (
              <option key={peer.cardId} value={peer.cardId}>
                {peer.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Button size="sm" variant="primary" onClick={run}>
        {request ? `Request ${input.id}` : `Send to ${input.id}`}
      </Button>
      {reply && (
        <section
          aria-label={`Reply from ${input.id}`}
          className="ns-dev-result"
          data-state={reply.ok ? 'done' : 'failed'}
        >
          <pre className="ns-mono">{reply.ok ? showJson(reply.value) : reply.error}</pre>
        </section>
      )}
    </div>
  );
}

/** Port messages and port requests into each input the manifest declares. */
export function PortsPanel({ host }: { host: PanelHost }): ReactElement {
  const inputs = host.manifest.ports.inputs;
  if (inputs.length === 0) return <Empty heading="No inputs">The manifest declares no input ports.</Empty>;
  return (
    <div className="ns-stack">
      {inputs.map((input) => (
        <InputControls key={input.id} host={host} input={input} />
      ))}
    </div>
  );
}
