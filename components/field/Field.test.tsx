import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Input } from '../input/Input.js';
import { Label } from '../label/Label.js';
import { Select } from '../select/Select.js';
import { Textarea } from '../textarea/Textarea.js';
import { Field } from './Field.js';

describe('Field', () => {
  it('ties its label to the input', async () => {
    render(
      <Field label="Command" className="extra">
        <Input placeholder="npm test" />
      </Field>,
    );
    const input = screen.getByLabelText('Command');
    expect(input).toHaveClass('ns-input');
    expect(input.closest('.ns-field')).toHaveClass('extra');
    await userEvent.click(screen.getByText('Command'));
    expect(input).toHaveFocus();
  });

  it('describes the control with its hint and announces its error', () => {
    render(
      <Field label="Notes" hint="Markdown is fine." error="Notes are required.">
        <Textarea />
      </Field>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Notes' });
    expect(textarea).toHaveAccessibleDescription('Markdown is fine. Notes are required.');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Notes are required.');
    expect(screen.getByRole('alert')).toHaveClass('ns-error');
  });

  it('is valid without an error and keeps a description the control brings', () => {
    render(
      <>
        <p id="own">Shown in the log.</p>
        <Field label="Name" hint="Letters only.">
          <Input aria-describedby="own" />
        </Field>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Letters only. Shown in the log.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('passes disabled and required to a select and uses a given control id', () => {
    render(
      <Field label="Window" controlId="window" disabled required>
        <Select defaultValue="1h">
          <option value="1h">Last hour</option>
        </Select>
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Window' });
    expect(select).toHaveAttribute('id', 'window');
    expect(select).toHaveClass('ns-select');
    expect(select).toBeDisabled();
    expect(select).toBeRequired();
  });

  it('works with a Label placed by hand, and Label works on its own', () => {
    render(
      <>
        <Field>
          <Label>Inside</Label>
          <Input />
        </Field>
        <Label htmlFor="alone">Alone</Label>
        <Input id="alone" />
      </>,
    );
    expect(screen.getByLabelText('Inside')).toHaveClass('ns-input');
    expect(screen.getByLabelText('Alone')).toHaveAttribute('id', 'alone');
    expect(screen.getByText('Alone')).toHaveClass('ns-label');
  });

  it('lets typing through and marks an input invalid by hand', async () => {
    render(<Input aria-label="Filter" aria-invalid="true" />);
    const input = screen.getByRole('textbox', { name: 'Filter' });
    await userEvent.type(input, 'flaky');
    expect(input).toHaveValue('flaky');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
