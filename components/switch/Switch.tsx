import { forwardRef } from 'react';
import { ToggleInput } from '../toggle-input.js';
import type { ToggleInputProps } from '../toggle-input.js';

/** Props of `Switch`: `checked`/`defaultChecked`, `onCheckedChange`, `disabled`, and the label as children. */
export type SwitchProps = ToggleInputProps;

/** An on/off switch (`role="switch"`, `aria-checked`) toggled by click, Space or Enter. */
export const Switch = forwardRef<HTMLInputElement, SwitchProps>(function Switch(props, ref) {
  return <ToggleInput ref={ref} kind="switch" {...props} />;
});
