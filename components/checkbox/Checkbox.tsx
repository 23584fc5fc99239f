import { forwardRef } from 'react';
import { ToggleInput } from '../toggle-input.js';
import type { ToggleInputProps } from '../toggle-input.js';

/** Props of `Checkbox`: `checked`/`defaultChecked`, `onCheckedChange`, `disabled`, and the label as children. */
export type CheckboxProps = ToggleInputProps;

/** A native checkbox with its label, in the accent colour. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(props, ref) {
  return <ToggleInput ref={ref} kind="check" {...props} />;
});
