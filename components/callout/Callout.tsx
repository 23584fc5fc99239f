import { forwardRef } from 'react';
import type { HTMLAttributes } from 'react';
import type { CardTone } from '../../src/index.js';
import { cx } from '../class-names.js';

/** A `Callout`'s tone, over the attributes of its `<div>`. */
export interface CalloutProps extends HTMLAttributes<HTMLDivElement> {
  /** Colour of the note; `accent` by default. Pass `role="alert"` for a message that must be announced. */
  tone?: CardTone;
}

/** A short note on a soft tone background. */
export const Callout = forwardRef<HTMLDivElement, CalloutProps>(function Callout(
  { tone = 'accent', className, ...rest },
  ref,
) {
  return (
    <div ref={ref} className={cx('ns-callout', tone !== 'accent' && `ns-callout--${tone}`, className)} {...rest} />
  );
});
