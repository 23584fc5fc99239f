import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { storyHost } from '../../storybook/index.js';
import {
  Badge,
  Button,
  Callout,
  Field,
  Input,
  List,
  ListItem,
  Mono,
  Muted,
  Stack,
  Surface,
  Title,
} from '../../components/index.js';
import { useEmit, usePeers, usePort, usePortQuery, usePortRequest } from '../../hooks/index.js';
import { demoHost } from '../support/fixtures.js';

/** Sends a Markdown summary on the `summary` output (a note downstream appends it). */
function SummaryEmitter({ text }: { text: string }) {
  const { emit, delivered, pending, error } = useEmit<string>('summary');
  return (
    <Surface>
      <Stack>
        <Title as="h3">Summary</Title>
        <Mono style={{ whiteSpace: 'pre-wrap' }}>{text}</Mono>
        <Button variant="primary" loading={pending} onClick={() => void emit(text)}>
          Send summary
        </Button>
        {delivered !== null ? <Muted>Delivered to {delivered} peer(s)</Muted> : null}
        {error ? (
          <Callout tone="danger" role="alert">
            {error.code}: {error.message}
          </Callout>
        ) : null}
      </Stack>
    </Surface>
  );
}

/** Emits on an output the manifest does not declare. */
function UndeclaredEmitter() {
  const { emit, error } = useEmit<string>('nowhere');
  return (
    <Stack>
      <Button onClick={() => void emit('x')}>Emit on an undeclared output</Button>
      {error ? (
        <Callout tone="danger" role="alert">
          {error.code}
        </Callout>
      ) : null}
    </Stack>
  );
}

/** The latest value on the `text` input, with where it came from. */
function TextInput() {
  const { value, message } = usePort<string>('text');
  return (
    <Surface>
      <Stack>
        <Title as="h3">Input “text”</Title>
        {message ? (
          <>
            <p data-testid="port-value">{value}</p>
            <Muted>
              from {message.from} ({message.fromKind}) · {message.sourceType ?? message.type}
            </Muted>
          </>
        ) : (
          <Muted>Nothing yet. Use “Send port message” in the Host panel.</Muted>
        )}
      </Stack>
    </Surface>
  );
}

/** Every card joined to this one by an arrow. */
function PeerList() {
  const peers = usePeers();
  return (
    <List aria-label="Peers">
      {peers.map((peer) => (
        <ListItem key={peer.cardId}>
          <Badge tone={peer.direction === 'upstream' ? 'accent' : 'success'}>{peer.direction}</Badge>
          {peer.name}
          <Muted>
            in: {peer.inputs.map((p) => p.id).join(', ') || '—'} · out:{' '}
            {peer.outputs.map((p) => p.id).join(', ') || '—'}
          </Muted>
        </ListItem>
      ))}
    </List>
  );
}

/** Answers requests on the `lookup` input. */
function LookupResponder({ prefix }: { prefix: string }) {
  const [asked, setAsked] = useState<string[]>([]);
  const { error } = usePortRequest<string>('lookup', (query) => {
    setAsked((list) => [...list, query]);
    return `${prefix} ${query}`;
  });
  return (
    <Surface>
      <Stack>
        <Title as="h3">Request input “lookup”</Title>
        {error ? <Callout tone="danger">{error.message}</Callout> : null}
        <Muted>Asked: {asked.length === 0 ? 'nothing yet' : asked.join(', ')}</Muted>
      </Stack>
    </Surface>
  );
}

/** Asks a peer's request input through the query cache. */
function PeerQuery() {
  const [query, setQuery] = useState('auth');
  const { data, loading, error, refetch } = usePortQuery<string>('search-1', 'search', query);
  return (
    <Surface>
      <Stack>
        <Field label="Search the peer">
          <Input value={query} onChange={(event) => setQuery(event.target.value)} />
        </Field>
        {loading ? <Muted>Asking…</Muted> : null}
        {error ? (
          <Callout tone="danger" role="alert">
            {error.code}: {error.message}
          </Callout>
        ) : null}
        {data !== undefined ? <p data-testid="answer">{data}</p> : null}
        <Button size="sm" onClick={() => void refetch()}>
          Ask again
        </Button>
      </Stack>
    </Surface>
  );
}

