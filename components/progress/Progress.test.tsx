import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Progress } from './Progress.js';

afterEach(() => vi.restoreAllMocks());

describe('Progress', () => {
  it('is a determinate progressbar with its value and range, filling to the share of max', () => {
    render(<Progress value={3} max={4} label="Tests run" className="mine" />);
    const bar = screen.getByRole('progressbar', { name: 'Tests run' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    expect(bar).toHaveClass('ns-progress', 'mine');
    expect(bar).not.toHaveClass('ns-progress--indeterminate');
    expect(bar.style.getPropertyValue('--ns-progress')).toBe('75%');
    expect(bar.querySelector('span')).not.toBeNull();
  });

  it('clamps values outside the range', () => {
    render(
      <>
        <Progress value={140} label="Over" />
        <Progress value={-5} label="Under" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Over' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Over' }).style.getPropertyValue('--ns-progress')).toBe('100%');
    expect(screen.getByRole('progressbar', { name: 'Under' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('is indeterminate without a value (or with NaN)', () => {
    render(
      <>
        <Progress label="Indexing" />
        <Progress value={Number.NaN} label="Unknown" />
      </>,
    );
    for (const name of ['Indexing', 'Unknown']) {
      const bar = screen.getByRole('progressbar', { name });
      expect(bar).not.toHaveAttribute('aria-valuenow');
      expect(bar).not.toHaveAttribute('aria-valuemax');
      expect(bar).toHaveClass('ns-progress', 'ns-progress--indeterminate');
      expect(bar.style.getPropertyValue('--ns-progress')).toBe('');
    }
  });

  it('can be named by aria-labelledby and warns in development without a name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <>
        <span id="what">Upload</span>
        <Progress value={10} aria-labelledby="what" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Upload' })).toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
    render(<Progress value={10} />);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('<Progress> needs a label'));
  });
});
