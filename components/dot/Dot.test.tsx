import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dot } from './Dot.js';

describe('Dot', () => {
  it('is a muted dot by default and a tone modifier for the other tones', () => {
    const { container } = render(
      <>
        <Dot data-testid="plain" />
        {(['accent', 'success', 'warning', 'danger'] as const).map((tone) => (
          <Dot key={tone} tone={tone} label={tone} />
        ))}
      </>,
    );
    expect(screen.getByTestId('plain').className).toBe('ns-dot');
    for (const tone of ['accent', 'success', 'warning', 'danger']) {
      expect(screen.getByRole('img', { name: tone }).className).toBe(`ns-dot ns-dot--${tone}`);
    }
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(1);
  });

  it('forwards the ref, merges className and passes other props', () => {
    const ref = createRef<HTMLSpanElement>();
    render(<Dot ref={ref} tone="success" className="card__dot--live" title="Live" />);
    expect(ref.current).toHaveClass('ns-dot', 'ns-dot--success', 'card__dot--live');
    expect(ref.current).toHaveAttribute('title', 'Live');
  });
});
