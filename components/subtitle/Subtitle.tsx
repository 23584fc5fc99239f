import { forwardRef } from 'react';
import type { HTMLAttributes } from 'react';
import { cx } from '../class-names.js';
import type { HeadingTag } from '../title/Title.js';

/** The element a `Subtitle` renders as (paragraph or heading level), over its attributes. */
export interface SubtitleProps extends HTMLAttributes<HTMLElement> {
  /** The element to render: a paragraph by default, or a heading level when it names a section. */
  as?: 'p' | HeadingTag;
}

/** A small uppercase section label in the muted colour. */
export const Subtitle = forwardRef<HTMLElement, SubtitleProps>(function Subtitle(
  { as = 'p', className, ...rest },
  ref,
) {
  const Tag = as as 'p';
  return <Tag ref={ref as never} className={cx('ns-subtitle', className)} {...rest} />;
});
