import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { storyHost, useStoryHost } from '../../storybook/index.js';
import {
  Badge,
  Callout,
  Dot,
  List,
  ListItem,
  Mono,
  Muted,
  Row,
  Stack,
  Surface,
  Title,
} from '../../components/index.js';
import type { AgentStatus, CardTone } from '../../src/index.js';
import {
  useAgent,
  useAgentOutput,
  useAgents,
  useAgentStatus,
  useCardEvent,
  useHostSupports,
  useLastReply,
} from '../../hooks/index.js';
import { demoHost } from '../support/fixtures.js';

const TONES: Record<AgentStatus, CardTone> = {
  working: 'accent',
  'needs-input': 'warning',
  finished: 'success',
  idle: 'default',
  exited: 'danger',
};

/** The connected agents, live, as `agents.status` events arrive. */
function AgentList({ kind }: { kind?: 'ai' | 'shell' }) {
  const { agents, loading, error } = useAgents(kind ? { kind } : undefined);
  if (loading) return <Muted>Loading agents…</Muted>;
  if (error)
    return (
      <Callout tone="danger" role="alert">
        {error.code}: {error.message}
      </Callout>
    );
  return (
    <List aria-label="Agents">
      {agents.map((agent) => (
        <ListItem key={agent.id}>
          <Dot tone={TONES[agent.status]} label={agent.status} />
          <span>{agent.name}</span>
          <Badge tone={TONES[agent.status]} data-testid={`status-${agent.id}`}>
            {agent.status}
          </Badge>
          <Muted>{agent.harness}</Muted>
        </ListItem>
      ))}
    </List>
  );
}

/** Plays the app's part: cycles the agents through their statuses every couple of seconds. */
function LiveAgents({ intervalMs }: { intervalMs: number }) {
  const { host } = useStoryHost();
  useEffect(() => {
    const cycle: AgentStatus[] = ['working', 'needs-input', 'working', 'finished', 'idle'];
    let step = 0;
    const timer = setInterval(() => {
      step += 1;
      host.agents.forEach((agent, index) => host.setAgentStatus(agent.id, cycle[(step + index) % cycle.length]));
    }, intervalMs);
    return () => clearInterval(timer);
  }, [host, intervalMs]);
  return <AgentList />;
}

/** One agent: its record (`useAgent`) and just its status (`useAgentStatus`). */
function OneAgent({ agentId }: { agentId: string }) {
  const { agent } = useAgent(agentId);
  const status = useAgentStatus(agentId);
  const [turns, setTurns] = useState<string[]>([]);
  useCardEvent('agents.turn', (turn) => {
    if (turn.agentId === agentId) setTurns((list) => [...list, turn.phase]);
  });
  if (!agent) return <Muted>No agent “{agentId}”.</Muted>;
  return (
    <Surface>
      <Stack>
        <Row>
          <Title as="h3">{agent.name}</Title>
          <Badge tone={status ? TONES[status] : 'default'} data-testid="status">
            {status}
          </Badge>
        </Row>
        <Muted>
          {agent.harness} · {agent.model ?? 'model unknown'}
        </Muted>
        <Muted data-testid="turns">turns: {turns.join(' → ') || 'none yet'}</Muted>
      </Stack>
    </Surface>
  );
}

/** The agent's last reply and its streamed output. */
function AgentWords({ agentId }: { agentId: string }) {
  const reply = useLastReply(agentId);
  const output = useAgentOutput([agentId], { limit: 20 });
  const usage = useHostSupports('agents.usage');
  return (
    <Surface>
      <Stack>
        <Title as="h3">Last reply</Title>
        <p data-testid="reply">{reply.loading ? '…' : (reply.text ?? 'no reply yet')}</p>
        <Title as="h3">Output</Title>
        {output.error ? <Callout tone="danger">{output.error.code}</Callout> : null}
        <Mono data-testid="output">{output.chunks.map((chunk) => chunk.text).join('') || '—'}</Mono>
        <Muted data-testid="supports">agents.usage supported: {String(usage.supported)}</Muted>
      </Stack>
    </Surface>
  );
}

const meta = {
  title: 'Hooks/Agents',
  component: AgentList,
  args: { kind: undefined },
  argTypes: { kind: { control: 'select', options: ['ai', 'shell'] } },
  parameters: { neurosquad: demoHost() },
} satisfies Meta<typeof AgentList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `useAgents`: the list follows `agents.status` (set a status in the Host panel, or watch the play). */
export const StatusChanges: Story = {
  parameters: { covers: ['useAgents'] },
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await expect(await canvas.findByTestId('status-agent-1')).toHaveTextContent('idle');
    host.setAgentStatus('agent-1', 'working');
    await waitFor(() => expect(canvas.getByTestId('status-agent-1')).toHaveTextContent('working'));
    host.setAgentStatus('agent-1', 'needs-input');
    await waitFor(() => expect(canvas.getByTestId('status-agent-1')).toHaveTextContent('needs-input'));
  },
};

/** `useAgents({ kind: 'shell' })`: a filter. */
export const OnlyShells: Story = {
  parameters: { covers: ['useAgents'] },
  args: { kind: 'shell' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('bash')).toBeVisible();
    await expect(canvas.queryByText('Claude Code')).toBeNull();
  },
};

/** Without `agents.read` the hook reports PERMISSION_DENIED instead of throwing. */
export const NoPermission: Story = {
  parameters: { covers: ['useAgents'], neurosquad: { grant: [] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('PERMISSION_DENIED');
  },
};

/** A live canvas: the story plays the app, moving every agent through its statuses. */
export const LiveCanvas: Story = {
  parameters: { controls: { disable: true }, covers: ['useAgents'] },
  render: () => <LiveAgents intervalMs={1500} />,
};

/** `useAgent`, `useAgentStatus` and `useCardEvent('agents.turn')`: a turn starts and ends. */
export const OneAgentsTurn: Story = {
  parameters: { controls: { disable: true }, covers: ['useAgent', 'useAgentStatus', 'useCardEvent'] },
  render: () => <OneAgent agentId="agent-1" />,
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await expect(await canvas.findByRole('heading', { name: 'Claude Code' })).toBeVisible();
    await waitFor(() => expect(host.subscriptions.has('agents.turn')).toBe(true));
    host.setAgentStatus('agent-1', 'working');
    await waitFor(() => expect(canvas.getByTestId('status')).toHaveTextContent('working'));
    host.setAgentStatus('agent-1', 'finished');
    await waitFor(() => expect(canvas.getByTestId('turns')).toHaveTextContent('start → end'));
    await expect(canvas.getByTestId('status')).toHaveTextContent('finished');
  },
};

/** `useLastReply`, `useAgentOutput` and `useHostSupports`. */
export const RepliesAndOutput: Story = {
  parameters: {
    controls: { disable: true },
    covers: ['useLastReply', 'useAgentOutput', 'useHostSupports'],
    neurosquad: { replies: { 'agent-1': 'All 12 tests pass now.' } },
  },
  render: () => <AgentWords agentId="agent-1" />,
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await waitFor(() => expect(canvas.getByTestId('reply')).toHaveTextContent('All 12 tests pass now.'));
    await waitFor(() => expect(host.outputAgents).toContain('agent-1'));
    host.agentOutput('agent-1', '$ npm test\n');
    host.agentOutput('agent-1', '✓ 12 passed');
    await waitFor(() => expect(canvas.getByTestId('output')).toHaveTextContent('✓ 12 passed'));
    await expect(canvas.getByTestId('supports')).toHaveTextContent('true');
  },
};
