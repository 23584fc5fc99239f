// The arrows of the canvas drawn between the tiles: from the edge of one tile to the edge of the other.
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import type { CanvasArrow } from '../../src/dev/canvas-file.js';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where the line from the centre of `box` towards `toward` leaves the box. */
function edgePoint(box: Box, toward: { x: number; y: number }): { x: number; y: number } {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const dx = toward.x - cx;
  const dy = toward.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = Math.min(Math.abs(box.w / 2 / (dx || 1e-9)), Math.abs(box.h / 2 / (dy || 1e-9)));
  return { x: cx + dx * scale, y: cy + dy * scale };
}

function measure(board: HTMLElement): Record<string, Box> {
  const origin = board.getBoundingClientRect();
  const boxes: Record<string, Box> = {};
  for (const element of board.querySelectorAll<HTMLElement>('[data-canvas-card]')) {
    const rect = element.getBoundingClientRect();
    boxes[element.dataset.canvasCard ?? ''] = {
      x: rect.left - origin.left + board.scrollLeft,
      y: rect.top - origin.top + board.scrollTop,
      w: rect.width,
      h: rect.height,
    };
  }
  return boxes;
}

/** The SVG layer under the tiles; `version` changes when anything may have moved. */
export function ArrowLayer({ arrows, version }: { arrows: CanvasArrow[]; version: string }): ReactElement {
  const svg = useRef<SVGSVGElement>(null);
  const [boxes, setBoxes] = useState<Record<string, Box>>({});
  useLayoutEffect(() => {
    const board = svg.current?.parentElement;
    if (!board) return;
    const update = () =>
      setBoxes((current) => {
        const next = measure(board);
        return JSON.stringify(next) === JSON.stringify(current) ? current : next;
      });
    update();
    // Frames load and cards resize on their own: look again now and then.
    const timer = setInterval(update, 400);
    return () => clearInterval(timer);
  }, [version]);
  const size = Object.values(boxes).reduce(
    (max, box) => ({ w: Math.max(max.w, box.x + box.w + 40), h: Math.max(max.h, box.y + box.h + 40) }),
    { w: 0, h: 0 },
  );
  return (
    <svg ref={svg} className="ns-canvas-arrows-layer" width={size.w} height={size.h} aria-hidden="true">
      <defs>
        <marker
          id="ns-canvas-head"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="8"
          markerHeight="8"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" className="ns-canvas-arrow-head" />
        </marker>
      </defs>
      {arrows.map((arrow) => {
        const from = boxes[arrow.from];
        const to = boxes[arrow.to];
        if (!from || !to) return null;
        const start = edgePoint(from, { x: to.x + to.w / 2, y: to.y + to.h / 2 });
        const end = edgePoint(to, { x: from.x + from.w / 2, y: from.y + from.h / 2 });
        return (
          <line
            key={`${arrow.from}>${arrow.to}`}
            className="ns-canvas-arrow"
            x1={start.x}
            y1={start.y}
            x2={end.x}
            y2={end.y}
            markerEnd="url(#ns-canvas-head)"
          />
        );
      })}
    </svg>
  );
}
