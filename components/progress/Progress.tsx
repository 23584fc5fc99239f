import { forwardRef } from 'react';
import type { CSSProperties, HTMLAttributes } from 'react';
import { cx } from '../class-names.js';
import { warnInDev } from '../dev-warning.js';

/** The value, end and accessible name of a progress bar (no value: indeterminate). */
export interface ProgressProps extends HTMLAttributes<HTMLDivElement> {
  /** Progress from 0 to `max`; leave it out (or `null`) for an indeterminate bar. */
  value?: number | null;
  /** The value that means done; 100 by default. */
  max?: number;
  /** Accessible name (or pass `aria-labelledby`). */
  label?: string;
}

/** A thin progress bar (`role="progressbar"`), determinate or indeterminate. */
export const Progress = forwardRef<HTMLDivElement, ProgressProps>(function Progress(
  { value, max = 100, label, className, style, ...rest },
  ref,
) {
  if (!label && !rest['aria-labelledby']) warnInDev('<Progress> needs a label or aria-labelledby');
  const determinate = typeof value === 'number' && Number.isFinite(value) && max > 0;
  const clamped = determinate ? Math.min(max, Math.max(0, value)) : 0;
  // Only the fill variable is set inline; every colour and size stays in ui.css.
  const fill = determinate ? ({ '--ns-progress': `${(clamped / max) * 100}%`, ...style } as CSSProperties) : style;
  return (
    <div
      ref={ref}
      role="progressbar"
      aria-label={label}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? max : undefined}
      aria-valuenow={determinate ? clamped : undefined}
      className={cx('ns-progress', !determinate && 'ns-progress--indeterminate', className)}
      style={fill}
      {...rest}
    >
      <span />
    </div>
  );
});
