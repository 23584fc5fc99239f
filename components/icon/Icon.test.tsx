import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { CARD_ICONS } from '../../src/index.js';
import { Icon } from './Icon.js';
import { ICON_PATHS } from './icon-paths.js';

describe('Icon', () => {
  it('has path data for exactly the icon names the host accepts', () => {
    expect(Object.keys(ICON_PATHS).sort()).toEqual([...CARD_ICONS].sort());
    for (const name of CARD_ICONS) expect(ICON_PATHS[name]).toMatch(/^[Mm][\d.\s,-]/);
  });

  it.each(CARD_ICONS)('draws %s', (name) => {
    render(<Icon name={name} data-testid="icon" />);
    const svg = screen.getByTestId('icon');
    expect(svg.querySelector('path')).toHaveAttribute('d', ICON_PATHS[name]);
    expect(svg).toHaveAttribute('data-icon', name);
  });

  it('is decorative by default, 16px, in the current colour, with className merged', () => {
    const ref = createRef<SVGSVGElement>();
    render(<Icon ref={ref} name="bolt" className="mine" data-testid="icon" />);
    const svg = screen.getByTestId('icon');
    expect(ref.current).toBe(svg);
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '16');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
    expect(svg).toHaveClass('ns-icon', 'mine');
    expect(svg).not.toHaveAttribute('style');
  });

  it('is a named image with a label, at a given size', () => {
    render(<Icon name="rocket-launch" label="Deploy" size={24} />);
    const svg = screen.getByRole('img', { name: 'Deploy' });
    expect(svg).toHaveAttribute('height', '24');
    expect(svg).not.toHaveAttribute('aria-hidden');
  });
});
