import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { mockHostParameters, storyHost } from '../../storybook/index.js';
import { Callout, Muted, Spread, Stack, Surface, Title } from '../../components/index.js';
import type { AgentStatus, AgentTimeline } from '../../src/index.js';
import { useAgentTimeline, useAgentUsage } from '../../hooks/index.js';
import { demoHost, demoTimeline, demoUsage } from '../support/fixtures.js';

const HOUR = 3_600_000;

/** A token count, or “not reported” for null (never shown as 0). */
function count(value: number | null | undefined): string {
  return value === null || value === undefined ? 'not reported' : value.toLocaleString('en-US');
}

/** An agent's run over the last hour (`useAgentUsage`). */
function RunStats({ agentId }: { agentId: string }) {
  const [since] = useState(() => Date.now() - HOUR);
  const { data, loading, error, supported } = useAgentUsage(agentId, since);
  if (supported === false) return <Callout tone="warning">This app has no agents.usage.</Callout>;
  if (error)
    return (
      <Callout tone="danger" role="alert">
        {error.code}: {error.message}
      </Callout>
    );
  if (loading || !data) return <Muted>Reading the agent's log…</Muted>;
  const rows: [string, string][] = [
    ['Requests', count(data.requests)],
    ['Input tokens', count(data.inputTokens)],
    ['Output tokens', count(data.outputTokens)],
    ['Cache reads', count(data.cacheReadTokens)],
    ['Cache writes', count(data.cacheWriteTokens)],
    ['Prompts', count(data.prompts)],
    ['Working', `${Math.round(data.workingMs / 60_000)} min`],
    ['Cost', data.costMicroUsd === null ? 'not reported' : `$${(data.costMicroUsd / 1e6).toFixed(2)}`],
  ];
  return (
    <Surface>
      <Stack>
        <Title as="h3">Run stats</Title>
        <dl className="ns-stack" style={{ margin: 0 }}>
          {rows.map(([label, value]) => (
            <Spread key={label}>
              <dt className="ns-muted">{label}</dt>
              <dd style={{ margin: 0 }} data-testid={label}>
                {value}
              </dd>
            </Spread>
          ))}
        </dl>
      </Stack>
    </Surface>
  );
}

const STATUS_COLOURS: Record<AgentStatus, string> = {
  working: 'var(--ns-accent)',
  'needs-input': 'var(--ns-warning)',
  finished: 'var(--ns-success)',
  idle: 'var(--ns-default)',
  exited: 'var(--ns-danger)',
};

/** Swimlanes: statuses on top, one bar per model request below, sized by output tokens. */
function Swimlanes({ timeline }: { timeline: AgentTimeline }) {
  const width = 560;
  const span = Math.max(1, timeline.until - timeline.since);
  const x = (at: number) => ((at - timeline.since) / span) * width;
  const maxOut = Math.max(1, ...timeline.requests.map((r) => r.outputTokens ?? 0));
  return (
    <svg width={width} height={96} role="img" aria-label={`${timeline.requests.length} requests over the last hour`}>
      {timeline.statuses.map((s, i) => (
        <rect
          key={i}
          x={x(s.from)}
          y={4}
          width={Math.max(1, x(s.to) - x(s.from))}
          height={14}
          rx={3}
          fill={STATUS_COLOURS[s.status]}
        >
          <title>{s.status}</title>
        </rect>
      ))}
      {timeline.requests.map((r, i) => {
        const start = x(r.startedAt ?? r.endedAt - 1000);
        const h = 10 + ((r.outputTokens ?? 0) / maxOut) * 60;
        return (
          <rect
            key={i}
            data-request=""
            x={start}
            y={90 - h}
            width={Math.max(2, x(r.endedAt) - start)}
            height={h}
            fill="var(--ns-accent)"
            opacity={0.8}
          >
            <title>{`${r.model ?? 'model'}: ${count(r.outputTokens)} output tokens`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

/** An agent's last hour (`useAgentTimeline`). */
function Pulse({ agentId }: { agentId: string }) {
  const [since] = useState(() => Date.now() - HOUR);
  const { data, loading, error } = useAgentTimeline(agentId, since);
  if (error)
    return (
      <Callout tone="danger" role="alert">
        {error.code}: {error.message}
      </Callout>
    );
  if (loading || !data) return <Muted>Reading the agent's log…</Muted>;
  return (
    <Surface>
      <Stack>
        <Title as="h3">Agent pulse</Title>
        <Swimlanes timeline={data} />
        <Muted>
          {data.requests.length} requests · {data.turns.length} turns · request times: {data.requestTimes}
        </Muted>
      </Stack>
    </Surface>
  );
}

const meta = {
  title: 'Hooks/Usage',
  component: RunStats,
  args: { agentId: 'agent-1' },
  argTypes: { agentId: { control: 'inline-radio', options: ['agent-1', 'agent-2'] } },
  parameters: {
    neurosquad: mockHostParameters({
      ...demoHost(),
      agentUsage: (_agentId, _since, until) => demoUsage(until),
      agentTimeline: (_agentId, _since, until) => demoTimeline(until),
    }),
  },
} satisfies Meta<typeof RunStats>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `useAgentUsage`: numbers from the mock; null cache writes show as “not reported”, and a new turn refreshes them. */
export const RunStatsFromTheMock: Story = {
  parameters: { covers: ['useAgentUsage'] },
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await expect(await canvas.findByTestId('Requests')).toHaveTextContent('42');
    await expect(canvas.getByTestId('Cache writes')).toHaveTextContent('not reported');
    host.setAgentUsage('agent-1', { requests: 57 });
    host.setAgentStatus('agent-1', 'working');
    host.setAgentStatus('agent-1', 'finished');
    await waitFor(() => expect(canvas.getByTestId('Requests')).toHaveTextContent('57'));
  },
};

/** Without `usage.read` the hook reports PERMISSION_DENIED. */
export const NoUsagePermission: Story = {
  parameters: { covers: ['useAgentUsage'], neurosquad: { grant: ['agents.read'] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('PERMISSION_DENIED');
  },
};

/** `useAgentTimeline`: a swimlane chart of statuses and requests fed by the mock's `agentTimeline`. */
export const TimelineChart: Story = {
  parameters: { covers: ['useAgentTimeline'] },
  render: (args) => <Pulse {...args} />,
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('img', { name: '24 requests over the last hour' })).toBeVisible();
    await expect(canvasElement.querySelectorAll('rect[data-request]')).toHaveLength(24);
    await expect(canvas.getByText(/2 turns/)).toBeVisible();
  },
};
