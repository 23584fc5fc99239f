import { forwardRef } from 'react';
import type { SVGAttributes } from 'react';
import type { CardIcon } from '../../src/index.js';
import { cx } from '../class-names.js';
import { ICON_PATHS } from './icon-paths.js';

/** Which icon, how large and its accessible name, over the `<svg>` attributes. */
export interface IconProps extends Omit<SVGAttributes<SVGSVGElement>, 'name'> {
  /** One of the icon names that `setOverview` and menu items accept. */
  name: CardIcon;
  /** Width and height in pixels (CSS on `.ns-icon` wins); 16 by default. */
  size?: number;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
}

/** An outline icon drawn in the current text colour. */
export const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
  { name, size = 16, label, className, ...rest },
  ref,
) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      ref={ref}
      className={cx('ns-icon', className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-icon={name}
      {...a11y}
      {...rest}
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
});
