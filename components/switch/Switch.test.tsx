import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './Switch.js';

describe('Switch', () => {
  it('is a named switch that toggles on click, Space and Enter', async () => {
    const onCheckedChange = vi.fn();
    render(
      <Switch className="mine" onCheckedChange={onCheckedChange}>
        Auto-run
      </Switch>,
    );
    const toggle = screen.getByRole('switch', { name: 'Auto-run' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle.closest('label')).toHaveClass('ns-switch', 'mine');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toBeChecked();
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(onCheckedChange.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('toggles when its label text is clicked', async () => {
    render(<Switch defaultChecked>Notify</Switch>);
    await userEvent.click(screen.getByText('Notify'));
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });

  it('follows the checked prop when controlled', async () => {
    function Controlled() {
      const [on, setOn] = useState(true);
      return (
        <>
          <Switch checked={on} onCheckedChange={setOn}>
            Watch
          </Switch>
          <output>{on ? 'on' : 'off'}</output>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('switch'));
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('off');
  });

  it('does not toggle when disabled', async () => {
    const onCheckedChange = vi.fn();
    render(
      <Switch disabled onCheckedChange={onCheckedChange}>
        Locked
      </Switch>,
    );
    const toggle = screen.getByRole('switch', { name: 'Locked' });
    await userEvent.click(toggle);
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
