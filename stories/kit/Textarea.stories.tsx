import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Textarea } from '../../components/index.js';

const meta = {
  title: 'Kit/Textarea',
  component: Textarea,
  args: { placeholder: 'Notes for the agent', 'aria-label': 'Notes', rows: 4, disabled: false },
  argTypes: { defaultValue: { control: false } },
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A multi-line text field. */
export const Playground: Story = {
  play: async ({ canvas, userEvent }) => {
    const area = canvas.getByRole('textbox', { name: 'Notes' });
    await userEvent.type(area, 'line one{enter}line two');
    await expect(area).toHaveValue('line one\nline two');
  },
};

/** Invalid. */
export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: 'Too long…' } };

/** Disabled. */
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Read only for now' } };
