import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardProvider } from '../../hooks/index.js';
import { createMockHost } from '../../src/testing/index.js';
import { Spinner } from './Spinner.js';

describe('Spinner', () => {
  it('is a status named "Loading" by default that runs unless paused', () => {
    render(
      <>
        <Spinner className="mine" data-testid="running" />
        <Spinner paused label="Waiting for the agent" />
      </>,
    );
    const running = screen.getByRole('status', { name: 'Loading' });
    expect(running).toHaveClass('ns-spinner', 'mine');
    expect(running).not.toHaveAttribute('data-ns-paused');
    expect(screen.getByRole('status', { name: 'Waiting for the agent' })).toHaveAttribute('data-ns-paused');
  });

  it('inside a CardProvider pauses while the card is not visible', async () => {
    const host = createMockHost();
    const card = await host.connect({ theme: false });
    render(
      <CardProvider card={card}>
        <Spinner />
      </CardProvider>,
    );
    const spinner = await screen.findByRole('status');
    expect(spinner).not.toHaveAttribute('data-ns-paused');
    await act(async () => {
      host.setVisibility('hidden');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(spinner).toHaveAttribute('data-ns-paused');
    await act(async () => {
      host.setVisibility('visible');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(spinner).not.toHaveAttribute('data-ns-paused');
  });
});
