import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button, Empty, Icon } from '../../components/index.js';

const meta = {
  title: 'Kit/Empty',
  component: Empty,
  args: { heading: 'No failing tests', children: 'Run the suite to see failures here.' },
  argTypes: { icon: { control: false }, action: { control: false } },
} satisfies Meta<typeof Empty>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Headline and text. */
export const Playground: Story = {};

/** With an icon and an action. */
export const WithAction: Story = {
  args: {
    icon: <Icon name="beaker" size={28} />,
    action: <Button variant="primary">Run tests</Button>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No failing tests')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Run tests' })).toBeEnabled();
  },
};
