import { forwardRef, type HTMLAttributes } from 'react';
import { usePausedIfConnected } from '../../hooks/index.js';
import { cx } from '../class-names.js';

/** A `Spinner`'s announced name and pause, over the attributes of its `<span>`. */
export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement> {
  /** Accessible name announced by the status region; "Loading" by default. */
  label?: string;
  /** Stops the animation. Inside a `CardProvider` it also stops while the card is not visible. */
  paused?: boolean;
}

/** A small spinning ring (`role="status"`) that pauses while the card is off screen. */
export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner(
  { label = 'Loading', paused = false, className, ...rest },
  ref,
) {
  const hidden = usePausedIfConnected();
  return (
    <span
      ref={ref}
      role="status"
      aria-label={label}
      className={cx('ns-spinner', className)}
      data-ns-paused={paused || hidden ? '' : undefined}
      {...rest}
    />
  );
});
