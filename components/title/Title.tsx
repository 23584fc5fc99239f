import { forwardRef } from 'react';
import type { HTMLAttributes } from 'react';
import { cx } from '../class-names.js';

/** Heading levels a `Title` or `Subtitle` can render. */
export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** The heading level a `Title` renders, over the attributes of its heading. */
export interface TitleProps extends HTMLAttributes<HTMLHeadingElement> {
  /** The heading element to render; `h2` by default. */
  as?: HeadingTag;
}

/** The card's main heading: 15px, semibold. */
export const Title = forwardRef<HTMLHeadingElement, TitleProps>(function Title(
  { as: Tag = 'h2', className, ...rest },
  ref,
) {
  return <Tag ref={ref} className={cx('ns-title', className)} {...rest} />;
});
