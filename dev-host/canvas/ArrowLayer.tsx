// The arrows of the canvas drawn between the tiles: from the edge of one tile to the edge of the other, round the
// other tiles when one sits across the straight line (dev-host/canvas/arrow-route.ts).
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import type { CanvasArrow } from '../../src/dev/canvas-file.js';
import { ArrowHead } from './ArrowHead.js';
import { roundedPath, routeArrow, type Box } from './arrow-route.js';

/** Every tile's box on the board (in the coordinates of its scrolled content), by id. */
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
  const paths = useMemo(
    () =>
      arrows.flatMap((arrow) => {
        const from = boxes[arrow.from];
        const to = boxes[arrow.to];
        if (!from || !to) return [];
        const others = Object.entries(boxes)
          .filter(([id]) => id !== arrow.from && id !== arrow.to)
          .map(([, box]) => box);
        return [{ key: `${arrow.from}>${arrow.to}`, d: roundedPath(routeArrow(from, to, others).points) }];
      }),
    [arrows, boxes],
  );
  const size = Object.values(boxes).reduce(
    (max, box) => ({ w: Math.max(max.w, box.x + box.w + 40), h: Math.max(max.h, box.y + box.h + 40) }),
    { w: 0, h: 0 },
  );
  return (
    <svg ref={svg} className="ns-canvas-arrows-layer" width={size.w} height={size.h} aria-hidden="true">
      <defs>
        <ArrowHead id="ns-canvas-head" />
      </defs>
      {paths.map(({ key, d }) => (
        <path key={key} className="ns-canvas-arrow" data-arrow={key} d={d} markerEnd="url(#ns-canvas-head)" />
      ))}
    </svg>
  );
}
