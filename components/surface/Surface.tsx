import { forwardRef } from 'react';
import type { HTMLAttributes } from 'react';
import { cx } from '../class-names.js';

/** Whether a `Surface` is recessed, over the attributes of its `<div>`. */
export interface SurfaceProps extends HTMLAttributes<HTMLDivElement> {
  /** A recessed panel: the secondary surface colour and no border. */
  inset?: boolean;
}

/** A bordered panel on the surface colour with 12px padding. */
export const Surface = forwardRef<HTMLDivElement, SurfaceProps>(function Surface({ inset, className, ...rest }, ref) {
  return <div ref={ref} className={cx('ns-surface', inset && 'ns-surface--inset', className)} {...rest} />;
});
