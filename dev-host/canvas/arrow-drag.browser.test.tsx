// Drawing an arrow by dragging a tile's connector, in Chromium: the canvas page with three notes (no card folders,
// so no dev server), the real pointer through Playwright, and the layout the page posts to the server.
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/ui.css';
import { CanvasApp } from './CanvasApp.js';
import type { CanvasDescription } from './canvas-page.js';

// The page takes only the built-in kinds from the layout file's module, whose node:fs a browser cannot load unbundled
// (the page's build shakes it out).
vi.mock('../../src/dev/canvas-file.js', () => ({
  BUILTIN_KINDS: ['note', 'todo', 'kanban', 'sticky', 'agent', 'terminal'],
}));

const canvas: CanvasDescription = {
  file: '/work/radar/neurosquad-canvas.json',
  token: 'secret',
  cards: [],
  // note-3 sits between the other two: an arrow from note-1 to note-2 has to go round it.
  builtins: [
    { builtin: 'note', id: 'note-1', x: 24, y: 120 },
    { builtin: 'note', id: 'note-3', x: 360, y: 100 },
    { builtin: 'note', id: 'note-2', x: 700, y: 120 },
  ],
  arrows: [],
  findings: [],
};

interface Posted {
  cards: unknown[];
  arrows: { from: string; to: string }[];
}

/** The page's fetch, answering every request with 204 (the layout writes the test reads back with `posted`). */
function stubFetch() {
  const fetcher = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetcher);
  return fetcher;
}

/** The layouts the page wrote, oldest first. */
function posted(fetcher: ReturnType<typeof stubFetch>): Posted[] {
  return fetcher.mock.calls
    .filter(([url]) => url.startsWith('/__dev/canvas?token=secret'))
    .map(([, init]) => JSON.parse(init?.body as string) as Posted);
}

const tile = (id: string) => screen.getByRole('region', { name: `Canvas card ${id}` });
const handle = (id: string) => document.querySelector<HTMLElement>(`[data-arrow-handle="${id}"]`)!;
const listed = () =>
  within(screen.getByRole('group', { name: 'Arrows' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s*✕$/, '').trim());

/** A synthetic pointer event at the centre of `element` (for the steps between a press and its release). */
function pointer(type: string, element: Element): PointerEvent {
  const box = element.getBoundingClientRect();
  return new PointerEvent(type, {
    pointerId: 1,
    button: 0,
    buttons: type === 'pointerup' ? 0 : 1,
    bubbles: true,
    clientX: box.left + box.width / 2,
    clientY: box.top + box.height / 2,
  });
}

beforeAll(async () => {
  await page.viewport(1300, 800);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('drawing an arrow by dragging a connector', () => {
  it('adds the arrow dropped on another tile, posts it, and draws it round the tile between', async () => {
    const fetcher = stubFetch();
    render(<CanvasApp canvas={canvas} />);
    const connector = handle('note-1');
    expect(connector).toHaveAttribute('aria-hidden', 'true');
    expect(connector).toHaveAttribute('title', 'Draw an arrow from note-1');
    // The keyboard's way stays: the tile's own arrow button.
    expect(within(tile('note-1')).getByRole('button', { name: 'Arrow from note-1' })).toBeVisible();

    await userEvent.dragAndDrop(connector, tile('note-2'));
    await waitFor(() => expect(listed()).toEqual(['note-1 → note-2']));
    // The same write the buttons make: the layout file gets the arrow.
    await waitFor(() => expect(posted(fetcher).at(-1)?.arrows).toEqual([{ from: 'note-1', to: 'note-2' }]));
    expect(document.querySelector('.ns-canvas-draft')).toBeNull();

    // Drawn round note-3 (kept off it), not under it.
    const arrow = await vi.waitUntil(() => document.querySelector<SVGPathElement>('path[data-arrow="note-1>note-2"]'));
    expect(arrow.getAttribute('d')).toContain('Q');
    const middle = tile('note-3').getBoundingClientRect();
    const layer = arrow.ownerSVGElement!.getBoundingClientRect();
    const length = arrow.getTotalLength();
    for (let at = 0; at <= length; at += 2) {
      const { x, y } = arrow.getPointAtLength(at);
      const [left, top] = [layer.left + x, layer.top + y];
      const under = left > middle.left && left < middle.right && top > middle.top && top < middle.bottom;
      expect(under, `point ${at} of ${length}`).toBe(false);
    }
  });

  it('adds nothing when dropped on its own tile, on the board, or after Escape', async () => {
    const fetcher = stubFetch();
    render(<CanvasApp canvas={canvas} />);
    const board = screen.getByLabelText('Canvas');

    await userEvent.dragAndDrop(handle('note-2'), tile('note-2'));
    await userEvent.dragAndDrop(handle('note-2'), board, { targetPosition: { x: 200, y: 560 } });

    // Escape while drawing: the draft follows the pointer and outlines the tile under it, then goes.
    const connector = handle('note-1');
    connector.dispatchEvent(pointer('pointerdown', connector));
    connector.dispatchEvent(pointer('pointermove', tile('note-2')));
    await waitFor(() =>
      expect(document.querySelector('.ns-canvas-draft')).toHaveAttribute('data-arrow-target', 'note-2'),
    );
    expect(document.querySelector('.ns-canvas-draft__line')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('.ns-canvas-draft')).toBeNull());
    connector.dispatchEvent(pointer('pointerup', tile('note-2')));

    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listed()).toEqual([]);
    expect(posted(fetcher)).toEqual([]);
  });
});