const meta = {
  title: 'Hooks/Ports',
  component: SummaryEmitter,
  args: { text: '# Test run\n- 12 passed\n- 2 failed' },
  parameters: { neurosquad: demoHost() },
} satisfies Meta<typeof SummaryEmitter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `useEmit`: a click emits on the `summary` output; the note downstream gets it (see the Host panel). */
export const EmitsOnClick: Story = {
  parameters: { covers: ['useEmit'] },
  play: async ({ canvas, userEvent, id, args }) => {
    const { host } = await storyHost({ id });
    await userEvent.click(canvas.getByRole('button', { name: 'Send summary' }));
    await expect(await canvas.findByText('Delivered to 1 peer(s)')).toBeVisible();
    await expect(host.deliveries).toEqual([{ to: 'note-1', output: 'summary', input: 'append', data: args.text }]);
  },
};

/** `useEmit` with an output the manifest does not declare: the error is shown, nothing is delivered. */
export const EmitError: Story = {
  parameters: { controls: { disable: true }, covers: ['useEmit'] },
  render: () => <UndeclaredEmitter />,
  play: async ({ canvas, userEvent, id }) => {
    const { host } = await storyHost({ id });
    await userEvent.click(canvas.getByRole('button', { name: 'Emit on an undeclared output' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('NOT_FOUND');
    await expect(host.deliveries).toEqual([]);
  },
};

/** `usePort`: the latest message on an input, sent by the upstream peer. */
export const ReceivesMessages: Story = {
  parameters: { controls: { disable: true }, covers: ['usePort'] },
  render: () => <TextInput />,
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    host.sendPortMessage('text', 'first');
    await expect(await canvas.findByText('first')).toBeVisible();
    host.sendPortMessage('text', 'second, from the router', { cardId: 'router-1' });
    await waitFor(() => expect(canvas.getByTestId('port-value')).toHaveTextContent('second, from the router'));
    await expect(canvas.getByText(/from router-1 \(custom\)/)).toBeVisible();
  },
};

/** `usePeers`: the arrows around the card, live (`ports.peersChanged`). */
export const Peers: Story = {
  parameters: { controls: { disable: true }, covers: ['usePeers'] },
  render: () => <PeerList />,
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await expect(canvas.getByText('Release notes')).toBeVisible();
    host.setPeers(host.peers.filter((peer) => peer.cardId !== 'note-1'));
    await waitFor(() => expect(canvas.queryByText('Release notes')).toBeNull());
    await expect(canvas.getByText('Signal router')).toBeVisible();
  },
};

/** `usePortRequest`: the card answers a peer's request on its `lookup` input. */
export const AnswersRequests: Story = {
  parameters: { controls: { disable: true }, covers: ['usePortRequest'] },
  render: () => <LookupResponder prefix="Found:" />,
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await expect(host.requestPort('lookup', 'login test')).resolves.toBe('Found: login test');
    await expect(await canvas.findByText('Asked: login test')).toBeVisible();
  },
};

/** `usePortQuery`: asks a peer through the query cache; the peer answers from the story's parameters. */
export const AsksAPeer: Story = {
  parameters: {
    controls: { disable: true },
    covers: ['usePortQuery'],
    neurosquad: {
      peers: [
        {
          cardId: 'search-1',
          kind: 'custom',
          type: 'code-search',
          name: 'Code search',
          direction: 'downstream',
          inputs: [
            {
              id: 'search',
              label: 'Search',
              type: 'ns:text',
              mode: 'request',
              response: { type: 'ns:text' },
              retain: false,
              default: false,
            },
          ],
          outputs: [],
          respond: (_input: string, data: unknown) => `3 files match “${String(data)}”`,
        },
      ],
    },
  },
  render: () => <PeerQuery />,
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('3 files match “auth”')).toBeVisible();
    const input = canvas.getByRole('textbox', { name: 'Search the peer' });
    await userEvent.clear(input);
    await userEvent.type(input, 'cart');
    await waitFor(() => expect(canvas.getByTestId('answer')).toHaveTextContent('3 files match “cart”'));
  },
};
