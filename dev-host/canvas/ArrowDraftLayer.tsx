// The arrow being drawn by dragging a tile's connector, over the tiles: a dashed line to the pointer and, when the
// pointer is over another tile, that tile outlined (releasing there adds the arrow).
import { useSyncExternalStore } from 'react';
import type { ReactElement } from 'react';
import type { ArrowDrag } from './arrow-drag.js';
import { ArrowHead } from './ArrowHead.js';

/** The draft of `drag`, drawn on the board; nothing when no arrow is being drawn. */
export function ArrowDraftLayer({ drag }: { drag: ArrowDrag }): ReactElement | null {
  const draft = useSyncExternalStore(drag.subscribe, drag.current);
  if (!draft) return null;
  const { start, end, target } = draft;
  return (
    <svg className="ns-canvas-draft" aria-hidden="true" data-arrow-draft={draft.from} data-arrow-target={target?.id}>
      <defs>
        <ArrowHead id="ns-canvas-draft-head" />
      </defs>
      {target && (
        <rect
          className="ns-canvas-draft__target"
          x={target.box.x}
          y={target.box.y}
          width={target.box.w}
          height={target.box.h}
          rx={12}
        />
      )}
      <line
        className="ns-canvas-draft__line"
        x1={start.x}
        y1={start.y}
        x2={end.x}
        y2={end.y}
        markerEnd="url(#ns-canvas-draft-head)"
      />
    </svg>
  );
}
