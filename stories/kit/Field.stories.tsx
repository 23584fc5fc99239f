import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Field, Input, Label, Select, Stack, Textarea } from '../../components/index.js';

const meta = {
  title: 'Kit/Field',
  component: Field,
  subcomponents: { Label, Input, Textarea, Select },
  args: {
    label: 'Test command',
    hint: 'Runs in the connected terminal.',
    error: undefined,
    disabled: false,
    required: false,
  },
  argTypes: { label: { control: 'text' }, hint: { control: 'text' }, error: { control: 'text' } },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An input tied to its label and hint. */
export const WithInput: Story = {
  render: (args) => (
    <Field {...args}>
      <Input placeholder="npm test" />
    </Field>
  ),
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Test command' });
    await expect(input).toHaveAccessibleDescription('Runs in the connected terminal.');
    await userEvent.type(input, 'npm run test:unit');
    await expect(input).toHaveValue('npm run test:unit');
  },
};

/** An error marks the control invalid and is announced. */
export const WithError: Story = {
  args: { error: 'The command may not be empty.', required: true },
  render: WithInput.render,
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Test command' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeRequired();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The command may not be empty.');
  },
};

/** A disabled field disables its control. */
export const Disabled: Story = {
  args: { disabled: true },
  render: WithInput.render,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Test command' })).toBeDisabled();
  },
};

/** Textarea and Select in fields, and a Label used on its own. */
export const Controls: Story = {
  args: { label: undefined, hint: undefined },
  // The story renders fixed content: no control would change it.
  parameters: { controls: { disable: true } },
  render: () => (
    <Stack>
      <Field label="Notes" hint="Markdown is fine.">
        <Textarea defaultValue={'- check the login flow\n- rerun flaky tests'} />
      </Field>
      <Field label="Window">
        <Select defaultValue="1h">
          <option value="15m">15 minutes</option>
          <option value="1h">1 hour</option>
          <option value="1d">1 day</option>
        </Select>
      </Field>
      <div className="ns-field">
        <Label htmlFor="standalone">Standalone label</Label>
        <Input id="standalone" defaultValue="wired by htmlFor" />
      </div>
    </Stack>
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription('Markdown is fine.');
    const select = canvas.getByRole('combobox', { name: 'Window' });
    await userEvent.selectOptions(select, '1d');
    await expect(select).toHaveValue('1d');
    await expect(canvas.getByRole('textbox', { name: 'Standalone label' })).toHaveValue('wired by htmlFor');
  },
};
