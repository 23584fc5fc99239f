import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { storyHost } from '../../storybook/index.js';
import { Callout, Muted, Stack, Surface, Title } from '../../components/index.js';
import { useTool } from '../../hooks/index.js';
import { demoHost } from '../support/fixtures.js';

/** Implements the manifest's `run_tests` tool; connected agents call it over MCP. */
function TestRunner({ failing }: { failing: string[] }) {
  const [calls, setCalls] = useState<string[]>([]);
  const { error } = useTool<{ filter?: string }>('run_tests', ({ filter }, call) => {
    setCalls((list) => [...list, `${call.agent.name}: ${filter ?? '(all)'}`]);
    const hits = failing.filter((name) => !filter || name.includes(filter));
    return hits.length === 0 ? 'All tests passed' : hits.join('\n');
  });
  return (
    <Surface>
      <Stack>
        <Title as="h3">Tool run_tests</Title>
        {error ? <Callout tone="danger">{error.message}</Callout> : null}
        <Muted data-testid="calls">
          {calls.length === 0 ? 'No calls yet. Use “Call tool” in the Host panel.' : calls.join(' · ')}
        </Muted>
      </Stack>
    </Surface>
  );
}

const meta = {
  title: 'Hooks/useTool',
  component: TestRunner,
  args: { failing: ['auth › logs in', 'cart › pays'] },
  parameters: { covers: ['useTool'], neurosquad: demoHost() },
} satisfies Meta<typeof TestRunner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An agent calls the tool; the card's answer comes back as MCP content. */
export const AnswersACall: Story = {
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await expect(host.callTool('run_tests', { filter: 'auth' })).resolves.toEqual({
      content: [{ type: 'text', text: 'auth › logs in' }],
    });
    await expect(await canvas.findByText('Claude Code: auth')).toBeVisible();
    await expect(host.callTool('run_tests', { filter: 'search' })).resolves.toEqual({
      content: [{ type: 'text', text: 'All tests passed' }],
    });
  },
};

/** Bad arguments are refused by the host before the card sees them. */
export const RejectsBadArguments: Story = {
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await expect(host.callTool('run_tests', { filter: 42 })).rejects.toThrow(/invalid tool args/);
    await expect(canvas.getByTestId('calls')).toHaveTextContent('No calls yet');
  },
};
