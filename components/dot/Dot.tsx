import { forwardRef } from 'react';
import type { HTMLAttributes } from 'react';
import type { CardTone } from '../../src/index.js';
import { cx } from '../class-names.js';

/** A `Dot`'s tone and accessible name, over the attributes of its `<span>`. */
export interface DotProps extends HTMLAttributes<HTMLSpanElement> {
  /** Colour of the dot; `default` is muted, the other tones glow. */
  tone?: CardTone;
  /** Accessible name; without it the dot is decorative. */
  label?: string;
}

/** An 8px status dot. */
export const Dot = forwardRef<HTMLSpanElement, DotProps>(function Dot(
  { tone = 'default', label, className, ...rest },
  ref,
) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <span ref={ref} className={cx('ns-dot', tone !== 'default' && `ns-dot--${tone}`, className)} {...a11y} {...rest} />
  );
});
