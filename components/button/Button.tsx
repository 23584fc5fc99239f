import { forwardRef } from 'react';
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { cx } from '../class-names.js';
import { warnInDev } from '../dev-warning.js';

/** How a button is drawn, from the plain default to the accent `primary` and the destructive `danger`. */
export type ButtonVariant = 'default' | 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
/** Button heights: 26, 32 and 40px. */
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonOwnProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The look; `default` is the neutral button. */
  variant?: ButtonVariant;
  /** The height; `md` (32px) by default. */
  size?: ButtonSize;
  /** Something drawn before the text, such as an `Icon`. */
  icon?: ReactNode;
  /** Shows a spinner, sets `aria-busy` and ignores clicks while work is running; the button keeps focus. */
  loading?: boolean;
}

/** Props of `Button`. A square icon-only button must be named with `aria-label` or `aria-labelledby`. */
export type ButtonProps = ButtonOwnProps &
  (
    | {
        /** A square button showing only `icon`; it then needs `aria-label` or `aria-labelledby`. */
        iconOnly?: false;
      }
    | {
        /** A square button showing only `icon`; it then needs `aria-label` or `aria-labelledby`. */
        iconOnly: true;
        /** The accessible name of the icon-only button. */
        'aria-label': string;
      }
    | {
        /** A square button showing only `icon`; it then needs `aria-label` or `aria-labelledby`. */
        iconOnly: true;
        /** The id of the element that names the icon-only button. */
        'aria-labelledby': string;
      }
  );

/** A button in the kit's variants and sizes; `type="button"` unless told otherwise (cards have no forms). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  const {
    variant = 'default',
    size = 'md',
    icon,
    loading = false,
    iconOnly = false,
    className,
    children,
    onClick,
    ...rest
  } = props as ButtonOwnProps & { iconOnly?: boolean };
  if (iconOnly && !rest['aria-label'] && !rest['aria-labelledby']) {
    warnInDev('an icon-only <Button> needs aria-label or aria-labelledby');
  }
  const blocked = loading || rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      ref={ref}
      type="button"
      className={cx(
        'ns-btn',
        variant !== 'default' && `ns-btn--${variant}`,
        size !== 'md' && `ns-btn--${size}`,
        iconOnly && 'ns-btn--icon',
        className,
      )}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={click}
      {...rest}
    >
      {loading ? <span className="ns-spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
});
