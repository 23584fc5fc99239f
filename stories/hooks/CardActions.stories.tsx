import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { storyHost } from '../../storybook/index.js';
import { Button, Callout, Muted, Row, Stack, Surface, Title } from '../../components/index.js';
import { useCard } from '../../hooks/index.js';
import { demoHost } from '../support/fixtures.js';

/** Buttons that call the client through `useCard()`; every call lands in a Host panel list. */
function CardActions({ prompt, command }: { prompt: string; command: string }) {
  const card = useCard();
  const [result, setResult] = useState('');
  const run = (label: string, action: () => Promise<unknown>) => () => {
    action().then(
      (value) => setResult(`${label}: ${JSON.stringify(value ?? 'done')}`),
      (error: Error) => setResult(`${label} failed: ${error.message}`),
    );
  };
  return (
    <Surface>
      <Stack>
        <Title as="h3">What the card asks of the app</Title>
        <Row style={{ flexWrap: 'wrap' }}>
          <Button onClick={run('prompt', () => card.agents.prompt('agent-1', prompt))}>Prompt Claude Code</Button>
          <Button onClick={run('terminal', () => card.terminals.run('shell-1', command))}>Run in bash</Button>
          <Button onClick={run('toast', () => card.ui.toast('Tests finished', { tone: 'success' }))}>Toast</Button>
          <Button
            onClick={run('confirm', () =>
              card.ui.confirm({ title: 'Rerun?', message: 'Run the failing tests again?' }),
            )}
          >
            Confirm
          </Button>
          <Button onClick={run('attention', () => card.attention('needs-input', 'Two tests failed'))}>Attention</Button>
          <Button
            onClick={run('log', () => {
              card.log.warn('flaky test: cart › pays');
              return Promise.resolve();
            })}
          >
            Log
          </Button>
        </Row>
        {result ? (
          <Callout data-testid="result">{result}</Callout>
        ) : (
          <Muted>Click a button, then look at the Host panel.</Muted>
        )}
      </Stack>
    </Surface>
  );
}

const meta = {
  title: 'Hooks/useCard actions',
  component: CardActions,
  args: { prompt: 'Fix the failing login test', command: 'npm test -- auth' },
  parameters: { covers: ['useCard'], neurosquad: demoHost() },
} satisfies Meta<typeof CardActions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Prompts, terminal commands, toasts, confirmations, attention and logs, as the host records them. */
export const RecordedByTheHost: Story = {
  play: async ({ canvas, userEvent, id, args }) => {
    const { host } = await storyHost({ id });
    await userEvent.click(canvas.getByRole('button', { name: 'Prompt Claude Code' }));
    await waitFor(() => expect(host.prompts).toEqual([{ agentId: 'agent-1', text: args.prompt, delivered: 'sent' }]));
    await userEvent.click(canvas.getByRole('button', { name: 'Run in bash' }));
    await waitFor(() => expect(host.terminal).toEqual([{ agentId: 'shell-1', text: args.command, kind: 'run' }]));
    await userEvent.click(canvas.getByRole('button', { name: 'Toast' }));
    await waitFor(() => expect(host.toasts.at(-1)?.message).toBe('Tests finished'));
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(canvas.getByTestId('result')).toHaveTextContent('confirm: true'));
    await userEvent.click(canvas.getByRole('button', { name: 'Attention' }));
    await waitFor(() => expect(host.chrome.attention).toMatchObject({ level: 'needs-input' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(host.logs.at(-1)).toMatchObject({ level: 'warn' }));
  },
};

/** The simulated user refuses the confirmation (`parameters.neurosquad.confirm`). */
export const UserSaysNo: Story = {
  parameters: { neurosquad: { confirm: () => false } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(canvas.getByTestId('result')).toHaveTextContent('confirm: false'));
  },
};
