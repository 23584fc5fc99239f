import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Progress, Stack } from '../../components/index.js';

const meta = {
  title: 'Kit/Progress',
  component: Progress,
  args: { value: 40, max: 100, label: 'Tests run' },
  argTypes: { value: { control: { type: 'range', min: 0, max: 100 } } },
} satisfies Meta<typeof Progress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Determinate: the value is announced. */
export const Determinate: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Tests run' })).toHaveAttribute('aria-valuenow', '40');
  },
};

/** Indeterminate: no value. */
export const Indeterminate: Story = {
  args: { value: null, label: 'Waiting for the agent' },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Waiting for the agent' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).toHaveClass('ns-progress--indeterminate');
  },
};

/** Empty, partial and full. */
export const Steps: Story = {
  parameters: { controls: { exclude: ['value', 'label'] } },
  render: (args) => (
    <Stack>
      {[0, 25, 50, 75, 100].map((value) => (
        <Progress key={value} {...args} value={value} label={`${value} percent`} />
      ))}
    </Stack>
  ),
};
