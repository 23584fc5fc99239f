import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Checkbox, Stack } from '../../components/index.js';

const meta = {
  title: 'Kit/Checkbox',
  component: Checkbox,
  args: { children: 'Include skipped tests', defaultChecked: false, disabled: false, onCheckedChange: fn() },
  argTypes: { defaultChecked: { control: false } },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A checkbox with its label. */
export const Playground: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'Include skipped tests' });
    await userEvent.click(canvas.getByText('Include skipped tests'));
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

/** Checked, unchecked and disabled. */
export const States: Story = {
  // The story renders fixed content: no control would change it.
  parameters: { controls: { disable: true } },
  render: () => (
    <Stack>
      <Checkbox defaultChecked>Checked</Checkbox>
      <Checkbox>Unchecked</Checkbox>
      <Checkbox disabled>Disabled</Checkbox>
      <Checkbox disabled defaultChecked>
        Disabled and checked
      </Checkbox>
    </Stack>
  ),
};
