import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Mono } from '../mono/Mono.js';
import { Muted } from '../muted/Muted.js';
import { Row } from '../row/Row.js';
import { Scroll } from '../scroll/Scroll.js';
import { Spread } from '../spread/Spread.js';
import { Stack } from './Stack.js';

describe('layout and text helpers', () => {
  it.each([
    [Stack, 'ns-stack', 'DIV'],
    [Row, 'ns-row', 'DIV'],
    [Spread, 'ns-spread', 'DIV'],
    [Scroll, 'ns-scroll', 'DIV'],
    [Muted, 'ns-muted', 'SPAN'],
    [Mono, 'ns-mono', 'SPAN'],
  ] as const)('%o renders its kit class, merges className and passes props and ref', (Component, kitClass, tag) => {
    const ref = createRef<HTMLElement>();
    render(
      <Component ref={ref as never} className="mine" data-testid="it" title="hint">
        text
      </Component>,
    );
    const element = screen.getByTestId('it');
    expect(element.tagName).toBe(tag);
    expect(element).toHaveClass(kitClass, 'mine');
    expect(element).toHaveAttribute('title', 'hint');
    expect(element).toHaveTextContent('text');
    expect(ref.current).toBe(element);
  });

  it('names the components for React devtools', () => {
    expect(Stack.displayName).toBe('Stack');
    expect(Mono.displayName).toBe('Mono');
  });
});
