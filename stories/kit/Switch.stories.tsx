import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Switch } from '../../components/index.js';

const meta = {
  title: 'Kit/Switch',
  component: Switch,
  args: { children: 'Run on save', defaultChecked: false, disabled: false, onCheckedChange: fn() },
  argTypes: { defaultChecked: { control: false } },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click, Space or Enter toggles it. */
export const Playground: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const toggle = canvas.getByRole('switch', { name: 'Run on save' });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard('{Enter}');
    await expect(toggle).not.toBeChecked();
    await userEvent.keyboard(' ');
    await expect(toggle).toBeChecked();
  },
};

/** On. */
export const On: Story = { args: { defaultChecked: true } };

/** Disabled. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Run on save' })).toBeDisabled();
  },
};
