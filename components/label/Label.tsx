import { forwardRef, useContext } from 'react';
import type { LabelHTMLAttributes } from 'react';
import { cx } from '../class-names.js';
import { FieldContext } from '../field/field-context.js';

/** The attributes of the themed `<label>` (`htmlFor` is filled inside a `Field`). */
export type LabelProps = LabelHTMLAttributes<HTMLLabelElement>;

/** A field label; inside a `Field` it points at the field's control. */
export const Label = forwardRef<HTMLLabelElement, LabelProps>(function Label({ htmlFor, className, ...rest }, ref) {
  const field = useContext(FieldContext);
  return <label ref={ref} htmlFor={htmlFor ?? field?.controlId} className={cx('ns-label', className)} {...rest} />;
});
