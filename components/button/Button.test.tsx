import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Icon } from '../icon/Icon.js';
import { Button } from './Button.js';

afterEach(() => vi.restoreAllMocks());

describe('Button', () => {
  it('is a named button of type button with the kit classes for variant and size', () => {
    render(
      <Button variant="primary" size="lg" className="mine" data-track="run">
        Run
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Run' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('ns-btn', 'ns-btn--primary', 'ns-btn--lg', 'mine');
    expect(button).toHaveAttribute('data-track', 'run');
  });

  it('has no modifier classes for the default look and size', () => {
    render(<Button>Plain</Button>);
    expect(screen.getByRole('button').className).toBe('ns-btn');
  });

  it.each(['secondary', 'outline', 'ghost', 'danger'] as const)('renders the %s variant', (variant) => {
    render(<Button variant={variant}>Go</Button>);
    expect(screen.getByRole('button')).toHaveClass(`ns-btn--${variant}`);
  });

  it('clicks with the mouse and the keyboard, and forwards its ref', async () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} onClick={onClick}>
        Save
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('button'));
    await userEvent.click(screen.getByRole('button'));
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('does nothing when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toBeDisabled();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('while loading is busy, stays focusable, shows a spinner and ignores clicks', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick} icon={<Icon name="play" />}>
        Saving
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(button.querySelector('.ns-spinner')).not.toBeNull();
    expect(button.querySelector('svg')).toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    button.focus();
    expect(button).toHaveFocus();
  });

  it('ignores clicks when aria-disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button aria-disabled="true" onClick={onClick}>
        Later
      </Button>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('icon-only takes its name from aria-label and is square', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Button iconOnly aria-label="Refresh" icon={<Icon name="arrow-path" />} size="sm" />);
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(button).toHaveClass('ns-btn--icon', 'ns-btn--sm');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns in development about an icon-only button without a name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // @ts-expect-error an icon-only button must have aria-label or aria-labelledby
    render(<Button iconOnly icon={<Icon name="trash" />} />);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('icon-only <Button> needs aria-label'));
  });
});
