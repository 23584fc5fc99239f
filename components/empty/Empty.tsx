import { forwardRef } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../class-names.js';

/** The picture, headline and action of an empty state, over the attributes of its `<div>`. */
export interface EmptyProps extends HTMLAttributes<HTMLDivElement> {
  /** A decorative picture above the text, such as an `Icon`. */
  icon?: ReactNode;
  /** The headline, drawn strong in the text colour. */
  heading?: ReactNode;
  /** An action under the text, such as a `Button`. */
  action?: ReactNode;
}

/** The empty state of a list or panel: centred, muted, with an optional headline and action. */
export const Empty = forwardRef<HTMLDivElement, EmptyProps>(function Empty(
  { icon, heading, action, children, className, ...rest },
  ref,
) {
  return (
    <div ref={ref} className={cx('ns-empty', className)} {...rest}>
      {icon}
      {heading != null && <strong>{heading}</strong>}
      {children}
      {action}
    </div>
  );
});
