import { forwardRef } from 'react';
import type { TextareaHTMLAttributes } from 'react';
import { cx } from '../class-names.js';
import { useFieldControl } from '../field/field-context.js';

/** The attributes of the themed `<textarea>`. */
export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A multi-line text input that resizes vertically; inside a `Field` it takes the field's wiring. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(props, ref) {
  const { className, ...rest } = useFieldControl(props);
  return <textarea ref={ref} className={cx('ns-textarea', className)} {...rest} />;
});
