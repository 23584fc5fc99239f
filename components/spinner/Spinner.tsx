import { forwardRef, useContext, useSyncExternalStore } from 'react';
import type { HTMLAttributes } from 'react';
import { CardRuntimeContext } from '../../hooks/card-runtime-context.js';
import { cx } from '../class-names.js';

/** Props of `Spinner`. */
export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement> {
  /** Accessible name announced by the status region; "Loading" by default. */
  label?: string;
  /** Stops the animation. Inside a `CardProvider` it also stops while the card is not visible. */
  paused?: boolean;
}

const noSubscription = () => () => {};

/** A small spinning ring (`role="status"`) that pauses while the card is off screen. */
export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner(
  { label = 'Loading', paused = false, className, ...rest },
  ref,
) {
  // Same rule as usePaused(), without requiring a provider so the kit also works in plain pages.
  const store = useContext(CardRuntimeContext)?.contextStore;
  const hidden = useSyncExternalStore(
    store ? store.subscribe : noSubscription,
    () => (store ? store.getState().visibility !== 'visible' : false),
    () => false,
  );
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
