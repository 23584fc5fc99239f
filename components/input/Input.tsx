import { forwardRef } from 'react';
import type { InputHTMLAttributes } from 'react';
import { cx } from '../class-names.js';
import { useFieldControl } from '../field/field-context.js';

/** The attributes of the themed `<input>`. */
export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A text input; inside a `Field` it takes the field's id, description and error state. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(props, ref) {
  const { className, ...rest } = useFieldControl(props);
  return <input ref={ref} className={cx('ns-input', className)} {...rest} />;
});
