import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox.js';

describe('Checkbox', () => {
  it('is a labelled checkbox toggled by click and Space, with its ref on the input', async () => {
    const onCheckedChange = vi.fn();
    const ref = createRef<HTMLInputElement>();
    render(
      <Checkbox ref={ref} onCheckedChange={onCheckedChange}>
        Watch files
      </Checkbox>,
    );
    const box = screen.getByRole('checkbox', { name: 'Watch files' });
    expect(ref.current).toBe(box);
    expect(box).not.toHaveAttribute('aria-checked');
    expect(box.closest('label')).toHaveClass('ns-check');
    await userEvent.click(box);
    expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('ignores Enter like a native checkbox and stays put when disabled', async () => {
    render(
      <>
        <Checkbox defaultChecked>First</Checkbox>
        <Checkbox disabled>Second</Checkbox>
      </>,
    );
    screen.getByRole('checkbox', { name: 'First' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('checkbox', { name: 'First' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Second' }));
    expect(screen.getByRole('checkbox', { name: 'Second' })).not.toBeChecked();
  });
});
