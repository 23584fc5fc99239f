import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { storyHost } from '../../storybook/index.js';
import { Row, Spinner } from '../../components/index.js';

const meta = {
  title: 'Kit/Spinner',
  component: Spinner,
  args: { label: 'Loading results', paused: false },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A status region that spins. */
export const Playground: Story = {
  render: (args) => (
    <Row>
      <Spinner {...args} />
      <span>{args.label}</span>
    </Row>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading results' })).not.toHaveAttribute('data-ns-paused');
  },
};

/** Paused by a prop. */
export const Paused: Story = {
  args: { paused: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveAttribute('data-ns-paused');
  },
};

/** Pauses while the card is off screen: switch Visibility on the toolbar, or let the play function hide it. */
export const PausesOffScreen: Story = {
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    const spinner = canvas.getByRole('status');
    await expect(spinner).not.toHaveAttribute('data-ns-paused');
    host.setVisibility('overview');
    await waitFor(() => expect(spinner).toHaveAttribute('data-ns-paused'));
    host.setVisibility('visible');
    await waitFor(() => expect(spinner).not.toHaveAttribute('data-ns-paused'));
  },
};
