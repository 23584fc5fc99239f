// Drawing an arrow of the canvas by dragging, outside React: the pointer pressed on a tile's connector is captured
// by the connector (so its moves keep coming while it crosses the cards' frames), a draft follows it, and released
// over another tile the arrow is added; released on the board, on the same tile, or after Escape, nothing is added.
import type { Box, Point } from './arrow-route.js';

/** The arrow being drawn: the tile it starts from, where it starts and ends on the board, the tile it would join. */
interface ArrowDraft {
  from: string;
  start: Point;
  end: Point;
  target: { id: string; box: Box } | null;
}

/** The drag of one canvas page: started by a connector, watched by the draft layer. */
export interface ArrowDrag {
  /** Starts drawing from tile `from`: `event` is the pointer down on its connector `handle`. */
  begin: (from: string, handle: HTMLElement, event: PointerEvent) => void;
  /** The draft now, or null when no arrow is being drawn. */
  current: () => ArrowDraft | null;
  /** Calls `listener` on every change of the draft; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** Drops the draft being drawn, if any. */
  cancel: () => void;
}

/** Builds a canvas page's drag (board `[data-canvas-board]`, tiles `[data-canvas-card]`); `add` adds the arrow. */
export function createArrowDrag(add: (from: string, to: string) => void): ArrowDrag {
  let draft: ArrowDraft | null = null;
  let stop: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const show = (next: ArrowDraft | null): void => {
    draft = next;
    for (const listener of listeners) listener();
  };

  const begin = (from: string, handle: HTMLElement, event: PointerEvent): void => {
    const area = handle.closest<HTMLElement>('[data-canvas-board]');
    if (!area || event.button !== 0) return;
    stop?.();
    event.stopPropagation();
    /** A viewport point in the board's coordinates (those of its scrolled content). */
    const onBoard = (x: number, y: number): Point => {
      const origin = area.getBoundingClientRect();
      return { x: x - origin.left + area.scrollLeft, y: y - origin.top + area.scrollTop };
    };
    /** The other tile under a viewport point, with its box on the board. */
    const targetAt = (x: number, y: number): ArrowDraft['target'] => {
      const tile = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-canvas-card]');
      const id = tile?.dataset.canvasCard;
      if (!tile || !id || id === from || !area.contains(tile)) return null;
      const rect = tile.getBoundingClientRect();
      return { id, box: { ...onBoard(rect.left, rect.top), w: rect.width, h: rect.height } };
    };
    const own = handle.getBoundingClientRect();
    const start = onBoard(own.left + own.width / 2, own.top + own.height / 2);

    const move = (next: PointerEvent): void =>
      show({ from, start, end: onBoard(next.clientX, next.clientY), target: targetAt(next.clientX, next.clientY) });
    const up = (next: PointerEvent): void => {
      const target = targetAt(next.clientX, next.clientY);
      finish();
      if (target) add(from, target.id);
    };
    const key = (next: KeyboardEvent): void => {
      if (next.key !== 'Escape') return;
      next.preventDefault();
      next.stopPropagation();
      finish();
    };
    const finish = (): void => {
      delete area.dataset.pointerHeld;
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', finish);
      handle.removeEventListener('lostpointercapture', finish);
      window.removeEventListener('keydown', key, true);
      if (handle.hasPointerCapture(event.pointerId)) handle.releasePointerCapture(event.pointerId);
      stop = null;
      show(null);
    };
    stop = finish;
    // Chromium sends a captured pointer's moves over a card's frame to the frame, not to the capturing connector:
    // the frames let the pointer through while it is held (canvas.css).
    area.dataset.pointerHeld = '';
    handle.setPointerCapture(event.pointerId);
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', finish);
    handle.addEventListener('lostpointercapture', finish);
    window.addEventListener('keydown', key, true);
    show({ from, start, end: onBoard(event.clientX, event.clientY), target: null });
  };

  return {
    begin,
    current: () => draft,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cancel: () => stop?.(),
  };
}
