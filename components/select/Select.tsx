import { forwardRef } from 'react';
import type { SelectHTMLAttributes } from 'react';
import { cx } from '../class-names.js';
import { useFieldControl } from '../field/field-context.js';

/** The attributes of the themed `<select>`. */
export type SelectProps = SelectHTMLAttributes<HTMLSelectElement>;

/** A native select with the kit's chevron; pass `<option>` children. Inside a `Field` it takes its wiring. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(props, ref) {
  const { className, ...rest } = useFieldControl(props);
  return <select ref={ref} className={cx('ns-select', className)} {...rest} />;
});
