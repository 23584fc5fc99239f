import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockChrome } from '../../src/testing/index.js';
import { CardFrame } from './CardFrame.js';
import { emptyChrome } from '../../src/testing/chrome.js';

const chrome: MockChrome = { ...emptyChrome(), title: { title: 'Resizable' } };

describe('CardFrame in a browser', () => {
  it('reports a size the user drags the content box to, and not the size it was given', async () => {
    const onResize = vi.fn();
    render(
      <CardFrame chrome={chrome} size={{ w: 300, h: 180 }} onMenu={() => {}} onResize={onResize}>
        <div data-testid="content" />
      </CardFrame>,
    );
    const box = screen.getByTestId('content').parentElement as HTMLElement;
    expect(getComputedStyle(box).resize).toBe('both');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onResize).not.toHaveBeenCalled();
    // What dragging the corner does: the browser writes the new size into the box's style.
    box.style.width = '360px';
    box.style.height = '240px';
    await waitFor(() => expect(onResize).toHaveBeenLastCalledWith({ w: 360, h: 240 }));
  });
});
