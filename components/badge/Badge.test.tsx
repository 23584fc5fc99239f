import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_TONES } from '../../src/index.js';
import { Callout } from '../callout/Callout.js';
import { Dot } from '../dot/Dot.js';
import { Badge } from './Badge.js';

describe('Badge, Dot and Callout tones', () => {
  it.each(CARD_TONES)('renders the %s tone', (tone) => {
    render(
      <>
        <Badge tone={tone} data-testid="badge" className="mine">
          3
        </Badge>
        <Dot tone={tone} label={`${tone} state`} />
        <Callout tone={tone} role="note">
          Saved
        </Callout>
      </>,
    );
    const badge = screen.getByTestId('badge');
    expect(badge).toHaveClass('ns-badge', 'mine');
    expect(badge.classList.contains(`ns-badge--${tone}`)).toBe(tone !== 'default');
    const dot = screen.getByRole('img', { name: `${tone} state` });
    expect(dot).toHaveClass('ns-dot');
    expect(dot.classList.contains(`ns-dot--${tone}`)).toBe(tone !== 'default');
    const callout = screen.getByRole('note');
    expect(callout).toHaveClass('ns-callout');
    // The plain callout is the accent one; every other tone has its modifier.
    expect(callout.classList.contains(`ns-callout--${tone}`)).toBe(tone !== 'accent');
  });

  it('defaults: a neutral badge, a decorative muted dot, an accent callout', () => {
    render(
      <>
        <Badge>new</Badge>
        <Dot data-testid="dot" />
        <Callout>Heads up</Callout>
      </>,
    );
    expect(screen.getByText('new').className).toBe('ns-badge');
    expect(screen.getByTestId('dot')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('dot').className).toBe('ns-dot');
    expect(screen.getByText('Heads up').className).toBe('ns-callout');
  });
});
