import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/Button.js';
import { Icon } from '../icon/Icon.js';
import { Empty } from './Empty.js';

describe('Empty', () => {
  it('shows a decorative icon, a strong heading, the text and a working action', async () => {
    const onStart = vi.fn();
    render(
      <Empty
        data-testid="empty"
        className="mine"
        icon={<Icon name="inbox" />}
        heading="No runs yet"
        action={<Button onClick={onStart}>Start</Button>}
      >
        Runs appear here.
      </Empty>,
    );
    const empty = screen.getByTestId('empty');
    expect(empty).toHaveClass('ns-empty', 'mine');
    expect(screen.getByText('No runs yet').tagName).toBe('STRONG');
    expect(empty).toHaveTextContent('No runs yetRuns appear here.Start');
    expect(empty.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(onStart).toHaveBeenCalledOnce();
  });

  it('renders only the text when nothing else is given', () => {
    render(<Empty data-testid="empty">Nothing here.</Empty>);
    expect(screen.getByTestId('empty').children).toHaveLength(0);
    expect(screen.getByTestId('empty')).toHaveTextContent('Nothing here.');
  });
});
