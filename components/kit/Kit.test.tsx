import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, LIGHT_THEME } from '../../src/index.js';
import { Subtitle } from '../subtitle/Subtitle.js';
import { Surface } from '../surface/Surface.js';
import { Title } from '../title/Title.js';
import { Kit } from './Kit.js';

describe('Kit', () => {
  it('is the ns-kit root and leaves the theme to the document by default', () => {
    render(<Kit data-testid="kit" className="app" />);
    const kit = screen.getByTestId('kit');
    expect(kit).toHaveClass('ns-kit', 'app');
    expect(kit).not.toHaveAttribute('data-ns-scheme');
    expect(kit.getAttribute('style')).toBeNull();
  });

  it('applies a given theme to its subtree as --ns-* variables and a scheme', () => {
    render(<Kit data-testid="kit" theme={LIGHT_THEME} style={{ padding: 4 }} />);
    const kit = screen.getByTestId('kit');
    expect(kit).toHaveAttribute('data-ns-scheme', 'light');
    expect(kit.style.getPropertyValue('--ns-background')).toBe(LIGHT_THEME.tokens.background);
    expect(kit.style.getPropertyValue('--ns-accent-soft')).toBe(LIGHT_THEME.tokens['accent-soft']);
    expect(kit.style.getPropertyValue('--ns-font-mono')).toBe(LIGHT_THEME.fontMono);
    expect(kit.style.colorScheme).toBe('light');
    expect(kit.style.padding).toBe('4px');
  });

  it('adds no padding unless asked: padded insets the content with ns-kit--padded', () => {
    render(
      <>
        <Kit data-testid="plain" />
        <Kit data-testid="padded" padded className="app" />
      </>,
    );
    expect(screen.getByTestId('plain')).not.toHaveClass('ns-kit--padded');
    expect(screen.getByTestId('padded')).toHaveClass('ns-kit', 'ns-kit--padded', 'app');
  });

  it('sets every token of the default theme', () => {
    render(<Kit data-testid="kit" theme={DEFAULT_THEME} />);
    const kit = screen.getByTestId('kit');
    for (const [token, value] of Object.entries(DEFAULT_THEME.tokens)) {
      expect(kit.style.getPropertyValue(`--ns-${token}`)).toBe(value);
    }
  });
});

describe('Surface, Title and Subtitle', () => {
  it('render their classes and levels', () => {
    render(
      <>
        <Surface data-testid="plain" />
        <Surface data-testid="inset" inset className="x" />
        <Title>Runs</Title>
        <Title as="h1">Page</Title>
        <Subtitle>Recent</Subtitle>
        <Subtitle as="h3">Section</Subtitle>
      </>,
    );
    expect(screen.getByTestId('plain').className).toBe('ns-surface');
    expect(screen.getByTestId('inset')).toHaveClass('ns-surface', 'ns-surface--inset', 'x');
    expect(screen.getByRole('heading', { level: 2, name: 'Runs' })).toHaveClass('ns-title');
    expect(screen.getByRole('heading', { level: 1, name: 'Page' })).toHaveClass('ns-title');
    expect(screen.getByText('Recent').tagName).toBe('P');
    expect(screen.getByRole('heading', { level: 3, name: 'Section' })).toHaveClass('ns-subtitle');
  });
});
