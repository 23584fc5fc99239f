import { render, screen } from '@testing-library/react';
import { createElement, createRef } from 'react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import * as kit from './index.js';

type Case = [name: keyof typeof kit, props: Record<string, unknown>, tag: string, base: string];

// Every exported component with the least props it needs, the element its ref gets and its kit class.
const CASES: Case[] = [
  ['Kit', {}, 'DIV', 'ns-kit'],
  ['Stack', {}, 'DIV', 'ns-stack'],
  ['Row', {}, 'DIV', 'ns-row'],
  ['Spread', {}, 'DIV', 'ns-spread'],
  ['Scroll', {}, 'DIV', 'ns-scroll'],
  ['Surface', {}, 'DIV', 'ns-surface'],
  ['Title', { children: 'T' }, 'H2', 'ns-title'],
  ['Subtitle', {}, 'P', 'ns-subtitle'],
  ['Muted', {}, 'SPAN', 'ns-muted'],
  ['Mono', {}, 'SPAN', 'ns-mono'],
  ['Button', { children: 'Go' }, 'BUTTON', 'ns-btn'],
  ['Field', {}, 'DIV', 'ns-field'],
  ['Label', {}, 'LABEL', 'ns-label'],
  ['Input', { 'aria-label': 'x' }, 'INPUT', 'ns-input'],
  ['Textarea', { 'aria-label': 'x' }, 'TEXTAREA', 'ns-textarea'],
  ['Select', { 'aria-label': 'x' }, 'SELECT', 'ns-select'],
  ['List', {}, 'UL', 'ns-list'],
  ['ListItem', {}, 'LI', 'ns-list-item'],
  ['Badge', {}, 'SPAN', 'ns-badge'],
  ['Dot', {}, 'SPAN', 'ns-dot'],
  ['Spinner', {}, 'SPAN', 'ns-spinner'],
  ['Progress', { label: 'p' }, 'DIV', 'ns-progress'],
  ['Empty', {}, 'DIV', 'ns-empty'],
  ['Callout', {}, 'DIV', 'ns-callout'],
  ['Icon', { name: 'bolt' }, 'svg', 'ns-icon'],
];

describe('every kit component', () => {
  it('is covered by this table', () => {
    const components = Object.entries(kit).filter(
      ([name, value]) => /^[A-Z][a-z]/.test(name) && typeof value === 'object',
    );
    const covered = new Set<string>([...CASES.map(([name]) => name), 'Switch', 'Checkbox']);
    expect(components.map(([name]) => name).filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(CASES)(
    '%s forwards its ref, keeps its kit class with a merged className and passes other props',
    (name, props, tag, base) => {
      const ref = createRef<Element>();
      const Component = kit[name] as unknown as ComponentType<Record<string, unknown>>;
      render(createElement(Component, { ...props, ref, className: 'card-own', 'data-testid': 'it', title: 'hint' }));
      const element = screen.getByTestId('it');
      expect(ref.current).toBe(element);
      expect(element.tagName).toBe(tag);
      expect(element.getAttribute('class')!.split(' ')).toEqual(expect.arrayContaining([base, 'card-own']));
      expect(element.getAttribute('class')!.split(' ')[0]).toBe(base);
      expect(element).toHaveAttribute('title', 'hint');
    },
  );

  it.each([
    ['Switch', 'ns-switch'],
    ['Checkbox', 'ns-check'],
  ] as const)('%s puts the ref and other props on the input and className on its label', (name, base) => {
    const ref = createRef<HTMLInputElement>();
    const Component = kit[name];
    render(
      <Component ref={ref} className="card-own" data-testid="it" title="hint">
        Notify
      </Component>,
    );
    const input = screen.getByTestId('it');
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('title', 'hint');
    expect(input.closest('label')).toHaveClass(base, 'card-own');
  });
});
