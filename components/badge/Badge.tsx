import { forwardRef } from 'react';
import type { HTMLAttributes } from 'react';
import type { CardTone } from '../../src/index.js';
import { cx } from '../class-names.js';

/** A `Badge`'s tone, over the attributes of its `<span>`. */
export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Colour of the pill; `default` is neutral. */
  tone?: CardTone;
}

/** A small pill for counts and states. */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { tone = 'default', className, ...rest },
  ref,
) {
  return <span ref={ref} className={cx('ns-badge', tone !== 'default' && `ns-badge--${tone}`, className)} {...rest} />;
});
