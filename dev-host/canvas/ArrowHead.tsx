// The arrowhead the canvas draws at the end of an arrow, for the drawn arrows and the one being drawn.
import type { ReactElement } from 'react';

/** The arrowhead marker (`id`) that an arrow's `markerEnd` points at, for the drawn arrows and the draft. */
export function ArrowHead({ id }: { id: string }): ReactElement {
  return (
    <marker id={id} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto">
      <path d="M0,0 L10,5 L0,10 z" className="ns-canvas-arrow-head" />
    </marker>
  );
}
