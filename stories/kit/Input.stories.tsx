import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Input } from '../../components/index.js';

const meta = {
  title: 'Kit/Input',
  component: Input,
  args: { placeholder: 'Filter tests', disabled: false, 'aria-label': 'Filter', 'aria-invalid': false },
  argTypes: { defaultValue: { control: false } },
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A text input. */
export const Playground: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Filter' });
    await userEvent.type(input, 'auth');
    await expect(input).toHaveValue('auth');
  },
};

/** `aria-invalid` draws the danger ring. */
export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: 'not a glob [' } };

/** Disabled. */
export const Disabled: Story = { args: { disabled: true, defaultValue: 'npm test' } };
