import { useState } from 'react';
import type { ReactElement } from 'react';
import { Button, Empty, Field, Input, Row, Select } from '../../components/index.js';
import { BUILTIN_CARD_PORTS, isBuiltinCardKind } from '../../src/contract/builtin-ports.js';
import type { PeerDirection } from '../../src/contract/types.js';
import type { MockPeer, MockPeerPort } from '../../src/testing/index.js';
import type { PanelHost } from '../host/panel-host.js';
import { readJsonText } from '../host/json-text.js';
import type { JsonText } from '../host/json-text.js';
import { JsonField } from './JsonField.js';

const KINDS = [
  ['note', 'Note'],
  ['todo', 'To-do list'],
  ['kanban', 'Board'],
  ['sticky', 'Sticky'],
  ['agent', 'Agent'],
  ['terminal', 'Terminal'],
  ['custom', 'Custom card'],
] as const;

const DIRECTIONS: readonly [PeerDirection, string][] = [
  ['upstream', 'Into this card'],
  ['downstream', 'Out of this card'],
  ['both', 'Both ways'],
];

const CUSTOM_PORTS = `{
  "inputs": [{ "id": "in", "label": "In", "type": "ns:json" }],
  "outputs": [{ "id": "out", "label": "Out", "type": "ns:json" }]
}`;

/** The ports of a custom peer typed as `{inputs, outputs}`, or why they are not. */
function customPorts(text: string): { inputs: MockPeerPort[]; outputs: MockPeerPort[] } | string {
  const read = readJsonText(text, { inputs: [], outputs: [] });
  if (!read.ok) return read.error;
  const value = read.value as { inputs?: unknown; outputs?: unknown } | null;
  const inputs = value?.inputs ?? [];
  const outputs = value?.outputs ?? [];
  if (!Array.isArray(inputs) || !Array.isArray(outputs)) return 'Expected {"inputs": [...], "outputs": [...]}';
  return { inputs: inputs as MockPeerPort[], outputs: outputs as MockPeerPort[] };
}

/** Adds and removes the cards connected to this one by arrows (`context.peers`). */
export function PeersPanel({ host }: { host: PanelHost }): ReactElement {
  const [kind, setKind] = useState<string>('note');
  const [name, setName] = useState('');
  const [direction, setDirection] = useState<PeerDirection>('both');
  const [ports, setPorts] = useState(CUSTOM_PORTS);
  const [error, setError] = useState<JsonText | null>(null);
  const add = () => {
    const taken = new Set(host.peers.map((peer) => peer.cardId));
    let n = host.peers.length + 1;
    while (taken.has(`peer-${n}`)) n += 1;
    const label = KINDS.find(([id]) => id === kind)?.[1] ?? kind;
    let inputs: MockPeerPort[];
    let outputs: MockPeerPort[];
    if (isBuiltinCardKind(kind)) {
      ({ inputs, outputs } = BUILTIN_CARD_PORTS[kind]);
    } else {
      const read = customPorts(ports);
      if (typeof read === 'string') {
        setError({ ok: false, error: read });
        return;
      }
      ({ inputs, outputs } = read);
    }
    setError(null);
    const peer: MockPeer = {
      cardId: `peer-${n}`,
      kind,
      name: name.trim() || `${label} ${n}`,
      direction,
      inputs: [...inputs],
      outputs: [...outputs],
    };
    if (kind === 'custom') peer.type = 'dev/custom-card';
    host.setPeers([...host.peers, peer]);
    setName('');
  };
  return (
    <div className="ns-stack">
      <Row className="ns-dev-wrap">
        <Field label="Peer kind">
          <Select value={kind} onChange={(event) => setKind(event.target.value)}>
            {KINDS.map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Peer name" className="ns-grow">
          <Input value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Arrow">
          <Select value={direction} onChange={(event) => setDirection(event.target.value as PeerDirection)}>
            {DIRECTIONS.map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
      </Row>
      {kind === 'custom' && (
        <JsonField label="Ports of the custom peer" value={ports} onChange={setPorts} parsed={error} rows={4} />
      )}
      <Button variant="primary" size="sm" onClick={add}>
        Add peer
      </Button>
      {host.peers.length === 0 ? (
        <Empty heading="No peers">Connect a card to this one; it shows in context.peers.</Empty>
      ) : (
        <ul className="ns-dev-list" aria-label="Peers">
          {host.peers.map((peer) => (
            <li key={peer.cardId} className="ns-dev-block">
              <Row>
                <span className="ns-grow">
                  {peer.name}{' '}
                  <span className="ns-muted">
                    ({peer.kind}, {peer.cardId}, {peer.direction})
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => host.setPeers(host.peers.filter((other) => other.cardId !== peer.cardId))}
                >
                  Remove {peer.name}
                </Button>
              </Row>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
