import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Select } from '../../components/index.js';

const meta = {
  title: 'Kit/Select',
  component: Select,
  args: {
    'aria-label': 'Harness',
    defaultValue: 'claude-code',
    disabled: false,
    onChange: fn(),
    children: [
      <option key="c" value="claude-code">
        Claude Code
      </option>,
      <option key="x" value="codex-cli">
        Codex CLI
      </option>,
      <option key="o" value="opencode">
        OpenCode
      </option>,
    ],
  },
  argTypes: { defaultValue: { control: false }, children: { control: false } },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A native select with the kit's chevron. */
export const Playground: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Harness' });
    await userEvent.selectOptions(select, 'opencode');
    await expect(select).toHaveValue('opencode');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

/** Disabled. */
export const Disabled: Story = { args: { disabled: true } };
