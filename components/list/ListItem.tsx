import { forwardRef } from 'react';
import type { HTMLAttributes, MouseEventHandler, Ref } from 'react';
import { cx } from '../class-names.js';

/** Props of `ListItem`. With `href` the row is a link, with `onClick` a button, otherwise plain content. */
export interface ListItemProps extends Omit<HTMLAttributes<HTMLElement>, 'onClick'> {
  /** Makes the row a link. */
  href?: string;
  /** Makes the row a button. */
  onClick?: MouseEventHandler<HTMLElement>;
  /** Highlights the row as the current one (`aria-current="true"`). */
  selected?: boolean;
  /** Disables a button row. */
  disabled?: boolean;
}

/** One row of a `List`; interactive rows are real buttons or links inside the list item. */
export const ListItem = forwardRef<HTMLElement, ListItemProps>(function ListItem(
  { href, onClick, selected, disabled, className, children, ...rest },
  ref,
) {
  const shared = {
    className: cx('ns-list-item', className),
    'aria-current': selected ? ('true' as const) : undefined,
    ...rest,
  };
  if (href !== undefined) {
    return (
      <li>
        <a ref={ref as Ref<HTMLAnchorElement>} href={href} onClick={onClick} {...shared}>
          {children}
        </a>
      </li>
    );
  }
  if (onClick) {
    return (
      <li>
        <button ref={ref as Ref<HTMLButtonElement>} type="button" disabled={disabled} onClick={onClick} {...shared}>
          {children}
        </button>
      </li>
    );
  }
  return (
    <li ref={ref as Ref<HTMLLIElement>} {...shared}>
      {children}
    </li>
  );
});
